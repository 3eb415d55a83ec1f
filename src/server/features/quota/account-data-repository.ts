import type { Kysely } from "kysely";
import type { Database } from "../../db/schema";

/** The gardener's daily message counts. */
export async function deleteUsageRows(db: Kysely<Database>, userId: string): Promise<void> {
  await db.deleteFrom("usage").where("user_id", "=", userId).execute();
}
