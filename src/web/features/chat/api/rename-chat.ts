import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { Chat } from "../../../../core/schemas/chat";
import { api } from "../../../lib/api-client";
import { chatKeys } from "./keys";

/** PATCH /api/chats/:id {title} (1–60 characters). */
export function renameChat(chatId: string, title: string): Promise<Chat> {
  return api.patch<Chat>(`/api/chats/${encodeURIComponent(chatId)}`, { title });
}

export function useRenameChat() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ chatId, title }: { chatId: string; title: string }) => renameChat(chatId, title),
    onSuccess: (chat) => {
      queryClient.setQueryData<Chat[]>(chatKeys.list, (chats = []) =>
        chats.map((c) => (c.id === chat.id ? chat : c)),
      );
      return queryClient.invalidateQueries({ queryKey: chatKeys.list });
    },
  });
}
