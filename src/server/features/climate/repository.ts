import type { Kysely } from "kysely";
import type { Database } from "../../db/schema";

export interface StoredClimate {
  payload: string;
  computed_at: string;
}

export function readClimate(db: Kysely<Database>, key: string): Promise<StoredClimate | undefined> {
  return db
    .selectFrom("climate_profiles")
    .select(["payload", "computed_at"])
    .where("key", "=", key)
    .executeTakeFirst();
}

export async function writeClimate(
  db: Kysely<Database>,
  entry: { key: string; payload: string; computedAt: string },
): Promise<void> {
  const values = { payload: entry.payload, computed_at: entry.computedAt };
  await db
    .insertInto("climate_profiles")
    .values({ key: entry.key, ...values })
    .onConflict((oc) => oc.column("key").doUpdateSet(values))
    .execute();
}
