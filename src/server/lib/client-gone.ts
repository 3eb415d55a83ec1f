import type { FastifyReply } from "fastify";

/**
 * A signal that aborts if the client closes the connection before the reply is sent, so slow
 * work for it (a photo waiting for the plant model) can be dropped.
 */
export function abortWhenClientLeaves(reply: FastifyReply): AbortSignal {
  const controller = new AbortController();
  reply.raw.once("close", () => {
    if (!reply.raw.writableFinished)
      controller.abort(new Error("the client closed the connection"));
  });
  return controller.signal;
}
