import type { Kysely, Updateable } from "kysely";
import type { Database, ProfileTable } from "../../db/schema";

type Db = Kysely<Database>;

/** The gardener's profile row, which must exist. */
export function profileRowOf(db: Db, userId: string) {
  return db
    .selectFrom("profile")
    .selectAll()
    .where("user_id", "=", userId)
    .executeTakeFirstOrThrow();
}

/** Sets these columns of the profile (the user row stays). */
export async function setProfileColumns(
  db: Db,
  userId: string,
  changes: Updateable<ProfileTable>,
): Promise<void> {
  await db.updateTable("profile").set(changes).where("user_id", "=", userId).execute();
}

export async function deleteProfileRow(db: Db, userId: string): Promise<void> {
  await db.deleteFrom("profile").where("user_id", "=", userId).execute();
}
