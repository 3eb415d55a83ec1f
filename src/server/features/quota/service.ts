import type { Kysely } from "kysely";
import { PLAN_DAILY_LIMITS, quotaWindows } from "../../../core/plans";
import type { Quota } from "../../../core/schemas/app-config";
import type { Database } from "../../db/schema";
import { countUserMessagesSince, countUserMessagesSinceOf } from "../chat/read-model";
import { planOf } from "../profile/read-model";
import { countUnstoredMessagesSince, countUnstoredMessagesSinceOf } from "./repository";

// Chat records a message sent without a chat through this, so the usage table keeps one owner.
export { addUnstoredMessage } from "./repository";

/**
 * The message quota over UTC days and months: the user's stored messages (role "user"), plus the
 * ones sent without a chat, which leave only a count behind.
 */
export async function quotaFor(
  db: Kysely<Database>,
  userId: string,
  now = new Date(),
): Promise<Quota> {
  const plan = await planOf(db, userId);
  const { dayStart, monthStart, resetsAt } = quotaWindows(now);
  const [storedToday, storedThisMonth, unstoredToday, unstoredThisMonth] = await Promise.all([
    countUserMessagesSince(db, userId, dayStart),
    countUserMessagesSince(db, userId, monthStart),
    countUnstoredMessagesSince(db, userId, dayStart.slice(0, 10)),
    countUnstoredMessagesSince(db, userId, monthStart.slice(0, 10)),
  ]);
  const usedToday = storedToday + unstoredToday;
  const dailyLimit = PLAN_DAILY_LIMITS[plan];
  return {
    plan,
    dailyLimit,
    usedToday,
    remainingToday: Math.max(0, dailyLimit - usedToday),
    usedThisMonth: storedThisMonth + unstoredThisMonth,
    resetsAt,
  };
}

/** Messages each of these users sent today (UTC), as their quota counts them: two queries in all. */
export async function messagesTodayOf(
  db: Kysely<Database>,
  userIds: readonly string[],
  now = new Date(),
): Promise<Map<string, number>> {
  const { dayStart } = quotaWindows(now);
  const [stored, unstored] = await Promise.all([
    countUserMessagesSinceOf(db, userIds, dayStart),
    countUnstoredMessagesSinceOf(db, userIds, dayStart.slice(0, 10)),
  ]);
  return new Map(
    userIds.map((id) => [id, (stored.get(id) ?? 0) + (unstored.get(id) ?? 0)] as const),
  );
}
