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

const shownKey = (userId: string) => `shown:${userId}`;

/**
 * Remembers which cached forecast the gardener was last shown (fetched or served from the cache),
 * so a new plant is planned with the weather of the place on screen.
 */
export async function markShown(
  db: Kysely<Database>,
  userId: string,
  weatherKey: string,
  at: string,
): Promise<void> {
  await writeCache(db, { key: shownKey(userId), userId, payload: weatherKey, fetchedAt: at });
}

/** The forecast the gardener was last shown, if it was fetched at or after `since`. */
export async function shownForecastRow(
  db: Kysely<Database>,
  userId: string,
  since: string,
): Promise<CacheEntry | undefined> {
  const shown = await readCache(db, shownKey(userId));
  if (!shown) return undefined;
  const row = await readCache(db, shown.payload);
  return row && row.fetched_at >= since ? row : undefined;
}
