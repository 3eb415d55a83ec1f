import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useRef, useState } from "react";
import type { Quota } from "../../../core/schemas/app-config";
import {
  type AssistantEngine,
  type Chat,
  type ChatRequest,
  DEFAULT_CHAT_TITLE,
  type Message,
  type MessageAction,
  type MessageSource,
} from "../../../core/schemas/chat";
import { invalidateGarden } from "../../lib/garden-api";
import { getString, incrementMonthlyCount, storage } from "../../lib/storage";
import { toast } from "../../lib/toast-store";
import { addChatToList, createChat } from "./api/create-chat";
import { chatKeys } from "./api/keys";
import { sendAnonymousMessage } from "./api/send-anonymous-message";
import { sendChatMessage } from "./api/send-message";
import type { StreamHandlers } from "./api/stream";
import { titleFromMessage } from "./chat-title";
import { type LocalMessage, localChats, randomId } from "./local-chats";
import { type ChatMessageView, fromServerMessage } from "./messages";
import { failureToast, isUnreachable, withOneRetry } from "./send-retry";
import type { ChatSummary } from "./use-chat-history";

/**
 * A message on its way: the gardener's words (for a cloud chat, until the server has them) and
 * the assistant's answer, first 'Thinking…', then the text as it arrives. Once the answer is
 * stored under the same key, the stored copy is shown instead.
 */
export interface PendingReply {
  chatId: string;
  user: ChatMessageView | null;
  view: ChatMessageView;
}

interface FinalReply {
  content: string;
  sources: MessageSource[];
  actions: MessageAction[];
  engine: AssistantEngine | null;
  message: Message | null;
  quota: Quota | null;
}

/** What the browser knows of where the gardener grows (spec §7 chat body `context`). */
function browserContext(): NonNullable<ChatRequest["context"]> {
  const context: NonNullable<ChatRequest["context"]> = {};
  const zip = getString("zip");
  const zone = getString("zone");
  const zoneTitle = getString("zoneTitle");
  const tempRange = getString("zoneTempRange");
  if (zip) context.zip = zip;
  if (zone) context.zone = zone;
  if (zoneTitle) context.zoneTitle = zoneTitle;
  if (tempRange) context.tempRange = tempRange;
  return context;
}

const short = (value: string | null | undefined, max: number) =>
  value ? value.slice(0, max) : undefined;

interface Options {
  signedIn: boolean;
  /** The gardener's display name, for the greeting. */
  userName: string | null;
  /** The chat open now, or null for a new one. */
  chat: ChatSummary | null;
  /** The plant a new chat is about (?plantId=). */
  plantId: string | null;
  /** A new chat now exists (or the conversation moved to a local one): open it. */
  onChatOpened: (chat: ChatSummary) => void;
  /** The message did not go out and was not kept: give it back to the input. */
  onReturnDraft: (text: string) => void;
  /** A signed-out send counted in this browser's monthly counter. */
  onCounted: (count: number) => void;
}

/**
 * Sending one message (spec §4, §5, §8): ignored while empty or while another is in flight;
 * the reply starts as 'Thinking…' and streams in; a failed send is retried once after 2000 ms,
 * then its placeholder goes and a toast says so. Signed-out visitors' chats, and a signed-in
 * gardener's when the server cannot be reached, are kept in this browser.
 */
