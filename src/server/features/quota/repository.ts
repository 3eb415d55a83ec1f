import { type Kysely, sql } from "kysely";
import type { Database } from "../../db/schema";

/**
 * Messages sent without a chat (API.md: "without chatId, nothing is stored") on the UTC days from
 * `fromDay` on. They count against the quota like stored ones, or skipping chatId would bypass it.
 */
export async function countUnstoredMessagesSince(
  db: Kysely<Database>,
  userId: string,
  fromDay: string,
) {
  const row = await db
    .selectFrom("usage")
    .select((eb) => eb.fn.sum<number>("messages").as("count"))
    .where("user_id", "=", userId)
    .where("day", ">=", fromDay)
    .executeTakeFirst();
  return Number(row?.count ?? 0);
}

/** countUnstoredMessagesSince for many users in one query; users with none are absent. */
export async function countUnstoredMessagesSinceOf(
  db: Kysely<Database>,
  userIds: readonly string[],
  fromDay: string,
): Promise<Map<string, number>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .selectFrom("usage")
    .select((eb) => ["user_id", eb.fn.sum<number | string>("messages").as("count")])
    .where("user_id", "in", userIds)
    .where("day", ">=", fromDay)
    .groupBy("user_id")
    .execute();
  return new Map(rows.map((row) => [row.user_id, Number(row.count ?? 0)]));
}

export async function addUnstoredMessage(
  db: Kysely<Database>,
  userId: string,
  day: string,
  by = 1,
) {
  await db
    .insertInto("usage")
    .values({ user_id: userId, day, messages: Math.max(0, by) })
    .onConflict((oc) =>
      oc.columns(["user_id", "day"]).doUpdateSet({
        messages: sql<number>`case when usage.messages + ${by} < 0 then 0 else usage.messages + ${by} end`,
      }),
    )
    .execute();
}
