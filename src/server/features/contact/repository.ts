import type { Kysely, Selectable } from "kysely";
import type { ContactMessageTable, Database } from "../../db/schema";

type Db = Kysely<Database>;
export type ContactMessageRow = Selectable<ContactMessageTable>;

export async function insertContactMessage(db: Db, row: ContactMessageRow): Promise<void> {
  await db.insertInto("contact_messages").values(row).execute();
}

/** How many messages the account sent since `since` (ISO time): its rate limit. */
export async function countContactMessagesSince(
  db: Db,
  userId: string,
  since: string,
): Promise<number> {
  const row = await db
    .selectFrom("contact_messages")
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .where("user_id", "=", userId)
    .where("created_at", ">=", since)
    .executeTakeFirstOrThrow();
  return Number(row.count);
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
