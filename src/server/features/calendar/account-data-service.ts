import type { Transaction } from "kysely";
import type { Database } from "../../db/schema";
import { deleteCalendarTokenRow } from "./account-data-repository";

// What account-data needs of the calendar feed to delete an account: it reaches
// the table only through here.

/** The gardener's calendar feed token, in the caller's transaction. */
export function deleteCalendarTokenOf(trx: Transaction<Database>, userId: string): Promise<void> {
  return deleteCalendarTokenRow(trx, userId);
}
