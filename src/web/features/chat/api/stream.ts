import {
  firstApiAnswer,
  httpFailure,
  noteAnswer,
  REQUEST_TIMEOUT_MS,
  TRY_NEXT,
  timeZone,
} from "../../../lib/api-client";
import { readSseStream } from "../sse";

/** The stream said `event: error`, or ended (or stalled) before its `done`. */
export class ChatStreamError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = "ChatStreamError";
  }
}

export interface StreamHandlers {
  /** Each piece of the reply, in order; the first is the greeting. */
  onDelta: (text: string) => void;
  signal?: AbortSignal;
}

function parse(data: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(data);
    return value && typeof value === "object" ? (value as Record<string, unknown>) : {};
  } catch {
    throw new ChatStreamError("bad_event", "The reply arrived garbled.");
  }
}

/**
 * POSTs a chat message asking for Server-Sent Events and resolves with the `done` event's data
 * (or the JSON answer of a server that does not stream). Like `apiRequest` it tries every base
 * × path variant until one answers and keeps the degraded flag; each attempt times out after
 * 30 s without a byte, so a long reply that keeps arriving is never cut off.
 */
export function postChatStream(
  path: string,
  body: unknown,
  { onDelta, signal }: StreamHandlers,
): Promise<Record<string, unknown>> {
  return firstApiAnswer(path, signal, () => {
    const controller = new AbortController();
    const abort = () => controller.abort(signal?.reason);
    signal?.addEventListener("abort", abort);
    let timer: ReturnType<typeof setTimeout> | undefined;
    const touch = () => {
      clearTimeout(timer);
      timer = setTimeout(
        () => controller.abort(new DOMException("The chat request timed out.", "TimeoutError")),
        REQUEST_TIMEOUT_MS,
      );
    };
    touch();
    return {
      send: (url, crossOrigin) =>
        fetch(url, {
          method: "POST",
          headers: {
            "content-type": "application/json",
            accept: "text/event-stream",
            "x-timezone": timeZone(),
          },
          body: JSON.stringify(body),
          credentials: crossOrigin ? "include" : "same-origin",
          signal: controller.signal,
        }),
      read: async (response) => {
        const type = response.headers.get("content-type") ?? "";
        noteAnswer(response.status);
        if (!response.ok) throw httpFailure(response.status, await response.text());
        if (type.includes("text/event-stream") && response.body) {
          return readEvents(response.body, onDelta, touch, signal);
        }
        const text = await response.text();
        // A page (not JSON) at a path variant is some other app answering, not our API.
        if (!type.includes("application/json")) return TRY_NEXT;
        return parse(text);
      },
      finish: () => {
        clearTimeout(timer);
        signal?.removeEventListener("abort", abort);
        controller.abort();
      },
    };
  });
}

/** The stream's deltas handed on, resolving with its `done` data; rejects on `error` or a cut. */
async function readEvents(
  body: ReadableStream<Uint8Array>,
  onDelta: (text: string) => void,
  touch: () => void,
  signal: AbortSignal | undefined,
): Promise<Record<string, unknown>> {
  let done: Record<string, unknown> | undefined;
  let failure: ChatStreamError | undefined;
  try {
    await readSseStream(
      body,
      (event) => {
        if (done || failure) return;
        const data = parse(event.data);
        if (event.event === "delta" && typeof data.text === "string") onDelta(data.text);
        else if (event.event === "done") done = data;
        else if (event.event === "error")
          failure = new ChatStreamError(
            typeof data.code === "string" ? data.code : "stream_error",
            typeof data.message === "string" ? data.message : "The reply failed.",
          );
      },
      touch,
    );
  } catch (error) {
    if (error instanceof ChatStreamError || signal?.aborted) throw error;
    throw new ChatStreamError("interrupted", "The reply stopped before it was complete.");
  }
  if (failure) throw failure;
  if (!done) throw new ChatStreamError("interrupted", "The reply stopped before it was complete.");
  return done;
}
