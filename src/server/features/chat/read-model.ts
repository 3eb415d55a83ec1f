import type { Kysely } from "kysely";
import type { Database } from "../../db/schema";

// The chat feature's published read: the quota counts messages through it, so chat alone owns
// the messages table.

/** Messages the user sent (role "user") since an instant. */
export async function countUserMessagesSince(db: Kysely<Database>, userId: string, since: string) {
  const row = await db
    .selectFrom("messages")
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .where("user_id", "=", userId)
    .where("role", "=", "user")
    .where("created_at", ">=", since)
    .executeTakeFirst();
  return Number(row?.count ?? 0);
}

/** countUserMessagesSince for many users in one query; users with none are absent. */
export async function countUserMessagesSinceOf(
  db: Kysely<Database>,
  userIds: readonly string[],
  since: string,
): Promise<Map<string, number>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .selectFrom("messages")
    .select((eb) => ["user_id", eb.fn.countAll<number | string>().as("count")])
    .where("user_id", "in", userIds)
    .where("role", "=", "user")
    .where("created_at", ">=", since)
    .groupBy("user_id")
    .execute();
  return new Map(rows.map((row) => [row.user_id, Number(row.count)]));
}
