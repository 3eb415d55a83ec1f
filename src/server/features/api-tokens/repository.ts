import type { Insertable, Kysely } from "kysely";
import type { Dialect } from "../../db/connection";
import type { ApiTokenTable, Database } from "../../db/schema";
import { lockForUser } from "../../db/user-lock";

type Db = Kysely<Database>;

const LISTED = ["id", "name", "scope", "prefix", "created_at", "last_used_at"] as const;

/** The gardener's live (unrevoked) tokens, newest first. */
export function liveTokens(db: Db, userId: string) {
  return db
    .selectFrom("api_tokens")
    .select(LISTED)
    .where("user_id", "=", userId)
    .where("revoked_at", "is", null)
    .orderBy("created_at", "desc")
    .orderBy("id")
    .execute();
}

/**
 * Adds the token unless the gardener already has `max` live ones (false then). Counted and
 * inserted under the gardener's lock, so two creations at once cannot both pass the count.
 */
export function insertTokenWithin(
  db: Db,
  dialect: Dialect,
  max: number,
  row: Insertable<ApiTokenTable>,
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    await lockForUser(trx, dialect, "api_tokens", row.user_id);
    const { n } = await trx
      .selectFrom("api_tokens")
      .select((eb) => eb.fn.countAll<number | string>().as("n"))
      .where("user_id", "=", row.user_id)
      .where("revoked_at", "is", null)
      .executeTakeFirstOrThrow();
    if (Number(n) >= max) return false;
    await trx.insertInto("api_tokens").values(row).execute();
    return true;
  });
}

/** Revokes the gardener's token; false when they have no such live token. */
export async function revokeToken(
  db: Db,
  userId: string,
  id: string,
  now: string,
): Promise<boolean> {
  const result = await db
    .updateTable("api_tokens")
    .set({ revoked_at: now })
    .where("id", "=", id)
    .where("user_id", "=", userId)
    .where("revoked_at", "is", null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** The live token with this hash (the hash is unique and indexed). */
export function liveTokenByHash(db: Db, tokenHash: string) {
  return db
    .selectFrom("api_tokens")
    .select(["id", "user_id", "scope", "last_used_at"])
    .where("token_hash", "=", tokenHash)
    .where("revoked_at", "is", null)
    .executeTakeFirst();
}

export async function touchToken(db: Db, id: string, now: string): Promise<void> {
  await db.updateTable("api_tokens").set({ last_used_at: now }).where("id", "=", id).execute();
}

/** Every token of the gardener, revoked ones too (account deletion). */
export async function deleteTokenRows(db: Db, userId: string): Promise<void> {
  await db.deleteFrom("api_tokens").where("user_id", "=", userId).execute();
}
