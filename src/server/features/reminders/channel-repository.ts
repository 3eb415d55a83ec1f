import type { Kysely, Selectable } from "kysely";
import type { Dialect } from "../../db/connection";
import type { Database, ReminderChannelTable } from "../../db/schema";
import { lockForUser } from "../../db/user-lock";

type Db = Kysely<Database>;
export type ChannelRow = Selectable<ReminderChannelTable>;

/** Adds the channel unless the gardener has `max` already (checked and written in one turn). */
export function insertChannelWithin(
  db: Db,
  dialect: Dialect,
  max: number,
  row: ReminderChannelTable,
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    await lockForUser(trx, dialect, "reminder_channels", row.user_id);
    const { count } = await trx
      .selectFrom("reminder_channels")
      .select((eb) => eb.fn.countAll<number | string>().as("count"))
      .where("user_id", "=", row.user_id)
      .executeTakeFirstOrThrow();
    if (Number(count) >= max) return false;
    await trx.insertInto("reminder_channels").values(row).execute();
    return true;
  });
}

/** The gardener's channels, oldest first. */
export function channelsOf(db: Db, userId: string): Promise<ChannelRow[]> {
  return db
    .selectFrom("reminder_channels")
    .selectAll()
    .where("user_id", "=", userId)
    .orderBy("created_at")
    .orderBy("id")
    .execute();
}

export function findChannel(db: Db, userId: string, id: string): Promise<ChannelRow | undefined> {
  return db
    .selectFrom("reminder_channels")
    .selectAll()
    .where("user_id", "=", userId)
    .where("id", "=", id)
    .executeTakeFirst();
}

/** Removes the gardener's own channel; false when they have none with that id. */
export async function deleteChannel(db: Db, userId: string, id: string): Promise<boolean> {
  const result = await db
    .deleteFrom("reminder_channels")
    .where("user_id", "=", userId)
    .where("id", "=", id)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** Every channel not yet sent for `onOrAfter` or later: the reminder run's candidates. */
export function channelsNotSentSince(db: Db, onOrAfter: string): Promise<ChannelRow[]> {
  return db
    .selectFrom("reminder_channels")
    .selectAll()
    .where((eb) => eb.or([eb("last_sent_on", "is", null), eb("last_sent_on", "<", onOrAfter)]))
    .orderBy("created_at")
    .orderBy("id")
    .execute();
}

/**
 * Claims the channel's reminder for the gardener's local date: the update moves last_sent_on to
 * that date only if it is still before it, so of instances trying at once exactly one changes the
 * row, and only that one sends. A channel whose last call failed after `failedBefore` is left
 * alone until then: a server that just refused is not called again by the next run, or by a run
 * of another instance that started at the same moment.
 */
export async function claimChannel(
  db: Db,
  id: string,
  localDate: string,
  failedBefore: string,
): Promise<boolean> {
  const result = await db
    .updateTable("reminder_channels")
    .set({ last_sent_on: localDate })
    .where("id", "=", id)
    .where((eb) => eb.or([eb("last_sent_on", "is", null), eb("last_sent_on", "<", localDate)]))
    .where((eb) =>
      eb.or([eb("last_error_at", "is", null), eb("last_error_at", "<=", failedBefore)]),
    )
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** The call failed: give the claim back (so the next run tries again) and keep the reason. */
export async function releaseChannel(
  db: Db,
  id: string,
  localDate: string,
  previous: string | null,
  error: string,
  now: string,
): Promise<void> {
  await db
    .updateTable("reminder_channels")
    .set({ last_sent_on: previous, last_error: error, last_error_at: now })
    .where("id", "=", id)
    .where("last_sent_on", "=", localDate)
    .execute();
}

/** Records how a call went (a test message, or a reminder that got through). */
export async function recordChannelOutcome(
  db: Db,
  id: string,
  error: string | null,
  now: string,
): Promise<void> {
  await db
    .updateTable("reminder_channels")
    .set(
      error === null
        ? { last_error: null, last_error_at: null }
        : { last_error: error, last_error_at: now },
    )
    .where("id", "=", id)
    .execute();
}
