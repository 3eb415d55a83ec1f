import { type Kysely, sql } from "kysely";
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

/** Sets a user's plan by e-mail (the admin CLI); false when no such user has a profile. */
export async function setPlanByEmail(db: Kysely<Database>, email: string, plan: "free" | "pro") {
  const user = await db
    .selectFrom("user")
    .select("id")
    .where((eb) => eb(eb.fn("lower", ["email"]), "=", email.trim().toLowerCase()))
    .executeTakeFirst();
  if (!user) return false;
  const result = await db
    .updateTable("profile")
    .set({ plan, updated_at: new Date().toISOString() })
    .where("user_id", "=", user.id)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
