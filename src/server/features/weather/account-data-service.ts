import type { Transaction } from "kysely";
import type { Database } from "../../db/schema";
import { clearUserCache } from "./repository";

// What account-data needs of the weather cache to delete an account: it reaches
// the table only through here.

/** The gardener's cached weather, in the caller's transaction. */
export function deleteWeatherCacheOf(trx: Transaction<Database>, userId: string): Promise<void> {
  return clearUserCache(trx, userId);
}
