import type { Kysely } from "kysely";
import type { Database } from "../../db/schema";

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
