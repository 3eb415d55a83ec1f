import {
  createServer,
  type IncomingHttpHeaders,
  type IncomingMessage,
  type ServerResponse,
} from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A fake OpenAI-compatible server on loopback: POST /v1/chat/completions, streamed (SSE chunks of
 * `choices[0].delta`, then `data: [DONE]`) or not, as the request's `stream` asks. Each test
 * scripts the replies in order with `enqueue`; a request with nothing scripted answers 500, so a
 * test that makes an unexpected call fails loudly. Every request is recorded.
 */

export type FakeReply =
  /** Text in these pieces: one SSE chunk each when streamed, joined when not. */
  | { kind: "text"; chunks: string[]; delayMs?: number }
  /** One call of a tool, with these arguments (sent as a JSON string, as OpenAI does). */
  | { kind: "tool-call"; name: string; args: unknown }
  /** An HTTP error with an OpenAI-style error body. */
  | { kind: "error"; status: number; message: string }
  /** Headers and body never come: the client has to time out. */
  | { kind: "hang" }
  /** A stream that sends these pieces, then drops the connection mid-reply. */
  | { kind: "drop"; chunks: string[] };

export const text = (...chunks: string[]): FakeReply => ({ kind: "text", chunks });
export const slowText = (delayMs: number, ...chunks: string[]): FakeReply => ({
  kind: "text",
  chunks,
  delayMs,
});
export const toolCall = (name: string, args: unknown): FakeReply => ({
  kind: "tool-call",
  name,
  args,
});
export const httpError = (status: number, message = "upstream exploded"): FakeReply => ({
  kind: "error",
  status,
  message,
});
export const hang = (): FakeReply => ({ kind: "hang" });
export const dropAfter = (...chunks: string[]): FakeReply => ({ kind: "drop", chunks });

/** The parts of a chat completion request the tests look at. */
export interface ChatCompletionRequest {
  model: string;
  stream?: boolean;
  messages: { role: string; content: unknown; tool_calls?: unknown; tool_call_id?: string }[];
  tools?: {
    type: string;
    function: { name: string; description?: string; parameters?: unknown };
  }[];
  [key: string]: unknown;
}

export interface RecordedRequest {
  path: string;
  headers: IncomingHttpHeaders;
  body: ChatCompletionRequest;
}

export interface FakeOpenAiCompatible {
  /** What AI_BASE_URL would be: `http://127.0.0.1:<port>/v1`. */
  baseUrl: string;
  requests: RecordedRequest[];
  enqueue(...replies: FakeReply[]): void;
  /** Forgets scripted replies and recorded requests (between tests). */
  reset(): void;
  close(): Promise<void>;
}

const MODEL = "fake-model";
let nextId = 0;

function chunk(delta: Record<string, unknown>, finishReason: string | null = null): string {
  const body = {
    id: `chatcmpl-${nextId}`,
    object: "chat.completion.chunk",
    created: Math.floor(Date.now() / 1000),
    model: MODEL,
    choices: [{ index: 0, delta, finish_reason: finishReason }],
  };
  return `data: ${JSON.stringify(body)}\n\n`;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function readJson(req: IncomingMessage): Promise<unknown> {
  const parts: Buffer[] = [];
  for await (const part of req) parts.push(part as Buffer);
  return JSON.parse(Buffer.concat(parts).toString("utf8"));
}

async function stream(res: ServerResponse, reply: FakeReply & { kind: "text" | "tool-call" }) {
  res.writeHead(200, {
    "content-type": "text/event-stream",
    "cache-control": "no-cache",
    connection: "keep-alive",
  });
  if (reply.kind === "text") {
    res.write(chunk({ role: "assistant", content: "" }));
    for (const piece of reply.chunks) {
      // Each piece is flushed on its own, so the client sees separate chunks in order.
      await sleep(reply.delayMs ?? 5);
      res.write(chunk({ content: piece }));
    }
    res.write(chunk({}, "stop"));
  } else {
    const call = { index: 0, id: `call_${nextId}`, type: "function" };
    const args = JSON.stringify(reply.args);
    const half = Math.floor(args.length / 2);
    // Arguments arrive split over two chunks, as real servers send them.
    res.write(
      chunk({
        role: "assistant",
        tool_calls: [{ ...call, function: { name: reply.name, arguments: args.slice(0, half) } }],
      }),
    );
    await sleep(5);
    res.write(chunk({ tool_calls: [{ index: 0, function: { arguments: args.slice(half) } }] }));
    res.write(chunk({}, "tool_calls"));
  }
  res.end("data: [DONE]\n\n");
}

function complete(res: ServerResponse, reply: FakeReply & { kind: "text" | "tool-call" }) {
  const message =
    reply.kind === "text"
      ? { role: "assistant", content: reply.chunks.join("") }
      : {
          role: "assistant",
          content: null,
          tool_calls: [
            {
              id: `call_${nextId}`,
              type: "function",
              function: { name: reply.name, arguments: JSON.stringify(reply.args) },
            },
          ],
        };
  res.writeHead(200, { "content-type": "application/json" });
  res.end(
    JSON.stringify({
      id: `chatcmpl-${nextId}`,
      object: "chat.completion",
      created: Math.floor(Date.now() / 1000),
      model: MODEL,
      choices: [
        { index: 0, message, finish_reason: reply.kind === "text" ? "stop" : "tool_calls" },
      ],
      usage: { prompt_tokens: 10, completion_tokens: 5, total_tokens: 15 },
    }),
  );
}

export async function startFakeOpenAiCompatible(): Promise<FakeOpenAiCompatible> {
  const queue: FakeReply[] = [];
  const requests: RecordedRequest[] = [];

  const server = createServer((req, res) => {
    void (async () => {
      const path = (req.url ?? "").split("?")[0] ?? "";
      if (req.method !== "POST" || path !== "/v1/chat/completions") {
        res.writeHead(404, { "content-type": "application/json" });
        res.end(JSON.stringify({ error: { message: "Not found", type: "invalid_request_error" } }));
        return;
      }
      const body = (await readJson(req)) as ChatCompletionRequest;
      requests.push({ path, headers: req.headers, body });
      nextId++;
      const reply = queue.shift() ?? httpError(500, "fake: no reply scripted for this request");
      if (reply.kind === "hang") return;
      if (reply.kind === "drop") {
        res.writeHead(200, { "content-type": "text/event-stream" });
        for (const piece of reply.chunks) {
          await sleep(5);
          res.write(chunk({ content: piece }));
        }
        await sleep(5);
        res.destroy();
        return;
      }
      if (reply.kind === "error") {
        res.writeHead(reply.status, { "content-type": "application/json" });
        res.end(JSON.stringify({ error: { message: reply.message, type: "server_error" } }));
        return;
      }
      if (body.stream) await stream(res, reply);
      else complete(res, reply);
    })().catch((error: unknown) => {
      if (!res.headersSent) res.writeHead(400, { "content-type": "application/json" });
      res.end(JSON.stringify({ error: { message: String(error) } }));
    });
  });

  // Idle keep-alive sockets stay open until close(): Node's 5 s default let the fake close one
  // just as the client sent its next POST on it (under load), which fetch does not retry, so a
  // turn failed over to the built-in engine with no request seen (llm-turn.test.ts, now and then).
  server.keepAliveTimeout = 0;
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;

  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    requests,
    enqueue: (...replies) => queue.push(...replies),
    reset() {
      queue.length = 0;
      requests.length = 0;
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        // Hanging replies keep their sockets open; close them so the server can stop.
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
