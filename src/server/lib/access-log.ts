import { type FastifyReply, type FastifyRequest, LogController } from "fastify";

/**
 * Fastify's request lines, one per request: "request completed" (or "request errored") carries the
 * request's method and address beside its status and time, and "incoming request" is not written.
 * Fastify writes both at info, each a serialized line on the event loop that answers requests.
 * Its other lines (404s, error handling) are as Fastify writes them.
 */
export class AccessLog extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    if (this.isLogDisabled(request)) return;
    const line = { req: request, res: reply, responseTime: reply.elapsedTime };
    if (error) reply.log.error({ ...line, err: error }, "request errored");
    else reply.log.info(line, "request completed");
  }
}
