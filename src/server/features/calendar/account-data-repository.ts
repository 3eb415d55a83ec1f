import type { Kysely } from "kysely";
import type { Database } from "../../db/schema";

/** The gardener's calendar feed token. */
export async function deleteCalendarTokenRow(db: Kysely<Database>, userId: string): Promise<void> {
  await db.deleteFrom("calendar_tokens").where("user_id", "=", userId).execute();
}
