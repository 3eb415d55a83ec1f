import type { Kysely } from "kysely";
import type { Database } from "../../db/schema";

export interface CacheEntry {
  payload: string;
  fetched_at: string;
}

export function readCache(db: Kysely<Database>, key: string): Promise<CacheEntry | undefined> {
  return db
    .selectFrom("weather_cache")
    .select(["payload", "fetched_at"])
    .where("key", "=", key)
    .executeTakeFirst();
}

export async function writeCache(
  db: Kysely<Database>,
  entry: { key: string; userId: string; payload: string; fetchedAt: string },
): Promise<void> {
  const values = { payload: entry.payload, fetched_at: entry.fetchedAt };
  await db
    .insertInto("weather_cache")
    .values({ key: entry.key, user_id: entry.userId, ...values })
    .onConflict((oc) => oc.column("key").doUpdateSet(values))
    .execute();
}

export async function clearUserCache(db: Kysely<Database>, userId: string): Promise<void> {
  await db.deleteFrom("weather_cache").where("user_id", "=", userId).execute();
}

/** The location and ZIP the gardener saved in their profile. */
export function storedLocation(db: Kysely<Database>, userId: string) {
  return db
    .selectFrom("profile")
    .select(["location", "zip"])
    .where("user_id", "=", userId)
    .executeTakeFirst();
}

/** The newest cached forecast of the user fetched at or after `since`, if any. */
export function latestForecastRow(db: Kysely<Database>, userId: string, since: string) {
  return db
    .selectFrom("weather_cache")
    .select(["payload", "fetched_at"])
    .where("user_id", "=", userId)
    .where("key", "like", "weather:%")
    .where("fetched_at", ">=", since)
    .orderBy("fetched_at", "desc")
    .limit(1)
    .executeTakeFirst();
}
