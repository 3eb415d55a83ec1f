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
