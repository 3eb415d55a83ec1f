import type { Kysely } from "kysely";
import type { Database } from "../../db/schema";

type Db = Kysely<Database>;

/** Newest first. */
export function identificationRowsOf(db: Db, userId: string) {
  return db
    .selectFrom("identifications")
    .select(["id", "result", "created_at"])
    .where("user_id", "=", userId)
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .execute();
}

export async function deleteIdentificationRows(db: Db, userId: string): Promise<void> {
  await db.deleteFrom("identifications").where("user_id", "=", userId).execute();
}
