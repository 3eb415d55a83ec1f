import type { Transaction } from "kysely";
import type { Database } from "../../db/schema";
import { deleteReminderRows } from "./account-data-repository";

// What account-data needs of the reminders to delete an account: it reaches
// these tables only through here.

/** The gardener's push subscriptions and reminders sent, in the caller's transaction. */
export function deleteRemindersOf(trx: Transaction<Database>, userId: string): Promise<void> {
  return deleteReminderRows(trx, userId);
}
