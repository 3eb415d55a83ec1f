import http from "node:http";
import { createParser, type EventSourceParser } from "eventsource-parser";

export interface ReceivedEvent {
  event: string;
  data: unknown;
}

export interface EventStream {
  status: number;
  events: ReceivedEvent[];
  /** Resolves once `count` events have arrived (or rejects after timeoutMs). */
  waitFor(count: number, timeoutMs?: number): Promise<ReceivedEvent[]>;
  /** Resolves when the server ends the stream. */
  ended: Promise<void>;
  close(): void;
}

/** A text/event-stream parser handing on each event with its `data:` read as JSON. */
function eventParser(onEvent: (event: ReceivedEvent) => void): EventSourceParser {
  return createParser({
    onEvent: ({ event, data }) =>
      onEvent({ event: event ?? "message", data: data ? JSON.parse(data) : null }),
  });
}

/** Every event of a whole text/event-stream body, in order. */
export function parseEventStream(body: string): ReceivedEvent[] {
  const events: ReceivedEvent[] = [];
  eventParser((event) => events.push(event)).feed(body);
  return events;
}

/** Opens a real HTTP text/event-stream connection and parses its events as they arrive. */
export function openEventStream(url: string, cookie?: string): Promise<EventStream> {
  return new Promise((resolve, reject) => {
    const request = http.get(url, { headers: cookie ? { cookie } : {} }, (response) => {
      const events: ReceivedEvent[] = [];
      const parser = eventParser((event) => events.push(event));
      const waiters: (() => void)[] = [];
      response.setEncoding("utf8");
      response.on("data", (chunk: string) => {
        parser.feed(chunk);
        for (const wake of waiters.splice(0)) wake();
      });
      const ended = new Promise<void>((done) => response.on("end", done));
      resolve({
        status: response.statusCode ?? 0,
        events,
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
