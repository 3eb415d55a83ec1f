import { queryOptions, useQuery } from "@tanstack/react-query";
import type { Chat } from "../../../../core/schemas/chat";
import { api } from "../../../lib/api-client";
import { chatKeys } from "./keys";

/** GET /api/chats: the gardener's chats, newest first. */
export async function fetchChats(): Promise<Chat[]> {
  return (await api.get<{ chats: Chat[] }>("/api/chats")).chats;
}

export const chatsQueryOptions = () =>
  queryOptions({ queryKey: chatKeys.list, queryFn: fetchChats });

export function useChats(enabled: boolean) {
  return useQuery({ ...chatsQueryOptions(), enabled });
}
