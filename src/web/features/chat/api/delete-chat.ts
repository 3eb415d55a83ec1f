import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { Chat } from "../../../../core/schemas/chat";
import { api } from "../../../lib/api-client";
import { chatKeys } from "./keys";

/** DELETE /api/chats/:id: the chat and its messages. */
export function deleteChat(chatId: string): Promise<void> {
  return api.delete<void>(`/api/chats/${encodeURIComponent(chatId)}`);
}

export function useDeleteChat() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteChat,
    onSuccess: (_, chatId) => {
      queryClient.setQueryData<Chat[]>(chatKeys.list, (chats = []) =>
        chats.filter((c) => c.id !== chatId),
      );
      queryClient.removeQueries({ queryKey: chatKeys.messages(chatId) });
      return queryClient.invalidateQueries({ queryKey: chatKeys.list });
    },
  });
}
