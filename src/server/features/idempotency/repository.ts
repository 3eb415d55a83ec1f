import type { Kysely, Transaction } from "kysely";
import type { Database, IdempotencyKeyTable } from "../../db/schema";

type Db = Kysely<Database>;

/**
 * Claims the key for a request about to run. The primary key (user, key) lets exactly one
 * request through, however many arrive at once on however many instances: true for that one.
 */
export async function insertClaim(
  db: Db,
  row: Pick<IdempotencyKeyTable, "user_id" | "key" | "fingerprint" | "created_at">,
): Promise<boolean> {
  const result = await db
    .insertInto("idempotency_keys")
    .values({ ...row, status_code: null, body: null })
    .onConflict((oc) => oc.columns(["user_id", "key"]).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

export function findKey(db: Db, userId: string, key: string) {
  return db
    .selectFrom("idempotency_keys")
    .select(["fingerprint", "status_code", "body", "created_at"])
    .where("user_id", "=", userId)
    .where("key", "=", key)
    .executeTakeFirst();
}

/** Keeps the answer the claimed request got, for its repeats. */
export async function storeAnswer(
  db: Db,
  userId: string,
  key: string,
  statusCode: number,
  body: string,
): Promise<void> {
  await db
    .updateTable("idempotency_keys")
    .set({ status_code: statusCode, body })
    .where("user_id", "=", userId)
    .where("key", "=", key)
    .execute();
}

/**
 * Deletes the key's row if it is still the one claimed at `createdAt`: a request that failed gives
 * its key back, and a stale row goes, without ever deleting a newer claim made meanwhile.
 */
export async function deleteClaim(
  db: Db,
  userId: string,
  key: string,
  createdAt: string,
): Promise<void> {
  await db
    .deleteFrom("idempotency_keys")
    .where("user_id", "=", userId)
    .where("key", "=", key)
    .where("created_at", "=", createdAt)
    .execute();
}

/** Every key made before `before` (an ISO instant), of every user. */
export async function deleteKeysBefore(db: Db, before: string): Promise<void> {
  await db.deleteFrom("idempotency_keys").where("created_at", "<", before).execute();
}

export async function deleteKeyRows(trx: Transaction<Database>, userId: string): Promise<void> {
  await trx.deleteFrom("idempotency_keys").where("user_id", "=", userId).execute();
}
