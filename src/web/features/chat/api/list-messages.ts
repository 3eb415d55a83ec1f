import { queryOptions, useQuery } from "@tanstack/react-query";
import type { Message } from "../../../../core/schemas/chat";
import { api } from "../../../lib/api-client";
import { chatKeys } from "./keys";

/** GET /api/chats/:id/messages: oldest first. */
export async function fetchMessages(chatId: string): Promise<Message[]> {
  return (
    await api.get<{ messages: Message[] }>(`/api/chats/${encodeURIComponent(chatId)}/messages`)
  ).messages;
}

export const messagesQueryOptions = (chatId: string) =>
  queryOptions({ queryKey: chatKeys.messages(chatId), queryFn: () => fetchMessages(chatId) });

/** The messages of a cloud chat; pass null for a local chat or none. */
export function useChatMessages(chatId: string | null) {
  return useQuery({ ...messagesQueryOptions(chatId ?? ""), enabled: chatId !== null });
}
