import type { Kysely, Selectable } from "kysely";
import {
  type Chat,
  type Message,
  type MessageAction,
  type MessageSource,
  UNAVAILABLE_SERVICE_TEXT,
} from "../../../core/schemas/chat";
import type { ChatTable, Database, MessageTable } from "../../db/schema";

type ChatRow = Selectable<ChatTable>;
type MessageRow = Selectable<MessageTable>;

export const toChat = (row: ChatRow): Chat => ({
  id: row.id,
  title: row.title,
  plantId: row.plant_context_id,
  createdAt: row.created_at,
  updatedAt: row.updated_at,
});

function jsonList<T>(text: string): T[] {
  try {
    const value = JSON.parse(text) as unknown;
    return Array.isArray(value) ? (value as T[]) : [];
  } catch {
    return [];
  }
}

export const toMessage = (row: MessageRow): Message => ({
  id: row.id,
  chatId: row.chat_id,
  role: row.role === "assistant" ? "assistant" : "user",
  content: row.content,
  createdAt: row.created_at,
  sources: jsonList<MessageSource>(row.sources),
  actions: jsonList<MessageAction>(row.actions),
  engine: row.engine === "llm" || row.engine === "built-in" ? row.engine : null,
});

export function listChats(db: Kysely<Database>, userId: string) {
  return db
    .selectFrom("chats")
    .selectAll()
    .where("user_id", "=", userId)
    .orderBy("updated_at", "desc")
    .orderBy("id", "desc")
    .limit(500)
    .execute();
}

export function findChat(db: Kysely<Database>, userId: string, id: string) {
  return db
    .selectFrom("chats")
    .selectAll()
    .where("user_id", "=", userId)
    .where("id", "=", id)
    .executeTakeFirst();
}

export async function insertChat(db: Kysely<Database>, row: ChatRow) {
  await db.insertInto("chats").values(row).execute();
}

export function updateChat(
  db: Kysely<Database>,
  userId: string,
  id: string,
  set: Partial<Pick<ChatRow, "title" | "updated_at">>,
) {
  return db
    .updateTable("chats")
    .set(set)
    .where("user_id", "=", userId)
    .where("id", "=", id)
    .executeTakeFirst();
}

/** Deletes the chat; its messages go with it (ON DELETE CASCADE). */
export function deleteChat(db: Kysely<Database>, userId: string, id: string) {
  return db
    .deleteFrom("chats")
    .where("user_id", "=", userId)
    .where("id", "=", id)
    .executeTakeFirst();
}

export function listMessages(db: Kysely<Database>, chatId: string, limit = 1000) {
  return db
    .selectFrom("messages")
    .selectAll()
    .where("chat_id", "=", chatId)
    .orderBy("created_at")
    .orderBy("role", "desc")
    .limit(limit)
    .execute();
}

/** The last `count` turns, oldest first: the history a reply may look back on. */
export async function recentMessages(db: Kysely<Database>, chatId: string, count: number) {
  const rows = await db
    .selectFrom("messages")
    .select(["id", "role", "content"])
    .where("chat_id", "=", chatId)
    .orderBy("created_at", "desc")
    .limit(count)
    .execute();
  return rows.reverse();
}

export async function countMessages(db: Kysely<Database>, chatId: string) {
  const row = await db
    .selectFrom("messages")
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .where("chat_id", "=", chatId)
    .executeTakeFirst();
  return Number(row?.count ?? 0);
}

export async function insertMessage(db: Kysely<Database>, row: MessageRow) {
  await db.insertInto("messages").values(row).execute();
}

export async function deleteMessage(db: Kysely<Database>, id: string) {
  await db.deleteFrom("messages").where("id", "=", id).execute();
}

/** Spec §8: assistant messages saying the service was unavailable are purged, not shown. */
export async function purgeUnavailableMessages(db: Kysely<Database>, chatId: string) {
  const result = await db
    .deleteFrom("messages")
    .where("chat_id", "=", chatId)
    .where("role", "=", "assistant")
    .where("content", "like", `%${UNAVAILABLE_SERVICE_TEXT}%`)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
