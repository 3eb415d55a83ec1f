import { type Kysely, sql } from "kysely";
import type { DueTask } from "../../../core/reminders";
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

export interface ReminderCandidate {
  userId: string;
  email: string;
  name: string;
  timeZone: string | null;
  reminderHour: number;
  emailDigest: boolean;
  digestToken: string | null;
}

/** Gardeners with a way to be reminded: a push subscription, or the e-mail digest turned on. */
export async function reminderCandidates(db: Db): Promise<ReminderCandidate[]> {
  const rows = await db
    .selectFrom("profile")
    .innerJoin("user", "user.id", "profile.user_id")
    .select([
      "profile.user_id",
      "user.email",
      "user.name",
      "profile.display_name",
      "profile.time_zone",
      "profile.reminder_hour",
      "profile.email_digest",
      "profile.digest_token",
    ])
    .where((eb) =>
      eb.or([
        eb("profile.email_digest", "=", 1),
        eb.exists(
          eb
            .selectFrom("push_subscriptions")
            .select(sql.lit(1).as("one"))
            .whereRef("push_subscriptions.user_id", "=", "profile.user_id"),
        ),
      ]),
    )
    .execute();
  return rows.map((row) => ({
    userId: row.user_id,
    email: row.email,
    name: row.display_name ?? row.name,
    timeZone: row.time_zone,
    reminderHour: Number(row.reminder_hour),
    emailDigest: Number(row.email_digest) === 1,
    digestToken: row.digest_token,
  }));
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

/** How many pending tasks are overdue and due on `today`, and the first `limit` of them. */
export async function dueTasksOf(db: Db, userId: string, today: string, limit: number) {
  const due = db
    .selectFrom("tasks")
    .where("tasks.user_id", "=", userId)
    .where("tasks.status", "=", "pending")
    .where("tasks.due_date", "<=", today);
  const [counts, rows] = await Promise.all([
    due
      .select((eb) => [
        eb.fn
          .sum<number>(eb.case().when("tasks.due_date", "<", today).then(1).else(0).end())
          .as("overdue"),
        eb.fn.countAll<number>().as("total"),
      ])
      .executeTakeFirst(),
    due
      .leftJoin("plants", (join) =>
        join
          .onRef("plants.id", "=", "tasks.plant_id")
          .onRef("plants.user_id", "=", "tasks.user_id"),
      )
      .select(["tasks.id", "tasks.title", "tasks.due_date", "plants.name as plant_name"])
      .orderBy("tasks.due_date")
      .orderBy("tasks.title")
      .orderBy("tasks.id")
      .limit(limit)
      .execute(),
  ]);
  const overdue = Number(counts?.overdue ?? 0);
  const total = Number(counts?.total ?? 0);
  const tasks: DueTask[] = rows.map((row) => ({
    id: row.id,
    title: row.title,
    dueDate: row.due_date ?? today,
    plantName: row.plant_name,
  }));
  return { tasks, counts: { overdue, dueToday: total - overdue } };
}

/** The digest's unsubscribe token, made on first use. */
export async function digestTokenFor(db: Db, userId: string, fresh: string): Promise<string> {
  await db
    .updateTable("profile")
    .set({ digest_token: fresh })
    .where("user_id", "=", userId)
    .where("digest_token", "is", null)
    .execute();
  const row = await db
    .selectFrom("profile")
    .select("digest_token")
    .where("user_id", "=", userId)
    .executeTakeFirst();
  return row?.digest_token ?? fresh;
}

/** Turns the digest off for the token's owner; false for an unknown token. */
export async function unsubscribeDigest(db: Db, token: string, now: string) {
  const result = await db
    .updateTable("profile")
    .set({ email_digest: 0, updated_at: now })
    .where("digest_token", "=", token)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
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