export function useChatSend(options: Options) {
  const queryClient = useQueryClient();
  const [pending, setPending] = useState<PendingReply | null>(null);
  const [sending, setSending] = useState(false);
  const inFlight = useRef(false);
  /** Server message id → the key its reply was typed out under, so it is not typed twice. */
  const [revealKeys] = useState(() => new Map<string, string>());
  const latest = useRef(options);
  latest.current = options;

  const send = useCallback(
    async (text: string): Promise<boolean> => {
      const message = text.trim();
      if (!message || inFlight.current) return false;
      inFlight.current = true;
      setSending(true);
      const { signedIn, userName, plantId, onChatOpened, onReturnDraft, onCounted } =
        latest.current;
      const key = `reply-${randomId()}`;
      const now = () => new Date().toISOString();
      try {
        // 1. The chat the message goes to: the open one, or a new one.
        let target = latest.current.chat;
        if (!target) {
          const created = signedIn ? await newCloudChat(plantId) : null;
          if (created === undefined) {
            onReturnDraft(message);
            return false;
          }
          target = created ?? localSummary(localChats.create({ plantContextId: plantId }));
          onChatOpened(target);
        }
        // The server names an untitled chat after its first message as it takes it; show that now.
        if (!target.local && target.title === DEFAULT_CHAT_TITLE) {
          const chatId = target.id;
          const title = titleFromMessage(message);
          queryClient.setQueryData<Chat[]>(chatKeys.list, (chats) =>
            chats?.map((c) =>
              c.id === chatId && c.title === DEFAULT_CHAT_TITLE ? { ...c, title } : c,
            ),
          );
        }

        // 2. The gardener's message shows at once.
        const userMessage: LocalMessage = {
          id: `user-${key}`,
          role: "user",
          content: message,
          createdAt: now(),
          sources: [],
        };
        const cloudUser: Message = {
          ...userMessage,
          id: `pending-${key}`,
          chatId: target.id,
          actions: [],
          engine: null,
        };
        if (target.local) localChats.addMessage(target.id, userMessage);
        if (!signedIn) onCounted(incrementMonthlyCount());

        // 3. The placeholder, then the reply as it streams in.
        const thinking = (): PendingReply => ({
          chatId: target.id,
          user: target.local
            ? null
            : { ...fromServerMessage(cloudUser), key: userMessage.id ?? key },
          view: {
            key,
            role: "assistant",
            content: "",
            createdAt: now(),
            sources: [],
            actions: [],
            engine: null,
            status: "thinking",
          },
        });
        setPending(thinking());
        const handlers: StreamHandlers = {
          onDelta: (piece) =>
            setPending((p) =>
              p?.view.key === key
                ? {
                    ...p,
                    view: { ...p.view, content: p.view.content + piece, status: "streaming" },
                  }
                : p,
            ),
        };
        const request = async (): Promise<FinalReply> => {
          if (!signedIn) {
            const reply = await sendAnonymousMessage(
              { message, context: browserContext(), userName: short(userName, 100) ?? null },
              handlers,
            );
            return {
              content: reply.reply,
              sources: reply.sources ?? [],
              actions: [],
              engine: reply.engine ?? null,
              message: null,
              quota: null,
            };
          }
          const body: ChatRequest = {
            message,
            context: browserContext(),
            location: short(storage.location(), 200) ?? null,
            userName: short(userName, 100) ?? null,
            plantId: target.plantId,
            ...(target.local ? {} : { chatId: target.id }),
          };
          const reply = await sendChatMessage(body, handlers);
          return {
            content: reply.message?.content ?? reply.reply,
            sources: reply.sources ?? reply.message?.sources ?? [],
            actions: reply.actions ?? reply.message?.actions ?? [],
            engine: reply.engine ?? reply.message?.engine ?? null,
            message: reply.message ?? null,
            quota: reply.quota ?? null,
          };
        };

        let reply: FinalReply;
        try {
          reply = await withOneRetry(request, { beforeRetry: () => setPending(thinking()) });
        } catch (error) {
          setPending(null);
          toast(failureToast(error, target.local));
          if (!target.local) {
            keepOrReturn(target, userMessage, error);
            void queryClient.invalidateQueries({ queryKey: chatKeys.list });
          }
          return true;
        }

        // 4. Stored: the reply keeps its place (and its typing) under the same key.
        if (target.local) {
          localChats.addMessage(target.id, {
            id: key,
            role: "assistant",
            content: reply.content,
            createdAt: now(),
            sources: reply.sources,
            engine: reply.engine,
            actions: reply.actions,
          });
        } else {
          const stored: Message = reply.message ?? {
            id: key,
            chatId: target.id,
            role: "assistant",
            content: reply.content,
            createdAt: now(),
            sources: reply.sources,
            actions: reply.actions,
            engine: reply.engine,
          };
          revealKeys.set(stored.id, key);
          queryClient.setQueryData<Message[]>(chatKeys.messages(target.id), (list = []) => [
            ...list,
            cloudUser,
            stored,
          ]);
          void queryClient.invalidateQueries({ queryKey: chatKeys.messages(target.id) });
          void queryClient.invalidateQueries({ queryKey: chatKeys.list });
        }
        // The exchange stays on screen as it is until the stored copy shows (the list leaves it
        // out from then on), so the reply is never dropped and remounted mid-typing.
        setPending((p) =>
          p?.view.key === key && (target.local || reply.message)
            ? {
                ...p,
                view: {
                  ...p.view,
                  content: reply.content,
                  sources: reply.sources,
                  actions: reply.actions,
                  engine: reply.engine,
                  status: undefined,
                },
              }
            : null,
        );
        if (signedIn) {
          if (reply.quota) queryClient.setQueryData(chatKeys.quota, reply.quota);
          else void queryClient.invalidateQueries({ queryKey: chatKeys.quota });
        }
        if (reply.actions.length > 0) void invalidateGarden(queryClient);
        return true;
      } finally {
        inFlight.current = false;
        setSending(false);
      }

      /** Creates the chat on the server; undefined when that was refused, null when unreachable. */
      async function newCloudChat(plantContextId: string | null) {
        try {
          const created = await createChat(plantContextId ? { plantId: plantContextId } : {});
          addChatToList(queryClient, created);
          return {
            id: created.id,
            title: created.title,
            plantId: created.plantId,
            updatedAt: created.updatedAt,
            local: false,
          } satisfies ChatSummary;
        } catch (error) {
          if (isUnreachable(error)) return null;
          toast(failureToast(error, false));
          return undefined;
        }
      }

      /**
       * A cloud send failed, and the server stored nothing. Unreachable: the conversation so far
       * and this message carry on in a local chat (spec §4). Otherwise the message goes back to
       * the input to try again.
       */
      function keepOrReturn(target: ChatSummary, userMessage: LocalMessage, error: unknown) {
        if (!isUnreachable(error)) {
          onReturnDraft(message);
          return;
        }
        const earlier = queryClient.getQueryData<Message[]>(chatKeys.messages(target.id)) ?? [];
        const firstWords = earlier.find((m) => m.role === "user")?.content ?? message;
        const copy = localChats.create({
          plantContextId: target.plantId,
          title: target.title !== DEFAULT_CHAT_TITLE ? target.title : titleFromMessage(firstWords),
          messages: [
            ...earlier.map(
              (m): LocalMessage => ({
                id: m.id,
                role: m.role,
                content: m.content,
                createdAt: m.createdAt,
                sources: m.sources,
                engine: m.engine,
                actions: m.actions,
              }),
            ),
            userMessage,
          ],
        });
        onChatOpened(localSummary(copy));
      }
    },
    [queryClient, revealKeys],
  );

  const busy = useCallback(() => inFlight.current, []);
  return { send, busy, sending, pending, revealKeys };
}

function localSummary(chat: {
  id: string;
  title: string;
  plantContextId: string | null;
  updatedAt: string;
}): ChatSummary {
  return {
    id: chat.id,
    title: chat.title,
    plantId: chat.plantContextId,
    updatedAt: chat.updatedAt,
    local: true,
  };
}
