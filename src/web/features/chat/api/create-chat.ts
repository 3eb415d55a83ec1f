import type { QueryClient } from "@tanstack/react-query";
import type { Chat, ChatCreate } from "../../../../core/schemas/chat";
import { api } from "../../../lib/api-client";
import { chatKeys } from "./keys";

/** POST /api/chats: a new chat, titled 'Untitled chat' unless given a title. */
export function createChat(body: ChatCreate): Promise<Chat> {
  return api.post<Chat>("/api/chats", body);
}

/** Puts a new chat at the top of the cached list, so it shows before the list refreshes. */
export function addChatToList(queryClient: QueryClient, chat: Chat): void {
  queryClient.setQueryData<Chat[]>(chatKeys.list, (chats = []) => [
    chat,
    ...chats.filter((c) => c.id !== chat.id),
  ]);
}
