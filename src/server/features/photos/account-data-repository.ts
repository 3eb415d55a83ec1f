import type { Kysely } from "kysely";
import { chunks } from "../../db/batches";
import type { Database } from "../../db/schema";

type Db = Kysely<Database>;

/** These images of the gardener (ids of others or of no image are absent). */
export async function imageRowsOf(db: Db, userId: string, ids: readonly string[]) {
  const rows = [];
  for (const batch of chunks([...new Set(ids)])) {
    rows.push(
      ...(await db
        .selectFrom("images")
        .select(["id", "bytes", "width", "height"])
        .where("user_id", "=", userId)
        .where("id", "in", batch)
        .execute()),
    );
  }
  return rows;
}

export async function deleteImageRows(db: Db, userId: string): Promise<void> {
  await db.deleteFrom("images").where("user_id", "=", userId).execute();
}
