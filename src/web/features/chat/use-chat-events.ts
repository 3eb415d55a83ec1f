import { useQueryClient } from "@tanstack/react-query";
import type { Chat } from "../../../core/schemas/chat";
import { useLiveChanges } from "../../lib/live-changes";
import { chatKeys } from "./api/keys";

/**
 * While /chat is open and signed in: follows `chat.updated`, so a chat made, answered, renamed or
 * deleted in another tab or device shows here. The history is fetched first; a chat it no longer
 * holds (deleted elsewhere) is closed by the page, so its messages are not asked for again.
 */
export function useChatEvents(signedIn: boolean) {
  const queryClient = useQueryClient();
  useLiveChanges(
    ["chat.updated"],
    (ids, everything) => {
      void (async () => {
        await queryClient.invalidateQueries({ queryKey: chatKeys.list });
        void queryClient.invalidateQueries({ queryKey: chatKeys.quota });
        const chats = queryClient.getQueryData<Chat[]>(chatKeys.list) ?? [];
        // After a reconnect the changed chats are unknown: every chat still held refetches.
        for (const id of everything ? chats.map((chat) => chat.id) : ids) {
          if (chats.some((chat) => chat.id === id)) {
            void queryClient.invalidateQueries({ queryKey: chatKeys.messages(id) });
          }
        }
      })();
    },
    signedIn,
  );
}
