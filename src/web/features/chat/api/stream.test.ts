import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { HttpError, NetworkError } from "../../../lib/api-client";
import { connectivity } from "../../../lib/connectivity";
import { ChatStreamError, postChatStream } from "./stream";

function sse(frames: string[], { close = true } = {}): Response {
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const frame of frames) controller.enqueue(encoder.encode(frame));
      if (close) controller.close();
      else controller.error(new TypeError("network error"));
    },
  });
  return new Response(body, { status: 200, headers: { "content-type": "text/event-stream" } });
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

describe("chat event stream", () => {
  const fetchMock = vi.fn<typeof fetch>();
  beforeEach(() => {
    localStorage.clear();
    vi.stubGlobal("fetch", fetchMock);
    connectivity.setDegraded(false);
  });
  afterEach(() => {
    fetchMock.mockReset();
    vi.unstubAllGlobals();
  });

  it("asks for events, hands on each delta in order and resolves with done", async () => {
    fetchMock.mockResolvedValueOnce(
      sse([
        'event: delta\ndata: {"text":"Hi Rowan,\\n\\n"}\n\nevent: del',
        'ta\ndata: {"text":"Water deeply."}\n\n',
        'event: done\ndata: {"reply":"Hi Rowan,\\n\\nWater deeply.","engine":"built-in"}\n\n',
      ]),
    );
    const pieces: string[] = [];
    const done = await postChatStream(
      "/api/gardening/chat",
      { message: "Water?" },
      {
        onDelta: (text) => pieces.push(text),
      },
    );
    expect(pieces).toEqual(["Hi Rowan,\n\n", "Water deeply."]);
    expect(done).toEqual({ reply: "Hi Rowan,\n\nWater deeply.", engine: "built-in" });
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe("/api/gardening/chat");
    expect(new Headers(init?.headers).get("accept")).toBe("text/event-stream");
    expect(init?.body).toBe(JSON.stringify({ message: "Water?" }));
  });

  it("accepts a plain JSON answer from a server that does not stream", async () => {
    fetchMock.mockResolvedValueOnce(json(200, { reply: "Hi there,\n\nYes." }));
    await expect(
      postChatStream("/api/gardening/chat/anonymous", { message: "x" }, { onDelta: () => {} }),
    ).resolves.toEqual({ reply: "Hi there,\n\nYes." });
  });

  it("turns a refusal before the stream into an HttpError with the server's message", async () => {
    fetchMock.mockResolvedValueOnce(
      json(429, { error: { code: "quota_exceeded", message: "50 a day; more at midnight." } }),
    );
    const error = await postChatStream("/api/gardening/chat", {}, { onDelta: () => {} }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(HttpError);
    expect((error as HttpError).serverMessage).toBe("50 a day; more at midnight.");
    expect(fetchMock).toHaveBeenCalledOnce();
  });

  it("rejects with the stream's error event, or when it stops before done", async () => {
    fetchMock.mockResolvedValueOnce(
      sse([
        'event: delta\ndata: {"text":"Hi"}\n\nevent: error\ndata: {"code":"upstream_unavailable","message":"The model is down."}\n\n',
      ]),
    );
    await expect(
      postChatStream("/api/gardening/chat", {}, { onDelta: () => {} }),
    ).rejects.toMatchObject({ code: "upstream_unavailable", message: "The model is down." });

    fetchMock.mockResolvedValueOnce(sse(['event: delta\ndata: {"text":"Hi"}\n\n']));
    await expect(
      postChatStream("/api/gardening/chat", {}, { onDelta: () => {} }),
    ).rejects.toMatchObject({ code: "interrupted" });

    fetchMock.mockResolvedValueOnce(
      sse(['event: delta\ndata: {"text":"Hi"}\n\n'], { close: false }),
    );
    const cut = await postChatStream("/api/gardening/chat", {}, { onDelta: () => {} }).catch(
      (e: unknown) => e,
    );
    expect(cut).toBeInstanceOf(ChatStreamError);
  });

  it("tries every path variant, then fails as a network error and sets degraded", async () => {
    fetchMock.mockRejectedValue(new TypeError("Failed to fetch"));
    await expect(
      postChatStream("/api/gardening/chat", {}, { onDelta: () => {} }),
    ).rejects.toBeInstanceOf(NetworkError);
    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual([
      "/api/gardening/chat",
      "/functions/api/gardening/chat",
      "/gardening/chat",
    ]);
    expect(connectivity.get().degraded).toBe(true);
  });
});
