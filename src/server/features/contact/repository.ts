import type { Kysely, Selectable } from "kysely";
import type { Dialect } from "../../db/connection";
import type { ContactMessageTable, Database } from "../../db/schema";
import { lockForUser } from "../../db/user-lock";

type Db = Kysely<Database>;
export type ContactMessageRow = Selectable<ContactMessageTable>;

/**
 * Stores the message unless the account sent `perHour` since `since` (ISO time): false then.
 * Counted and inserted under the account's lock, so messages sent at once cannot all pass the
 * count before any of them is stored.
 */
export function insertContactMessageWithin(
  db: Db,
  dialect: Dialect,
  perHour: number,
  since: string,
  row: ContactMessageRow,
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    await lockForUser(trx, dialect, "contact_messages", row.user_id);
    const { count } = await trx
      .selectFrom("contact_messages")
      .select((eb) => eb.fn.countAll<number | string>().as("count"))
      .where("user_id", "=", row.user_id)
      .where("created_at", ">=", since)
      .executeTakeFirstOrThrow();
    if (Number(count) >= perHour) return false;
    await trx.insertInto("contact_messages").values(row).execute();
    return true;
  });
}

/** The newest messages first. */
export function latestContactMessages(db: Db, limit: number): Promise<ContactMessageRow[]> {
  return db
    .selectFrom("contact_messages")
    .selectAll()
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .limit(limit)
    .execute();
}
