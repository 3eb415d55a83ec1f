import type { FastifyPluginAsync } from "fastify";
import { currentUser } from "../auth/session";
import type { ChangeBus } from "./bus";

/** A comment line this often keeps proxies from closing an idle stream (API.md). */
export const HEARTBEAT_MS = 25_000;

/** GET /api/events: the signed-in user's changes as Server-Sent Events. */
export function eventsRoute(bus: ChangeBus): FastifyPluginAsync {
  return async (app) => {
    const open = new Set<() => void>();
    // Open streams would keep app.close() waiting forever; end them first.
    app.addHook("preClose", async () => {
      for (const end of open) end();
    });

    app.get(
      "/api/events",
      { schema: { tags: ["live"], summary: "Live changes (text/event-stream)" } },
      (request, reply) => {
        const user = currentUser(request);
        reply.hijack();
        const res = reply.raw;
        res.writeHead(200, {
          "content-type": "text/event-stream; charset=utf-8",
          "cache-control": "no-cache, no-transform",
          connection: "keep-alive",
          "x-accel-buffering": "no",
          "x-request-id": request.id,
        });
        res.write(": connected\n\n");
        const unsubscribe = bus.subscribe(user.id, (event) => {
          res.write(`event: ${event.type}\ndata: ${JSON.stringify({ id: event.id })}\n\n`);
        });
        const heartbeat = setInterval(() => res.write(": keep-alive\n\n"), HEARTBEAT_MS);
        const end = () => {
          clearInterval(heartbeat);
          unsubscribe();
          open.delete(end);
          res.end();
        };
        open.add(end);
        request.raw.on("close", end);
      },
    );
  };
}
