import {
  type AssistantEngine,
  type Message,
  type MessageAction,
  type MessageSource,
  UNAVAILABLE_SERVICE_TEXT,
} from "../../../core/schemas/chat";
import type { LocalMessage } from "./local-chats";

/** One message as the page shows it, whether it came from the server or this browser. */
export interface ChatMessageView {
  /** React key: stays the same while a reply moves from "being typed" to "stored". */
  key: string;
  role: "user" | "assistant";
  content: string;
  createdAt: string;
  sources: MessageSource[];
  actions: MessageAction[];
  engine: AssistantEngine | null;
  /** "thinking" before any text has arrived; "streaming" while it arrives. */
  status?: "thinking" | "streaming";
}

/** Spec §8: assistant messages carrying this text are never shown. */
export function isUnavailableReply(content: string): boolean {
  return content.includes(UNAVAILABLE_SERVICE_TEXT);
}

export function fromServerMessage(message: Message): ChatMessageView {
  return {
    key: message.id,
    role: message.role,
    content: message.content,
    createdAt: message.createdAt,
    sources: message.sources ?? [],
    actions: message.actions ?? [],
    engine: message.engine ?? null,
  };
}

export function fromLocalMessage(message: LocalMessage, index: number): ChatMessageView {
  return {
    key: message.id ?? `${index}-${message.createdAt}`,
    role: message.role,
    content: message.content,
    createdAt: message.createdAt,
    sources: message.sources,
    actions: message.actions ?? [],
    engine: message.engine ?? null,
  };
}

/** What the list shows: unavailable-service replies dropped. */
export function visibleMessages(messages: ChatMessageView[]): ChatMessageView[] {
  return messages.filter((m) => !(m.role === "assistant" && isUnavailableReply(m.content)));
}

/** 'Added task: {title} ({dueDate})', linking to the plant when there is one (else home). */
export function actionLine(action: MessageAction): { text: string; to: string } {
  return {
    text: `Added task: ${action.title}${action.dueDate ? ` (${action.dueDate})` : ""}`,
    to: action.plantId ? `/plants/${encodeURIComponent(action.plantId)}` : "/",
  };
}
