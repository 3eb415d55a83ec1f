import type { FastifyReply, FastifyRequest } from "fastify";
import { AppError } from "../../errors";

/** Whether the client asked for Server-Sent Events (API.md: `Accept: text/event-stream`). */
export const wantsEventStream = (request: FastifyRequest) =>
  (request.headers.accept ?? "").includes("text/event-stream");

/**
 * Answers with Server-Sent Events once the first event is written. Until then nothing is sent, so
 * a refusal before the reply starts (quota, validation, a missing chat) is still an ordinary JSON
 * error with its own status; after it, a failure becomes one `error` event.
 */
export async function streamReply<T>(
  request: FastifyRequest,
  reply: FastifyReply,
  produce: (send: (event: string, data: unknown) => void, signal: AbortSignal) => Promise<T>,
): Promise<void> {
  let started = false;
  const abort = new AbortController();
  const send = (event: string, data: unknown) => {
    if (!started) {
      started = true;
      reply.hijack();
      reply.raw.on("close", () => {
        if (!reply.raw.writableFinished) abort.abort();
      });
      reply.raw.writeHead(200, {
        ...(reply.getHeaders() as Record<string, string>),
        "content-type": "text/event-stream; charset=utf-8",
        "cache-control": "no-cache, no-transform",
        "x-accel-buffering": "no",
      });
    }
    if (!reply.raw.destroyed) reply.raw.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
  };
  try {
    const result = await produce(send, abort.signal);
    send("done", result);
    reply.raw.end();
  } catch (err) {
    if (!started) throw err;
    const known = err instanceof AppError;
    if (!known) request.log.error({ err }, "a streamed reply failed");
    send("error", {
      code: known ? err.code : "internal",
      message: known ? err.message : "The reply failed part way. Try again.",
    });
    reply.raw.end();
  }
}
