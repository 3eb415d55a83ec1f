import { describe, expect, it } from "vitest";
import type { Message } from "../../../core/schemas/chat";
import { actionLine, fromServerMessage, isUnavailableReply, visibleMessages } from "./messages";

const message = (id: string, role: "user" | "assistant", content: string): Message => ({
  id,
  chatId: "c1",
  role,
  content,
  createdAt: "2026-05-01T09:00:00.000Z",
  sources: [],
  actions: [],
  engine: role === "assistant" ? "built-in" : null,
});

describe("chat messages", () => {
  it("never shows a 'temporarily unavailable' reply", () => {
    const views = [
      message("1", "user", "Chat service is temporarily unavailable?"),
      message("2", "assistant", "Sorry. Chat service is temporarily unavailable."),
      message("3", "assistant", "Water deeply."),
    ].map(fromServerMessage);
    expect(visibleMessages(views).map((m) => m.key)).toEqual(["1", "3"]);
    expect(isUnavailableReply("all good")).toBe(false);
  });

  it("words a created task and links it to its plant, or home", () => {
    expect(
      actionLine({
        kind: "task.created",
        id: "t1",
        title: "Water the tomato",
        plantId: "p 1",
        dueDate: "2026-05-02",
      }),
    ).toEqual({ text: "Added task: Water the tomato (2026-05-02)", to: "/plants/p%201" });
    expect(
      actionLine({ kind: "task.created", id: "t2", title: "Mulch", plantId: null, dueDate: null }),
    ).toEqual({ text: "Added task: Mulch", to: "/" });
  });
});
