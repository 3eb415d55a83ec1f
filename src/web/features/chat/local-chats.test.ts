import { beforeEach, describe, expect, it } from "vitest";
import { DEFAULT_CHAT_TITLE } from "../../../core/schemas/chat";
import { cleanTitle, titleFromMessage } from "./chat-title";
import {
  isLocalChatId,
  type LocalChat,
  localChats,
  normalizeLocalChats,
  randomId,
  withMessage,
  withNewChat,
} from "./local-chats";

const at = (minute: number) => new Date(Date.UTC(2026, 4, 1, 9, minute));
const userSays = (content: string, minute = 0) => ({
  role: "user" as const,
  content,
  createdAt: at(minute).toISOString(),
  sources: [],
});

describe("chat titles", () => {
  it("takes the first 60 characters of the first message, line breaks as spaces", () => {
    const long = `When should I water my tomato?\n\nIt is ${"very ".repeat(20)}hot`;
    const title = titleFromMessage(long);
    expect(title).toHaveLength(60);
    expect(title.startsWith("When should I water my tomato? It is very")).toBe(true);
    expect(titleFromMessage("  Basil  ")).toBe("Basil");
  });

  it("never cuts an emoji in half", () => {
    const title = titleFromMessage(`${"a".repeat(59)}🍅 ripe?`);
    expect(title).toBe("a".repeat(59));
  });

  it("ignores an empty rename", () => {
    expect(cleanTitle("   ")).toBeNull();
    expect(cleanTitle(" Tomatoes ")).toBe("Tomatoes");
    expect(cleanTitle("x".repeat(80))).toHaveLength(60);
  });
});

describe("local chats", () => {
  beforeEach(() => localStorage.clear());

  it("get 'local-' ids and start as 'Untitled chat'", () => {
    const { chat } = withNewChat([], { plantContextId: "p1" }, at(0));
    expect(chat.id).toMatch(/^local-[0-9a-f-]{36}$/);
    expect(isLocalChatId(chat.id)).toBe(true);
    expect(isLocalChatId("4f1c")).toBe(false);
    expect(chat).toMatchObject({ title: DEFAULT_CHAT_TITLE, plantContextId: "p1", messages: [] });
    expect(randomId()).not.toBe(randomId());
  });

  it("keep the newest first, and a chat with a new message moves to the top", () => {
    let chats: LocalChat[] = [];
    const first = withNewChat(chats, {}, at(0));
    chats = first.chats;
    const second = withNewChat(chats, {}, at(1));
    chats = second.chats;
    expect(chats.map((c) => c.id)).toEqual([second.chat.id, first.chat.id]);
    chats = withMessage(chats, first.chat.id, userSays("Aphids on my roses", 2), at(2));
    expect(chats.map((c) => c.id)).toEqual([first.chat.id, second.chat.id]);
  });

  it("take their title from the first message only, and keep a title given by hand", () => {
    let { chats, chat } = withNewChat([], {}, at(0));
    chats = withMessage(chats, chat.id, userSays("When should I water my tomato?"), at(1));
    chats = withMessage(chats, chat.id, userSays("And feed it?"), at(2));
    expect(chats[0]?.title).toBe("When should I water my tomato?");
    ({ chats, chat } = withNewChat(chats, { title: "Roses" }, at(3)));
    chats = withMessage(chats, chat.id, userSays("Black spots"), at(4));
    expect(chats[0]?.title).toBe("Roses");
  });

  it("read what is stored defensively: bad entries dropped, unavailable replies purged", () => {
    const stored = [
      { id: "cloud-id", title: "x", updatedAt: at(5).toISOString(), messages: [] },
      "garbage",
      {
        id: "local-a",
        title: "",
        updatedAt: at(1).toISOString(),
        messages: [
          userSays("Hi"),
          {
            role: "assistant",
            content: "Chat service is temporarily unavailable. Try later.",
            createdAt: at(1).toISOString(),
          },
          { role: "assistant", content: "Hello!", createdAt: at(1).toISOString() },
        ],
      },
      { id: "local-b", title: "Newer", updatedAt: at(2).toISOString(), messages: "nope" },
    ];
    const chats = normalizeLocalChats(stored);
    expect(chats.map((c) => c.id)).toEqual(["local-b", "local-a"]);
    expect(chats[1]?.title).toBe(DEFAULT_CHAT_TITLE);
    expect(chats[1]?.messages.map((m) => m.content)).toEqual(["Hi", "Hello!"]);
    expect(chats[0]?.messages).toEqual([]);
    expect(normalizeLocalChats({ not: "a list" })).toEqual([]);
  });

  it("persist under localChats and tell subscribers", () => {
    let calls = 0;
    const stop = localChats.subscribe(() => {
      calls += 1;
    });
    const chat = localChats.create({ plantContextId: null });
    localChats.addMessage(chat.id, { ...userSays("Is it too late to sow peas?"), id: "m1" });
    localChats.addMessage(chat.id, {
      id: "m2",
      role: "assistant",
      content: "Not yet.",
      createdAt: at(1).toISOString(),
      sources: [{ title: "Peas", ref: "kb:peas" }],
      engine: "built-in",
    });
    const stored = JSON.parse(localStorage.getItem("localChats") ?? "[]");
    expect(stored[0]).toMatchObject({
      id: chat.id,
      title: "Is it too late to sow peas?",
      plantContextId: null,
      messages: [
        { role: "user", content: "Is it too late to sow peas?" },
        { role: "assistant", content: "Not yet.", sources: [{ title: "Peas", ref: "kb:peas" }] },
      ],
    });
    expect(localChats.read()).toBe(localChats.read());
    localChats.removeMessage(chat.id, "m2");
    expect(localChats.get(chat.id)?.messages).toHaveLength(1);
    localChats.rename(chat.id, "Peas");
    expect(localChats.get(chat.id)?.title).toBe("Peas");
    localChats.remove(chat.id);
    expect(localChats.read()).toEqual([]);
    expect(calls).toBe(6);
    stop();
  });
});
