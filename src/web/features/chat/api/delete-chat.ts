import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { Chat } from "../../../../core/schemas/chat";
import { api } from "../../../lib/api-client";
import { chatKeys } from "./keys";

/** DELETE /api/chats/:id: the chat and its messages. */
export function deleteChat(chatId: string): Promise<void> {
  return api.delete<void>(`/api/chats/${encodeURIComponent(chatId)}`);
}

/**
 * Deletes a chat. Its messages stay cached until `forget(chatId)`, called once the chat is off
 * the screen: dropped while the conversation still shows it, they would be fetched again (a 404).
 */
export function useDeleteChat() {
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: deleteChat,
    onSuccess: async (_, chatId) => {
      await queryClient.cancelQueries({ queryKey: chatKeys.messages(chatId) });
      queryClient.setQueryData<Chat[]>(chatKeys.list, (chats = []) =>
        chats.filter((c) => c.id !== chatId),
      );
      return queryClient.invalidateQueries({ queryKey: chatKeys.list });
    },
  });
  const forget = (chatId: string) =>
    queryClient.removeQueries({ queryKey: chatKeys.messages(chatId) });
  return { ...mutation, forget };
}
