import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { currentUser } from "../auth/session";
import { AppError } from "../errors";
import { type ChangeBus, type ChangeEvent, isLiveChange } from "./bus";
import { BACKLOG_MS, type EventLog, REPLAY_LIMIT, type Replay } from "./event-log";

/** A comment line this often keeps proxies from closing an idle stream (API.md). */
export const HEARTBEAT_MS = 25_000;
/** API.md: at most this many open streams per user (per instance); the next one is refused. */
export const MAX_STREAMS_PER_USER = 10;

const streamQuery = z.object({
  since: z.coerce
    .number()
    .int()
    .nonnegative()
    .optional()
    .describe("Resume after this event id, as Last-Event-ID does (which wins when both are sent)"),
});

const DESCRIPTION = `Server-Sent Events of the signed-in gardener's changes. Each change carries an \`id:\` line. A stream opened with \`Last-Event-ID\` (the browser sends it when it reconnects) or \`?since=\` (an event id, or the \`X-Event-Position\` header of a read made before the stream opened) is first sent the changes it missed, in order; then \`ready\` (data \`{ position }\`, with its own \`id:\`), then changes as they happen. Changes are kept ${BACKLOG_MS / 60_000} minutes, on every instance alike: an id older than that, one this server never gave, or one more than ${REPLAY_LIMIT} of the gardener's changes behind gets \`reset\` (data \`{ position }\`) instead: refetch everything shown. A stream opened with an API token ends when that token is revoked.`;

/** A stream resumes after Last-Event-ID when it sends one; a value that is no id of ours resets. */
function resumeAfter(header: string | string[] | undefined, since: number | undefined) {
  const value = Array.isArray(header) ? header[0] : header;
  if (value === undefined || value === "") return since;
  return /^\d{1,15}$/.test(value) ? Number(value) : -1;
}

const changeLine = (event: { type: string; id: string; seq?: number | undefined }) =>
  `event: ${event.type}\n${event.seq === undefined ? "" : `id: ${event.seq}\n`}data: ${JSON.stringify({ id: event.id })}\n\n`;

/** GET /api/events: the signed-in user's changes as Server-Sent Events. */
export function eventsRoute(bus: ChangeBus, events: EventLog): FastifyPluginAsyncZod {
  return async (app) => {
    const open = new Set<() => void>();
    const streamsOf = new Map<string, number>();
    // Once this instance hears changes again after a gap, its streams may have missed some (and
    // some sessions may have ended unheard): end them all. The browser reconnects with the last
    // id it saw, which lets in only sessions that still exist and sends what was missed.
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
      {
        schema: {
          tags: ["live"],
          summary: "Live changes (text/event-stream), resumable with Last-Event-ID",
          description: DESCRIPTION,
          querystring: streamQuery,
        },
      },
      async (request, reply) => {
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
        const tokenId = request.apiToken?.id;
        // Listening before the backlog is read: a change made meanwhile is either in the backlog
        // or heard here (or both, and then sent once: only ids past what was sent go out).
        let sent = -1;
        let held: ChangeEvent[] | null = [];
        let write = (_text: string) => {};
        const forward = (event: ChangeEvent) => {
          if (event.seq === undefined || event.seq <= sent) return;
          sent = event.seq;
          write(changeLine(event));
        };
        const unsubscribe = bus.subscribe(user.id, (event) => {
          if (isLiveChange(event)) {
            if (held) held.push(event);
            else forward(event);
          } else if (event.type === "sessions.ended") {
            // The browser reconnects at once; a session that still exists is let in again.
            end();
          } else if (event.type === "token.revoked" && event.id === tokenId) {
            end();
          }
        });
        let heartbeat: ReturnType<typeof setInterval> | undefined;
        let ended = false;
        const end = () => {
          if (ended) return;
          ended = true;
          open.delete(end);
          const left = (streamsOf.get(user.id) ?? 1) - 1;
          if (left > 0) streamsOf.set(user.id, left);
          else streamsOf.delete(user.id);
          clearInterval(heartbeat);
          unsubscribe();
          if (reply.raw.headersSent) reply.raw.end();
        };
        open.add(end);
        request.raw.on("close", end);

        const after = resumeAfter(request.headers["last-event-id"], request.query.since);
        let replay: Replay;
        try {
          replay =
            after === undefined
              ? { reset: false, changes: [], position: await events.last() }
              : after < 0
                ? { reset: true, position: await events.last() }
                : await events.replay(user.id, after);
        } catch (error) {
          end();
          throw error;
        }
        reply.hijack();
        const res = reply.raw;
        // Gone (or its session ended) while the backlog was read.
        if (ended) {
          res.destroy();
          return;
        }
        res.writeHead(200, {
          "content-type": "text/event-stream; charset=utf-8",
          "cache-control": "no-cache, no-transform",
          connection: "keep-alive",
          "x-accel-buffering": "no",
          "x-request-id": request.id,
        });
        let first = ": connected\n\n";
        if (!replay.reset) for (const change of replay.changes) first += changeLine(change);
        const kind = replay.reset ? "reset" : "ready";
        first += `event: ${kind}\nid: ${replay.position}\ndata: ${JSON.stringify({ position: replay.position })}\n\n`;
        res.write(first);
        sent = replay.position;
        write = (text) => res.write(text);
        for (const event of held ?? []) forward(event);
        held = null;
        heartbeat = setInterval(() => res.write(": keep-alive\n\n"), HEARTBEAT_MS);
      },
    );
  };
}
