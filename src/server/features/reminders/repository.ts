import type { Kysely } from "kysely";
import type { Database } from "../../db/schema";
import type { PushTarget } from "../../providers/push/push-sender";

type Db = Kysely<Database>;

/**
 * Saves a browser's subscription for the user. A browser has one endpoint per app, so an endpoint
 * already saved (for this gardener, or for whoever used this browser before) now belongs to them,
 * with the browser's current keys.
 */
export async function upsertSubscription(
  db: Db,
  userId: string,
  target: PushTarget,
  now: string,
): Promise<void> {
  await db
    .insertInto("push_subscriptions")
    .values({ ...target, user_id: userId, created_at: now, updated_at: now })
    .onConflict((oc) =>
      oc.column("endpoint").doUpdateSet({
        user_id: userId,
        p256dh: target.p256dh,
        auth: target.auth,
        updated_at: now,
      }),
    )
    .execute();
}

/** Removes the user's own subscription with that endpoint; false when they have none. */
export async function deleteSubscription(db: Db, userId: string, endpoint: string) {
  const result = await db
    .deleteFrom("push_subscriptions")
    .where("user_id", "=", userId)
    .where("endpoint", "=", endpoint)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** The push service said the subscription is gone: forget it (unless it was renewed meanwhile). */
export async function deleteGoneSubscription(db: Db, target: PushTarget) {
  await db
    .deleteFrom("push_subscriptions")
    .where("endpoint", "=", target.endpoint)
    .where("p256dh", "=", target.p256dh)
    .execute();
}

export function subscriptionsOf(db: Db, userId: string): Promise<PushTarget[]> {
  return db
    .selectFrom("push_subscriptions")
    .select(["endpoint", "p256dh", "auth"])
    .where("user_id", "=", userId)
    .orderBy("created_at")
    .execute();
}

/** "userId\0localDate" of every reminder sent on or after `fromDate`. */
export async function sentSince(db: Db, fromDate: string): Promise<Set<string>> {
  const rows = await db
    .selectFrom("reminder_sends")
    .select(["user_id", "local_date"])
    .where("local_date", ">=", fromDate)
    .execute();
  return new Set(rows.map((row) => `${row.user_id}\u0000${row.local_date}`));
}

/**
 * Claims the user's reminder for that local date. The primary key lets exactly one instance's
 * insert through, however many try at once; only that instance sends.
 */
export async function claimReminder(db: Db, userId: string, localDate: string, now: string) {
  const result = await db
    .insertInto("reminder_sends")
    .values({ user_id: userId, local_date: localDate, sent_at: now })
    .onConflict((oc) => oc.columns(["user_id", "local_date"]).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

/** Old claims are only ever compared with today's: keep a week. */
export async function pruneReminderSends(db: Db, beforeDate: string) {
  await db.deleteFrom("reminder_sends").where("local_date", "<", beforeDate).execute();
}

/** The server's key pair, or whichever one another instance stored first. */
export async function storedSetting(db: Db, key: string, candidate: string): Promise<string> {
  const existing = await db
    .selectFrom("app_settings")
    .select("value")
    .where("key", "=", key)
    .executeTakeFirst();
  if (existing) return existing.value;
  await db
    .insertInto("app_settings")
    .values({ key, value: candidate, created_at: new Date().toISOString() })
    .onConflict((oc) => oc.column("key").doNothing())
    .execute();
  const stored = await db
    .selectFrom("app_settings")
    .select("value")
    .where("key", "=", key)
    .executeTakeFirstOrThrow();
  return stored.value;
}

/** Users with at least one push subscription. */
export async function subscriberIds(db: Db): Promise<string[]> {
  const rows = await db.selectFrom("push_subscriptions").select("user_id").distinct().execute();
  return rows.map((row) => row.user_id);
}
