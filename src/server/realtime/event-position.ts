import type { FastifyReply, FastifyRequest } from "fastify";
import type { ChangeBus } from "./bus";

/**
 * onRequest hook of the signed-in routes: every read says, in `X-Event-Position`, where the live
 * changes stood as it began (ChangeBus.position, taken before anything is read). Its answer
 * shows every change numbered up to there, so a page that opens its stream later asks for the
 * changes after its reads' lowest position (`/api/events?since=`) and misses none in between.
 */
export function eventPositionHeader(bus: ChangeBus) {
  return (request: FastifyRequest, reply: FastifyReply, done: () => void) => {
    if (request.method === "GET" || request.method === "HEAD") {
      reply.header("x-event-position", String(bus.position));
    }
    done();
  };
}
