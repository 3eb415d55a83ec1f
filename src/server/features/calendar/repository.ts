import type { Kysely } from "kysely";
import type { Database } from "../../db/schema";

type Db = Kysely<Database>;

/** The gardener's feed token, made on first use (two first requests at once agree on one). */
export async function calendarTokenOf(db: Db, userId: string, fresh: string): Promise<string> {
  await db
    .insertInto("calendar_tokens")
    .values({ user_id: userId, token: fresh, created_at: new Date().toISOString() })
    .onConflict((oc) => oc.column("user_id").doNothing())
    .execute();
  const row = await db
    .selectFrom("calendar_tokens")
    .select("token")
    .where("user_id", "=", userId)
    .executeTakeFirstOrThrow();
  return row.token;
}

/** Replaces the gardener's token: the old feed URL stops working at once. */
export async function rotateCalendarToken(db: Db, userId: string, fresh: string): Promise<void> {
  await db
    .insertInto("calendar_tokens")
    .values({ user_id: userId, token: fresh, created_at: new Date().toISOString() })
    .onConflict((oc) =>
      oc.column("user_id").doUpdateSet({ token: fresh, created_at: new Date().toISOString() }),
    )
    .execute();
}

export async function calendarOwner(db: Db, token: string): Promise<string | undefined> {
  const row = await db
    .selectFrom("calendar_tokens")
    .select("user_id")
    .where("token", "=", token)
    .executeTakeFirst();
  return row?.user_id;
}
