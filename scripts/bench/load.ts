import net from "node:net";

export interface LoadOptions {
  port: number;
  path: string;
  headers?: Record<string, string>;
  connections: number;
  warmupMs: number;
  durationMs: number;
  /** Stops measuring after this many responses even if time is left. */
  maxRequests: number;
}

export interface LoadResult {
  requests: number;
  errors: number;
  seconds: number;
  rps: number;
  p50: number;
  p99: number;
  max: number;
  bytesPerResponse: number;
}

const HEADER_END = Buffer.from("\r\n\r\n");
const LAST_CHUNK = Buffer.from("\r\n0\r\n\r\n");
const EMPTY = Buffer.alloc(0);

/**
 * A small closed-loop HTTP/1.1 load generator on 127.0.0.1: `connections` keep-alive sockets,
 * each sending the next request as soon as the previous response is complete (as autocannon
 * does, without pipelining). Latency is from writing a request to reading its last byte.
 */
export function runLoad(options: LoadOptions): Promise<LoadResult> {
  const headerLines = Object.entries(options.headers ?? {})
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join("");
  const request = Buffer.from(
    `GET ${options.path} HTTP/1.1\r\nHost: 127.0.0.1:${options.port}\r\n${headerLines}Connection: keep-alive\r\n\r\n`,
  );
  const latencies = new Float64Array(options.maxRequests);
  let recorded = 0;
  let errors = 0;
  let bytes = 0;
  const started = performance.now();
  const measureFrom = started + options.warmupMs;
  const stopAt = measureFrom + options.durationMs;
  let measuredUntil = stopAt;

  return new Promise((resolve) => {
    const sockets: net.Socket[] = [];
    let open = options.connections;
    const finish = () => {
      clearTimeout(guard);
      for (const socket of sockets) socket.destroy();
      const seconds = (Math.min(measuredUntil, performance.now()) - measureFrom) / 1000;
      const sorted = latencies.subarray(0, recorded).sort();
      const at = (q: number) =>
        sorted[Math.min(recorded - 1, Math.floor(q * recorded))] ?? Number.NaN;
      resolve({
        requests: recorded,
        errors,
        seconds,
        rps: recorded / seconds,
        p50: at(0.5),
        p99: at(0.99),
        max: sorted[recorded - 1] ?? Number.NaN,
        bytesPerResponse: recorded ? bytes / recorded : 0,
      });
    };
    const closeOne = () => {
      if (--open === 0) finish();
    };
    // A hung server must not hang the bench.
    const guard = setTimeout(
      () => {
        errors++;
        finish();
      },
      options.warmupMs + options.durationMs + 15_000,
    );

    for (let c = 0; c < options.connections; c++) {
      const socket = net.connect({ host: "127.0.0.1", port: options.port });
      sockets.push(socket);
      socket.setNoDelay(true);
      // Bytes of a response head not yet complete (or of a chunked body, which is rare here).
      let pending: Buffer | null = null;
      // Body bytes still to come of a response with a Content-Length; -1 between responses.
      let remaining = -1;
      let size = 0;
      let status = 0;
      let sentAt = 0;
      let done = false;
      const send = () => {
        sentAt = performance.now();
        socket.write(request);
      };
      const complete = () => {
        const now = performance.now();
        if (sentAt >= measureFrom && recorded < options.maxRequests) {
          if (status === 200) {
            latencies[recorded++] = now - sentAt;
            bytes += size;
          } else errors++;
          if (recorded === options.maxRequests) measuredUntil = now;
        }
        if (now >= stopAt || recorded >= options.maxRequests) {
          done = true;
          socket.end();
          closeOne();
        } else send();
      };
      socket.on("connect", send);
      // Body bytes are counted, not copied, so the generator spends little CPU on large replies.
      socket.on("data", (chunk: Buffer) => {
        let data = chunk;
        while (data.length > 0 && !done) {
          if (remaining >= 0) {
            const take = Math.min(remaining, data.length);
            remaining -= take;
            data = data.subarray(take);
            if (remaining === 0) {
              remaining = -1;
              complete();
            }
            continue;
          }
          const head: Buffer = pending ? Buffer.concat([pending, data]) : data;
          pending = head;
          data = EMPTY;
          const end = head.indexOf(HEADER_END);
          if (end === -1) return;
          const text = head.toString("latin1", 0, end);
          status = Number(text.slice(9, 12));
          const length = /\r\ncontent-length:\s*(\d+)/i.exec(text);
          if (length) {
            const body = Number(length[1]);
            size = end + 4 + body;
            data = head.subarray(end + 4);
            pending = null;
            remaining = body;
            if (body === 0) {
              remaining = -1;
              complete();
            }
          } else {
            const last = head.indexOf(LAST_CHUNK, end);
            if (last === -1) return;
            size = last + LAST_CHUNK.length;
            data = head.subarray(size);
            pending = null;
            complete();
          }
        }
      });
      socket.on("error", () => {
        errors++;
        if (!done) {
          done = true;
          closeOne();
        }
      });
    }
  });
}
