import { type Kysely, sql } from "kysely";
import type { Database } from "../db/schema";

/**
 * better-auth's rows of the user and then the user, in the caller's transaction (after every
 * feature's rows). Password-reset tokens name the user in `value`; sessions and sign-in accounts
 * by `userId` (those tables are not in our typed schema). False when there was no such user.
 */
export async function deleteUserRecords(db: Kysely<Database>, userId: string): Promise<boolean> {
  await sql`delete from ${sql.table("verification")} where ${sql.ref("value")} = ${userId}`.execute(
    db,
  );
  for (const table of ["session", "account"]) {
    await sql`delete from ${sql.table(table)} where ${sql.ref("userId")} = ${userId}`.execute(db);
  }
  const user = await db.deleteFrom("user").where("id", "=", userId).executeTakeFirst();
  return Number(user.numDeletedRows) > 0;
}
