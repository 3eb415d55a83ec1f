import { sql } from "kysely";
import type { DatabaseHandle } from "../../src/server/db/connection";

/**
 * The tables of this test's database and their columns, by name. Not Kysely's introspection:
 * on PostgreSQL it reads every schema of the database, where only the current one is the app's.
 */
export async function tablesOf({ db, dialect }: DatabaseHandle): Promise<Map<string, string[]>> {
  const rows =
    dialect === "postgres"
      ? await sql<{ table_name: string; column_name: string }>`
          select c.relname as table_name, a.attname as column_name
          from pg_catalog.pg_class c
          join pg_catalog.pg_namespace n on n.oid = c.relnamespace
          join pg_catalog.pg_attribute a on a.attrelid = c.oid
          where n.nspname = current_schema() and c.relkind in ('r', 'p')
            and a.attnum > 0 and not a.attisdropped
          order by c.relname, a.attnum`.execute(db)
      : await sql<{ table_name: string; column_name: string }>`
          select m.name as table_name, p.name as column_name
          from sqlite_master m join pragma_table_info(m.name) p
          where m.type = 'table' and m.name not like 'sqlite_%'
          order by m.name, p.cid`.execute(db);
  const tables = new Map<string, string[]>();
  for (const { table_name, column_name } of rows.rows) {
    const columns = tables.get(table_name);
    if (columns) columns.push(column_name);
    else tables.set(table_name, [column_name]);
  }
  return tables;
}
