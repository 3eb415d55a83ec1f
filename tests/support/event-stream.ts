import http from "node:http";

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

/** One event of a text/event-stream ("event: …" and "data: <JSON>" lines); null for a comment. */
export function parseEventBlock(block: string): ReceivedEvent | null {
  const lines = block.split("\n");
  const name = lines.find((l) => l.startsWith("event: "))?.slice(7);
  const data = lines.find((l) => l.startsWith("data: "))?.slice(6);
  return name ? { event: name, data: data ? JSON.parse(data) : null } : null;
}

/** Every event of a whole text/event-stream body, in order. */
export function parseEventStream(body: string): ReceivedEvent[] {
  return body
    .split("\n\n")
    .map(parseEventBlock)
    .filter((event): event is ReceivedEvent => event !== null);
}

/** Opens a real HTTP text/event-stream connection and parses its events as they arrive. */
export function openEventStream(url: string, cookie?: string): Promise<EventStream> {
  return new Promise((resolve, reject) => {
    const request = http.get(url, { headers: cookie ? { cookie } : {} }, (response) => {
      const events: ReceivedEvent[] = [];
      let buffer = "";
      const waiters: (() => void)[] = [];
      response.setEncoding("utf8");
      response.on("data", (chunk: string) => {
        buffer += chunk;
        let end = buffer.indexOf("\n\n");
        while (end !== -1) {
          const event = parseEventBlock(buffer.slice(0, end));
          buffer = buffer.slice(end + 2);
          if (event) events.push(event);
          end = buffer.indexOf("\n\n");
        }
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
