/**
 * The part of autocannon 8's programmatic API the bench and load scripts use (the package ships no
 * types; see node_modules/autocannon/README.md). Functions here run in this process, so no workers.
 */
declare module "autocannon" {
  import type { EventEmitter } from "node:events";

  namespace autocannon {
    interface Request {
      method?: string;
      path?: string;
      headers?: Record<string, string>;
      body?: string | Buffer;
      /** Called before each send; returns the request to send (falsy restarts the sequence). */
      setupRequest?: (request: Request, context: Record<string, unknown>) => Request | undefined;
      onResponse?: (
        status: number,
        body: string,
        context: Record<string, unknown>,
        headers: Record<string, string | string[]>,
      ) => void;
    }

    interface Options {
      url: string;
      connections?: number;
      /** Seconds. */
      duration?: number;
      amount?: number;
      /** Seconds without a response before a request counts as a timeout (an error). */
      timeout?: number;
      pipelining?: number;
      method?: string;
      headers?: Record<string, string>;
      body?: string | Buffer;
      requests?: Request[];
      /** A run with these options replacing the main ones goes first and is not measured. */
      warmup?: { connections?: number; duration?: number };
      maxOverallRequests?: number;
      title?: string;
    }

    interface Histogram {
      average: number;
      mean: number;
      stddev: number;
      min: number;
      max: number;
      total: number;
      p50: number;
      p90: number;
      p97_5: number;
      p99: number;
      p99_9: number;
    }

    interface Result {
      title?: string;
      url: string;
      /** Per-second samples of completed requests; `total` counts them all. */
      requests: Histogram & { sent: number };
      /** Milliseconds, recorded as whole numbers. */
      latency: Histogram & { totalCount: number };
      /** Per-second samples of bytes read. */
      throughput: Histogram;
      /** Seconds. */
      duration: number;
      /** Socket errors, timeouts included. */
      errors: number;
      timeouts: number;
      mismatches: number;
      non2xx: number;
      resets: number;
      statusCodeStats: Record<string, { count: number }>;
      warmup?: Result;
    }

    interface Instance extends EventEmitter, PromiseLike<Result> {
      stop(): void;
      on(
        event: "response",
        listener: (client: unknown, status: number, bytes: number, ms: number) => void,
      ): this;
      on(event: "start", listener: () => void): this;
      on(event: "reqError", listener: (error: Error) => void): this;
      on(event: "done", listener: (result: Result) => void): this;
    }
  }

  function autocannon(options: autocannon.Options): autocannon.Instance;
  export = autocannon;
}
