import { useMemo, useSyncExternalStore } from "react";
import type { Chat } from "../../../core/schemas/chat";
import { useChats } from "./api/list-chats";
import { type LocalChat, localChats } from "./local-chats";

/** A chat in the history list, from the server or from this browser. */
export interface ChatSummary {
  id: string;
  title: string;
  plantId: string | null;
  updatedAt: string;
  /** Kept in this browser only (spec §3 "Local chat"). */
  local: boolean;
}

const fromCloud = (chat: Chat): ChatSummary => ({
  id: chat.id,
  title: chat.title,
  plantId: chat.plantId,
  updatedAt: chat.updatedAt,
  local: false,
});

const fromLocal = (chat: LocalChat): ChatSummary => ({
  id: chat.id,
  title: chat.title,
  plantId: chat.plantContextId,
  updatedAt: chat.updatedAt,
  local: true,
});

const noChats: LocalChat[] = [];

export function useLocalChats(): LocalChat[] {
  return useSyncExternalStore(localChats.subscribe, localChats.read, () => noChats);
}

/**
 * Every chat the gardener can open, newest first: their chats on the server when signed in,
 * and the local chats of this browser (all a signed-out visitor has; a signed-in gardener has
 * them when the server could not be reached).
 */
export function useChatHistory(signedIn: boolean) {
  const cloud = useChats(signedIn);
  const local = useLocalChats();
  const chats = useMemo(
    () =>
      [...(signedIn ? (cloud.data ?? []).map(fromCloud) : []), ...local.map(fromLocal)].sort(
        (a, b) => b.updatedAt.localeCompare(a.updatedAt),
      ),
    [signedIn, cloud.data, local],
  );
  return {
    chats,
    local,
    /** The server's list is still loading for the first time. */
    loading: signedIn && cloud.isPending,
    /** The server's list failed and there is nothing cached to show. */
    failed: signedIn && cloud.isError && !cloud.data,
    retry: () => void cloud.refetch(),
  };
}
