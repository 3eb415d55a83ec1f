import { type Kysely, sql } from "kysely";
import type { Dialect } from "./connection";
import type { Database } from "./schema";

/**
 * Makes one gardener's transactions of this kind take turns until they commit, so a count or a
 * free id read inside stays true at the write (quotas, per-user limits, imports). PostgreSQL
 * takes a transaction-scoped advisory lock; SQLite needs none, as Kysely's one connection runs
 * transactions one at a time.
 */
export async function lockForUser(
  trx: Kysely<Database>,
  dialect: Dialect,
  scope: string,
  userId: string,
): Promise<void> {
  if (dialect === "postgres") {
    await sql`select pg_advisory_xact_lock(hashtext(${`${scope}:${userId}`}))`.execute(trx);
  }
}
