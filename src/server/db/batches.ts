import type { Insertable, Kysely } from "kysely";
import type { Database } from "./schema";

type Db = Kysely<Database>;

/** Ids per statement: well under SQLite's and PostgreSQL's bind-parameter limits. */
const BATCH = 400;
/** Rows per INSERT: a row binds up to about thirty values, so fewer rows than ids. */
const INSERT_BATCH = BATCH / 4;

export function chunks<T>(items: readonly T[], size = BATCH): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/** Tables whose rows carry their gardener in `user_id`. */
type UserTable = {
  [T in keyof Database]: Database[T] extends { id: unknown; user_id: unknown } ? T : never;
}[keyof Database];

/**
 * Who has each of these ids in the table (ids nobody has are absent). For the table's owning
 * repository: it names its own table.
 */
export async function ownersOf(
  db: Db,
  table: UserTable,
  ids: readonly string[],
): Promise<Map<string, string>> {
  const owners = new Map<string, string>();
  for (const batch of chunks([...new Set(ids)])) {
    // biome-ignore lint/suspicious/noExplicitAny: Kysely cannot type a table picked at run time
    const rows: { id: string; user_id: string }[] = await (db as Kysely<any>)
      .selectFrom(table)
      .select(["id", "user_id"])
      .where("id", "in", batch)
      .execute();
    for (const row of rows) owners.set(row.id, row.user_id);
  }
  return owners;
}

/** Many rows into the table, a batch per statement. For the table's owning repository. */
export async function insertRows<T extends keyof Database>(
  db: Db,
  table: T,
  rows: readonly Insertable<Database[T]>[],
): Promise<void> {
  // Each batch's rows all have the same columns (their mapping builds them alike).
  for (const batch of chunks(rows, INSERT_BATCH)) {
    // biome-ignore lint/suspicious/noExplicitAny: Kysely cannot type a table picked at run time
    await (db as Kysely<any>).insertInto(table).values(batch).execute();
  }
}
