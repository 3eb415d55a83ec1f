import { Sprout } from "lucide-react";
import { type ReactNode, useDeferredValue, useMemo, useRef } from "react";
import { Button, focusRing } from "../../components/ui/button";
import { Alert, Skeleton } from "../../components/ui/misc";
import { cn } from "../../lib/cn";
import { useChatMessages } from "./api/list-messages";
import { MessageList } from "./message-list";
import {
  type ChatMessageView,
  fromLocalMessage,
  fromServerMessage,
  visibleMessages,
} from "./messages";
import type { ChatSummary } from "./use-chat-history";
import { useLocalChats } from "./use-chat-history";
import type { PendingReply } from "./use-chat-send";

function suggestions(plantName: string | null): string[] {
  return plantName
    ? [
        `When should I water my ${plantName}?`,
        `What should I feed my ${plantName}?`,
        `What pests should I watch for on my ${plantName}?`,
      ]
    : [
        "What can I plant this month?",
        "How often should I water tomatoes?",
        "Why are my basil leaves turning yellow?",
      ];
}

function Intro({
  plantName,
  onSuggestion,
}: {
  plantName: string | null;
  onSuggestion: (text: string) => void;
}) {
  return (
    <div className="m-auto flex w-full max-w-md flex-col items-center gap-3 py-4 text-center">
      <span className="inline-flex size-14 items-center justify-center rounded-full bg-leaf-100 text-leaf-fg">
        <Sprout size={28} aria-hidden />
      </span>
      <h3 className="text-[18px] font-semibold text-stone-900">
        {plantName ? `Ask about your ${plantName}` : "Ask the gardening assistant"}
      </h3>
      <p className="text-stone-700">
        Watering, feeding, pests, what to plant now: ask in your own words.
      </p>
      <ul className="mt-1 flex flex-col items-center gap-2" aria-label="Suggestions">
        {suggestions(plantName).map((text) => (
          <li key={text}>
            <button
              type="button"
              className={cn(
                "min-h-11 rounded-xl border border-stone-300 bg-surface px-4 py-2 text-sm text-stone-900 hover:bg-stone-100",
                focusRing,
              )}
              onClick={() => onSuggestion(text)}
            >
              {text}
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** The open chat's messages, with the reply on its way at the end. */
export function Conversation({
  chat,
  activeId,
  pending,
  revealKeys,
  plantName,
  listFailed,
  onRetryList,
  onSuggestion,
}: {
  chat: ChatSummary | null;
  activeId: string | null;
  pending: PendingReply | null;
  revealKeys: ReadonlyMap<string, string>;
  plantName: string | null;
  /** The server's chat list failed, so a remembered cloud chat cannot be found. */
  listFailed: boolean;
  onRetryList: () => void;
  onSuggestion: (text: string) => void;
}) {
  const scrollBox = useRef<HTMLElement>(null);
  // Deferred: a chat's stored messages (Markdown each) render in a background pass React splits
  // into slices, leaving a phone free to answer taps (issue 27).
  const cloud = useDeferredValue(useChatMessages(chat && !chat.local ? chat.id : null));
  const local = useLocalChats();
  const localChat = chat?.local ? local.find((c) => c.id === chat.id) : undefined;

  const messages = useMemo(() => {
    const stored: ChatMessageView[] = localChat
      ? localChat.messages.map(fromLocalMessage)
      : (cloud.data ?? []).map((m) => ({
          ...fromServerMessage(m),
          key: revealKeys.get(m.id) ?? m.id,
        }));
    const shown = visibleMessages(stored);
    if (!pending || pending.chatId !== activeId) return shown;
    // Once the reply is stored (under the same key), the stored exchange replaces this one.
    if (shown.some((m) => m.key === pending.view.key)) return shown;
    return [...shown, ...(pending.user ? [pending.user] : []), pending.view];
  }, [localChat, cloud.data, revealKeys, pending, activeId]);

  const loadingChat = activeId !== null && !chat && !pending && !listFailed;
  const loadingMessages = chat && !chat.local && cloud.isPending;

  let body: ReactNode;
  if (loadingChat || (loadingMessages && messages.length === 0)) {
    body = (
      <div className="flex flex-col gap-4" aria-hidden>
        <Skeleton className="ml-auto h-10 w-2/3" />
        <Skeleton className="h-24 w-5/6" />
        <Skeleton className="ml-auto h-10 w-1/2" />
      </div>
    );
  } else if (
    (chat && !chat.local && cloud.isError && messages.length === 0) ||
    (activeId !== null && !chat && listFailed)
  ) {
    body = (
      <Alert tone="error">
        <p>This chat's messages could not be loaded. Check your connection and try again.</p>
        <Button
          size="sm"
          variant="secondary"
          className="mt-2"
          onClick={() => (chat ? void cloud.refetch() : onRetryList())}
        >
          Retry
        </Button>
      </Alert>
    );
  } else if (messages.length === 0) {
    body = <Intro plantName={plantName} onSuggestion={onSuggestion} />;
  } else {
    body = <MessageList messages={messages} scrollBox={scrollBox} />;
  }

  return (
    <section
      ref={scrollBox}
      aria-label="Conversation"
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must scroll from the keyboard too
      tabIndex={0}
      className={cn(
        "relative flex min-h-0 flex-1 flex-col overflow-y-auto overscroll-contain px-4 py-4 sm:px-6",
        focusRing,
        "focus-visible:-outline-offset-2",
      )}
    >
      {body}
    </section>
  );
}
