import type { Transaction } from "kysely";
import type { Database } from "../../db/schema";
import { deleteTokenRows } from "./repository";

// What account-data needs of API tokens to delete an account: it reaches the table only through
// here.

/** Every API token of the gardener, in the caller's transaction. */
export function deleteApiTokensOf(trx: Transaction<Database>, userId: string): Promise<void> {
  return deleteTokenRows(trx, userId);
}
