import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import type { Database } from "../../db/schema";

type Db = Kysely<Database>;

/** The id of the instance's first account's grant: one row, so one sign-up wins it, once. */
const FIRST_ACCOUNT = "first-account";

/** Makes the account the instance's first unless some account was before it; true if it was. */
export async function claimFirstAccount(db: Db, userId: string, nowIso: string): Promise<boolean> {
  const result = await db
    .insertInto("operators")
    .values({ id: FIRST_ACCOUNT, user_id: userId, created_at: nowIso })
    .onConflict((oc) => oc.doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

/** Grants the account the operator's rights; false when it holds them already. */
export async function insertGrant(db: Db, userId: string, nowIso: string): Promise<boolean> {
  const result = await db
    .insertInto("operators")
    .values({ id: randomUUID(), user_id: userId, created_at: nowIso })
    .onConflict((oc) => oc.doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

export async function hasGrant(db: Db, userId: string): Promise<boolean> {
  const row = await db
    .selectFrom("operators")
    .select("id")
    .where("user_id", "=", userId)
    .executeTakeFirst();
  return row !== undefined;
}

/** Every account holding a grant (a handful). */
export async function grantedIds(db: Db): Promise<Set<string>> {
  const rows = await db
    .selectFrom("operators")
    .select("user_id")
    .where("user_id", "is not", null)
    .execute();
  return new Set(rows.flatMap((row) => (row.user_id ? [row.user_id] : [])));
}

/**
 * Takes the account's grants away: its own rows go, the first account's stays with nobody in it.
 * False when it held none.
 */
export async function releaseGrants(db: Db, userId: string): Promise<boolean> {
  const emptied = await db
    .updateTable("operators")
    .set({ user_id: null })
    .where("id", "=", FIRST_ACCOUNT)
    .where("user_id", "=", userId)
    .executeTakeFirst();
  const deleted = await db.deleteFrom("operators").where("user_id", "=", userId).executeTakeFirst();
  return Number(emptied.numUpdatedRows) + Number(deleted.numDeletedRows) > 0;
}
