import type { Insertable, Kysely, Transaction } from "kysely";
import type { Chat, Message } from "../../../core/schemas/chat";
import type { ChatTable, Database, MessageTable } from "../../db/schema";
import {
  chatOwners,
  chatRowsOf,
  deleteChatRows,
  insertChatRows,
  messageOwners,
  messageRowsOf,
} from "./account-data-repository";
import { toChat, toMessage } from "./repository";

// What account-data (export, import, account deletion) needs of the chats and their messages:
// it reaches these tables only through here.

/** The gardener's chats (oldest first) and all their messages (by chat, oldest first). */
export async function chatsForExport(
  db: Kysely<Database>,
  userId: string,
): Promise<{ chats: Chat[]; messages: Message[] }> {
  const [chats, messages] = await Promise.all([chatRowsOf(db, userId), messageRowsOf(db, userId)]);
  return { chats: chats.map(toChat), messages: messages.map(toMessage) };
}

/** Who has each of these ids (ids nobody has are absent). */
export const chatIdOwners = { chats: chatOwners, messages: messageOwners };

/** An import's new chats and their messages, in the caller's transaction. */
export function insertImportedChats(
  trx: Transaction<Database>,
  chats: readonly Insertable<ChatTable>[],
  messages: readonly Insertable<MessageTable>[],
): Promise<void> {
  return insertChatRows(trx, chats, messages);
}

/** Every chat and message of the gardener, in the caller's transaction. */
export function deleteChatsOf(trx: Transaction<Database>, userId: string): Promise<void> {
  return deleteChatRows(trx, userId);
}
