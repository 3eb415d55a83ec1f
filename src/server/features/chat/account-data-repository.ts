import type { Insertable, Kysely } from "kysely";
import { insertRows, ownersOf } from "../../db/batches";
import type { ChatTable, Database, MessageTable } from "../../db/schema";

type Db = Kysely<Database>;

export function chatRowsOf(db: Db, userId: string) {
  return db
    .selectFrom("chats")
    .selectAll()
    .where("user_id", "=", userId)
    .orderBy("created_at")
    .orderBy("id")
    .execute();
}

export function messageRowsOf(db: Db, userId: string) {
  return db
    .selectFrom("messages")
    .selectAll()
    .where("user_id", "=", userId)
    .orderBy("chat_id")
    .orderBy("created_at")
    .orderBy("id")
    .execute();
}

export const chatOwners = (db: Db, ids: readonly string[]) => ownersOf(db, "chats", ids);
export const messageOwners = (db: Db, ids: readonly string[]) => ownersOf(db, "messages", ids);

export async function insertChatRows(
  db: Db,
  chats: readonly Insertable<ChatTable>[],
  messages: readonly Insertable<MessageTable>[],
): Promise<void> {
  await insertRows(db, "chats", chats);
  await insertRows(db, "messages", messages);
}

/** Every chat and message of the gardener, messages first. */
export async function deleteChatRows(db: Db, userId: string): Promise<void> {
  await db.deleteFrom("messages").where("user_id", "=", userId).execute();
  await db.deleteFrom("chats").where("user_id", "=", userId).execute();
}
