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
      let buffer: Buffer = Buffer.alloc(0);
      let need = -1;
      let status = 0;
      let sentAt = 0;
      let done = false;
      const send = () => {
        sentAt = performance.now();
        socket.write(request);
      };
      const complete = (size: number) => {
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
      socket.on("data", (chunk: Buffer) => {
        buffer = buffer.length ? Buffer.concat([buffer, chunk]) : chunk;
        for (;;) {
          if (need === -1) {
            const end = buffer.indexOf(HEADER_END);
            if (end === -1) return;
            const head = buffer.toString("latin1", 0, end);
            status = Number(head.slice(9, 12));
            const length = /\r\ncontent-length:\s*(\d+)/i.exec(head);
            if (length) need = end + 4 + Number(length[1]);
            else {
              const last = buffer.indexOf(LAST_CHUNK, end);
              if (last === -1) return;
              need = last + LAST_CHUNK.length;
            }
          }
          if (buffer.length < need) return;
          const size = need;
          buffer = buffer.subarray(need);
          need = -1;
          complete(size);
          if (done) return;
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
