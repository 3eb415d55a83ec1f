import type { Transaction } from "kysely";
import type { Database } from "../../db/schema";
import { deleteKeyRows } from "./repository";

// What account-data needs of idempotency keys to delete an account: it reaches the table only
// through here. Keys are not exported: they only matter for a day, to the device that sent them.

/** Every idempotency key of the gardener, in the caller's transaction. */
export function deleteIdempotencyKeysOf(trx: Transaction<Database>, userId: string): Promise<void> {
  return deleteKeyRows(trx, userId);
}
