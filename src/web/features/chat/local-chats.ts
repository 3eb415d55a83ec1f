import {
  type AssistantEngine,
  DEFAULT_CHAT_TITLE,
  type MessageAction,
  type MessageSource,
} from "../../../core/schemas/chat";
import { getJson, setJson } from "../../lib/storage";
import { titleFromMessage } from "./chat-title";
import { isUnavailableReply } from "./messages";

/** Spec §3 "Local chat": a chat kept only in this browser (signed out, or the cloud unreachable). */
export interface LocalMessage {
  /** Not in the spec's shape: lets the page keep one reply on screen while it is typed out. */
  id?: string;
  role: "user" | "assistant";
  content: string;
  createdAt: string;
  sources: MessageSource[];
  engine?: AssistantEngine | null;
  actions?: MessageAction[];
}

export interface LocalChat {
  id: string;
  title: string;
  updatedAt: string;
  messages: LocalMessage[];
  plantContextId: string | null;
}

export const LOCAL_CHAT_PREFIX = "local-";
export const isLocalChatId = (id: string | null | undefined): boolean =>
  !!id?.startsWith(LOCAL_CHAT_PREFIX);

/** crypto.randomUUID needs a secure context; a self-hosted server on a LAN address may not be one. */
export function randomId(): string {
  if (typeof crypto.randomUUID === "function") return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

const newestFirst = (a: LocalChat, b: LocalChat) => b.updatedAt.localeCompare(a.updatedAt);

function cleanMessage(value: unknown): LocalMessage | null {
  if (!value || typeof value !== "object") return null;
  const m = value as Partial<LocalMessage>;
  if ((m.role !== "user" && m.role !== "assistant") || typeof m.content !== "string") return null;
  // Spec §8: a stored 'temporarily unavailable' reply is never shown, and is purged.
  if (m.role === "assistant" && isUnavailableReply(m.content)) return null;
  return {
    ...(typeof m.id === "string" ? { id: m.id } : {}),
    role: m.role,
    content: m.content,
    createdAt: typeof m.createdAt === "string" ? m.createdAt : new Date(0).toISOString(),
    sources: Array.isArray(m.sources) ? m.sources : [],
    ...(m.engine ? { engine: m.engine } : {}),
    ...(Array.isArray(m.actions) ? { actions: m.actions } : {}),
  };
}

/** Whatever is stored, as valid chats, newest first; anything unreadable is left out. */
export function normalizeLocalChats(value: unknown): LocalChat[] {
  if (!Array.isArray(value)) return [];
  const chats: LocalChat[] = [];
  for (const item of value) {
    if (!item || typeof item !== "object") continue;
    const c = item as Partial<LocalChat>;
    if (typeof c.id !== "string" || !isLocalChatId(c.id)) continue;
    chats.push({
      id: c.id,
      title: typeof c.title === "string" && c.title.trim() ? c.title : DEFAULT_CHAT_TITLE,
      updatedAt: typeof c.updatedAt === "string" ? c.updatedAt : new Date(0).toISOString(),
      messages: Array.isArray(c.messages)
        ? c.messages.map(cleanMessage).filter((m): m is LocalMessage => m !== null)
        : [],
      plantContextId: typeof c.plantContextId === "string" ? c.plantContextId : null,
    });
  }
  return chats.sort(newestFirst);
}

// --- Pure changes: each returns the new list, newest first. ---

export function withNewChat(
  chats: LocalChat[],
  init: { plantContextId?: string | null; title?: string; messages?: LocalMessage[] },
  now = new Date(),
): { chats: LocalChat[]; chat: LocalChat } {
  const chat: LocalChat = {
    id: `${LOCAL_CHAT_PREFIX}${randomId()}`,
    title: init.title?.trim() || DEFAULT_CHAT_TITLE,
    updatedAt: now.toISOString(),
    messages: init.messages ?? [],
    plantContextId: init.plantContextId ?? null,
  };
  return { chats: [chat, ...chats].sort(newestFirst), chat };
}

/** Adds a message; the chat moves to the top, and its first message names an untitled chat. */
export function withMessage(
  chats: LocalChat[],
  chatId: string,
  message: LocalMessage,
  now = new Date(),
): LocalChat[] {
  return chats
    .map((chat) => {
      if (chat.id !== chatId) return chat;
      const first = message.role === "user" && !chat.messages.some((m) => m.role === "user");
      const title =
        first && chat.title === DEFAULT_CHAT_TITLE
          ? titleFromMessage(message.content) || chat.title
          : chat.title;
      return {
        ...chat,
        title,
        updatedAt: now.toISOString(),
        messages: [...chat.messages, message],
      };
    })
    .sort(newestFirst);
}

export function withTitle(chats: LocalChat[], chatId: string, title: string): LocalChat[] {
  return chats.map((chat) => (chat.id === chatId ? { ...chat, title } : chat));
}

export function withoutChat(chats: LocalChat[], chatId: string): LocalChat[] {
  return chats.filter((chat) => chat.id !== chatId);
}

// --- The store in localStorage (key localChats), shared with React through subscribe. ---

const listeners = new Set<() => void>();
let cache: { raw: string | null; chats: LocalChat[] } = { raw: null, chats: [] };

function rawValue(): string | null {
  try {
    return window.localStorage.getItem("localChats");
  } catch {
    return null;
  }
}

/** The stored chats, the same array for as long as storage is unchanged. */
export function readLocalChats(): LocalChat[] {
  const raw = rawValue();
  if (raw !== cache.raw) cache = { raw, chats: normalizeLocalChats(getJson("localChats")) };
  return cache.chats;
}

function write(chats: LocalChat[]): void {
  setJson("localChats", chats);
  for (const listener of listeners) listener();
}

export const localChats = {
  read: readLocalChats,
  get: (id: string) => readLocalChats().find((chat) => chat.id === id) ?? null,
  create(init: Parameters<typeof withNewChat>[1]): LocalChat {
    const { chats, chat } = withNewChat(readLocalChats(), init);
    write(chats);
    return chat;
  },
  addMessage(chatId: string, message: LocalMessage): void {
    write(withMessage(readLocalChats(), chatId, message));
  },
  removeMessage(chatId: string, messageId: string): void {
    write(
      readLocalChats().map((chat) =>
        chat.id === chatId
          ? { ...chat, messages: chat.messages.filter((m) => m.id !== messageId) }
          : chat,
      ),
    );
  },
  rename(chatId: string, title: string): void {
    write(withTitle(readLocalChats(), chatId, title));
  },
  remove(chatId: string): void {
    write(withoutChat(readLocalChats(), chatId));
  },
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    // Another tab's change arrives as a storage event.
    const onStorage = (event: StorageEvent) => {
      if (event.key === null || event.key === "localChats") listener();
    };
    window.addEventListener("storage", onStorage);
    return () => {
      listeners.delete(listener);
      window.removeEventListener("storage", onStorage);
    };
  },
};
