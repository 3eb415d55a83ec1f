import type { Kysely } from "kysely";
import { PLAN_DAILY_LIMITS, quotaWindows } from "../../../core/plans";
import type { Quota } from "../../../core/schemas/app-config";
import type { Database } from "../../db/schema";
import { countUserMessagesSince } from "./repository";

/** The message quota, counted from the messages table over UTC days and months. */
export async function quotaFor(
  db: Kysely<Database>,
  userId: string,
  now = new Date(),
): Promise<Quota> {
  const profile = await db
    .selectFrom("profile")
    .select("plan")
    .where("user_id", "=", userId)
    .executeTakeFirst();
  const plan = profile?.plan === "pro" ? "pro" : "free";
  const { dayStart, monthStart, resetsAt } = quotaWindows(now);
  const [usedToday, usedThisMonth] = await Promise.all([
    countUserMessagesSince(db, userId, dayStart),
    countUserMessagesSince(db, userId, monthStart),
  ]);
  const dailyLimit = PLAN_DAILY_LIMITS[plan];
  return {
    plan,
    dailyLimit,
    usedToday,
    remainingToday: Math.max(0, dailyLimit - usedToday),
    usedThisMonth,
    resetsAt,
  };
}
