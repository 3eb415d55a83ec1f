import http from "node:http";
import { createParser, type EventSourceParser } from "eventsource-parser";

export interface ReceivedEvent {
  event: string;
  data: unknown;
}

/** An event with the `id:` line it came with, if any. */
export interface IdentifiedEvent extends ReceivedEvent {
  id: string | undefined;
}

/** The events /api/events sends about the stream itself, not about a change. */
const STREAM_EVENTS = new Set(["ready", "reset"]);

export interface EventStream {
  status: number;
  /** The changes, as `{ event, data }`: every event but `ready` and `reset`. */
  events: ReceivedEvent[];
  /** Every event in order, `ready` and `reset` included, with its id. */
  received: IdentifiedEvent[];
  /** Resolves once `count` changes have arrived (or rejects after timeoutMs). */
  waitFor(count: number, timeoutMs?: number): Promise<ReceivedEvent[]>;
  /** Resolves with the first `ready` or `reset`: the stream is live from then on. */
  opened: Promise<IdentifiedEvent>;
  /** Resolves when the server ends the stream. */
  ended: Promise<void>;
  close(): void;
}

/** A text/event-stream parser handing on each event with its `data:` read as JSON. */
function eventParser(onEvent: (event: IdentifiedEvent) => void): EventSourceParser {
  return createParser({
    onEvent: ({ event, data, id }) =>
      onEvent({ event: event ?? "message", data: data ? JSON.parse(data) : null, id }),
  });
}

/** Every event of a whole text/event-stream body, in order. */
export function parseEventStream(body: string): ReceivedEvent[] {
  const events: ReceivedEvent[] = [];
  eventParser(({ event, data }) => events.push({ event, data })).feed(body);
  return events;
}

/**
 * Opens a real HTTP text/event-stream connection and parses its events as they arrive; `headers`
 * adds request headers (Last-Event-ID, an API token's Authorization).
 */
export function openEventStream(
  url: string,
  cookie?: string,
  headers: Record<string, string> = {},
): Promise<EventStream> {
  return new Promise((resolve, reject) => {
    const sent = { ...(cookie ? { cookie } : {}), ...headers };
    const request = http.get(url, { headers: sent }, (response) => {
      const events: ReceivedEvent[] = [];
      const received: IdentifiedEvent[] = [];
      const waiters: (() => void)[] = [];
      let open: (event: IdentifiedEvent) => void = () => {};
      const opened = new Promise<IdentifiedEvent>((done) => (open = done));
      const parser = eventParser((event) => {
        received.push(event);
        if (STREAM_EVENTS.has(event.event)) open(event);
        else events.push({ event: event.event, data: event.data });
      });
      response.setEncoding("utf8");
      response.on("data", (chunk: string) => {
        parser.feed(chunk);
        for (const wake of waiters.splice(0)) wake();
      });
      const ended = new Promise<void>((done) => response.on("end", done));
      resolve({
        status: response.statusCode ?? 0,
        events,
        received,
        opened,
        ended,
        waitFor(count, timeoutMs = 3000) {
          return new Promise((done, fail) => {
            const timer = setTimeout(
              () => fail(new Error(`only ${events.length} of ${count} events arrived`)),
              timeoutMs,
            );
            const check = () => {
              if (events.length >= count) {
                clearTimeout(timer);
                done(events);
              } else waiters.push(check);
            };
            check();
          });
        },
        close: () => request.destroy(),
      });
    });
    request.on("error", reject);
  });
}
