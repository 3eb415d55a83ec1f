import { type Kysely, sql } from "kysely";
import type { Database } from "../../db/schema";

type Db = Kysely<Database>;

// ---- account deletion ----

/**
 * Every row of the gardener, child tables first, in one transaction. The foreign keys to `user`
 * cascade too; deleting each table by name means a table added later without a cascade fails
 * this loudly rather than keeping the gardener's rows.
 */
export async function deleteAccountRows(db: Db, userId: string): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    await trx
      .deleteFrom("workflow_items")
      .where("workflow_id", "in", (eb) =>
        eb.selectFrom("workflows").select("id").where("user_id", "=", userId),
      )
      .execute();
    for (const table of [
      "messages",
      "chats",
      "milestones",
      "tasks",
      "plants",
      "workflows",
      "identifications",
      "images",
      "usage",
      "weather_cache",
      "push_subscriptions",
      "reminder_sends",
      "calendar_tokens",
      "profile",
    ] as const) {
      await trx.deleteFrom(table).where("user_id", "=", userId).execute();
    }
    // better-auth's own tables (not in our typed schema): password-reset tokens name the user in
    // `value`; sessions and sign-in accounts by `userId`.
    await sql`delete from ${sql.table("verification")} where ${sql.ref("value")} = ${userId}`.execute(
      trx,
    );
    for (const table of ["session", "account"]) {
      await sql`delete from ${sql.table(table)} where ${sql.ref("userId")} = ${userId}`.execute(
        trx,
      );
    }
    const user = await trx.deleteFrom("user").where("id", "=", userId).executeTakeFirst();
    return Number(user.numDeletedRows) > 0;
  });
}
