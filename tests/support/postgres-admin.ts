import pg from "pg";

/** Runs `use` on a connection of its own to `url` (CREATE, DROP and ALTER DATABASE need one). */
export async function withConnection<T>(url: string, use: (client: pg.Client) => Promise<T>) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await use(client);
  } finally {
    await client.end();
  }
}

/** Runs statements one after the other on a connection of their own. */
export function runAsAdmin(url: string, ...statements: string[]): Promise<pg.QueryResult[]> {
  return withConnection(url, async (client) => {
    const results: pg.QueryResult[] = [];
    for (const statement of statements) results.push(await client.query(statement));
    return results;
  });
}

/** `text` as the start of a LIKE pattern: its underscores are meant literally. */
export const likePrefix = (text: string) => `${text.replaceAll("_", "\\_")}%`;

/**
 * One value for the shape of the public schema (every table's and index's columns and types):
 * a database whose value differs from the template's was changed by its test.
 */
export const SCHEMA_FINGERPRINT = `
  select md5(coalesce(string_agg(part, ',' order by part), '')) as fingerprint from (
    select format('%s.%s:%s', c.relname, a.attname, format_type(a.atttypid, a.atttypmod)) as part
    from pg_catalog.pg_class c
    join pg_catalog.pg_namespace n on n.oid = c.relnamespace
    join pg_catalog.pg_attribute a on a.attrelid = c.oid
    where n.nspname = 'public' and a.attnum > 0 and not a.attisdropped
  ) parts`;
