import type { FastifyPluginAsync } from "fastify";
import { currentUser } from "../auth/session";
import { AppError } from "../errors";
import { type ChangeBus, isLiveChange } from "./bus";

/** A comment line this often keeps proxies from closing an idle stream (API.md). */
export const HEARTBEAT_MS = 25_000;
/** API.md: at most this many open streams per user (per instance); the next one is refused. */
export const MAX_STREAMS_PER_USER = 10;

/** GET /api/events: the signed-in user's changes as Server-Sent Events. */
export function eventsRoute(bus: ChangeBus): FastifyPluginAsync {
  return async (app) => {
    const open = new Set<() => void>();
    const streamsOf = new Map<string, number>();
    // Once this instance hears changes again after a gap, its streams may have missed some (and
    // some sessions may have ended unheard): end them all. The browser reconnects, which lets in
    // only sessions that still exist, and refetches what it shows (API.md "Live changes").
    const stopFollowing = bus.subscribeListening((listening) => {
      if (listening) for (const end of open) end();
    });
    // Open streams would keep app.close() waiting forever; end them first.
    app.addHook("preClose", async () => {
      stopFollowing();
      for (const end of open) end();
    });

    app.get(
      "/api/events",
      { schema: { tags: ["live"], summary: "Live changes (text/event-stream)" } },
      (request, reply) => {
        const user = currentUser(request);
        const streams = streamsOf.get(user.id) ?? 0;
        if (streams >= MAX_STREAMS_PER_USER) {
          reply.header("retry-after", "30");
          throw new AppError(
            429,
            "rate_limited",
            `You already have ${MAX_STREAMS_PER_USER} live-update connections open. Close some Tendril tabs or windows, then reload this one.`,
          );
        }
        streamsOf.set(user.id, streams + 1);
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
          if (isLiveChange(event)) {
            res.write(`event: ${event.type}\ndata: ${JSON.stringify({ id: event.id })}\n\n`);
          } else if (event.type === "sessions.ended") {
            // The browser reconnects at once; a session that still exists is let in again.
            end();
          }
        });
        const heartbeat = setInterval(() => res.write(": keep-alive\n\n"), HEARTBEAT_MS);
        const end = () => {
          if (!open.delete(end)) return;
          const left = (streamsOf.get(user.id) ?? 1) - 1;
          if (left > 0) streamsOf.set(user.id, left);
          else streamsOf.delete(user.id);
          clearInterval(heartbeat);
          unsubscribe();
          res.end();
        };
        open.add(end);
        request.raw.on("close", end);
      },
    );
  };
}
