import type { Transaction } from "kysely";
import type { Database } from "../../db/schema";
import { deleteUsageRows } from "./account-data-repository";

// What account-data needs of the message quota to delete an account: it reaches
// the table only through here.

/** The gardener's daily message counts, in the caller's transaction. */
export function deleteUsageOf(trx: Transaction<Database>, userId: string): Promise<void> {
  return deleteUsageRows(trx, userId);
}
