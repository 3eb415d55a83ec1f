import type { Kysely } from "kysely";
import type { Database } from "../../db/schema";

/** The gardener's push subscriptions, ntfy and webhook channels, and the record of reminders sent. */
export async function deleteReminderRows(db: Kysely<Database>, userId: string): Promise<void> {
  await db.deleteFrom("push_subscriptions").where("user_id", "=", userId).execute();
  await db.deleteFrom("reminder_channels").where("user_id", "=", userId).execute();
  await db.deleteFrom("reminder_sends").where("user_id", "=", userId).execute();
}
