import autocannon from "autocannon";
import { processCpuUs } from "./process-cpu";

export interface LoadOptions {
  port: number;
  connections: number;
  warmupMs: number;
  durationMs: number;
  /** A GET of this path on every request… */
  path?: string;
  headers?: Record<string, string>;
  /** …or what each connection sends, request after request (autocannon's `requests`). */
  requests?: autocannon.Request[];
  /**
   * Names the kind of request a response answers, from the context its `setupRequest` was given,
   * for figures per kind.
   */
  kindOf?: (context: Record<string, unknown>) => string;
  /** The server's process, whose CPU time per response is then measured from outside. */
  serverPid?: number;
}

export interface LoadResult {
  /** Responses received in the measured part, whatever their status. */
  requests: number;
  /** Socket errors, timeouts and responses other than 2xx. */
  errors: number;
  seconds: number;
  rps: number;
  p50: number;
  p99: number;
  max: number;
  bytesPerResponse: number;
  /** Responses by status code ("error" for socket errors and timeouts). */
  statuses: Record<string, number>;
  /**
   * CPU time of this process (the load generator, all its threads) while measured, in cores: near
   * 1 means the figures are the generator's ceiling rather than the server's.
   */
  generatorCores: number;
  /**
   * The server process's CPU time per response while measured, in microseconds (NaN when its pid
   * was not given): unlike throughput, not capped by the load generator sharing the machine.
   */
  serverCpuUsPerResponse: number;
}

export interface MixResult extends LoadResult {
  kinds: Record<string, LoadResult>;
}

/** Latencies, bytes and statuses of one set of responses. */
class Tally {
  private latencies = new Float64Array(1 << 14);
  count = 0;
  bytes = 0;
  errors = 0;
  statuses: Record<string, number> = {};

  add(status: number, bytes: number, ms: number) {
    if (this.count === this.latencies.length) {
      const grown = new Float64Array(this.latencies.length * 2);
      grown.set(this.latencies);
      this.latencies = grown;
    }
    this.latencies[this.count++] = ms;
    this.bytes += bytes;
    this.statuses[status] = (this.statuses[status] ?? 0) + 1;
    if (status < 200 || status > 299) this.errors++;
  }

  result(seconds: number, generatorCores: number, socketErrors = 0): LoadResult {
    const sorted = this.latencies.slice(0, this.count).sort();
    const at = (q: number) =>
      sorted[Math.min(this.count - 1, Math.floor(q * this.count))] ?? Number.NaN;
    return {
      requests: this.count,
      errors: this.errors + socketErrors,
      seconds,
      rps: this.count / seconds,
      p50: at(0.5),
      p99: at(0.99),
      max: sorted[this.count - 1] ?? Number.NaN,
      bytesPerResponse: this.count ? this.bytes / this.count : 0,
      statuses: socketErrors ? { ...this.statuses, error: socketErrors } : { ...this.statuses },
      generatorCores,
      serverCpuUsPerResponse: Number.NaN,
    };
  }
}

/**
 * Closed-loop HTTP/1.1 load on 127.0.0.1 with autocannon: `connections` keep-alive connections,
 * each sending its next request as soon as the previous response is complete (no pipelining),
 * after an unmeasured warm-up of the same shape. Latency is from writing a request to reading its
 * last byte; autocannon keeps whole milliseconds, so each response's exact time is kept here.
 */
export async function runLoad(options: LoadOptions): Promise<MixResult> {
  const all = new Tally();
  const kinds = new Map<string, Tally>();
  // autocannon calls a request's onResponse, then emits "response" for it, in one go.
  let lastKind = "";
  const { kindOf } = options;
  const requests = (options.requests ?? [{ method: "GET", path: options.path ?? "/" }]).map(
    (request): autocannon.Request =>
      kindOf
        ? {
            ...request,
            onResponse(status, body, context, headers) {
              lastKind = kindOf(context);
              request.onResponse?.(status, body, context, headers);
            },
          }
        : request,
  );
  const instance = autocannon({
    url: `http://127.0.0.1:${options.port}`,
    connections: options.connections,
    duration: options.durationMs / 1000,
    ...(options.warmupMs > 0 ? { warmup: { duration: options.warmupMs / 1000 } } : {}),
    headers: options.headers ?? {},
    requests,
  });
  // The measured run starts (after the warm-up, if any) with a "start" event.
  let cpuAtStart = process.cpuUsage();
  let serverCpuAtStart = processCpuUs(options.serverPid);
  instance.on("start", () => {
    cpuAtStart = process.cpuUsage();
    serverCpuAtStart = processCpuUs(options.serverPid);
  });
  instance.on("response", (_client, status, bytes, ms) => {
    all.add(status, bytes, ms);
    if (!kindOf) return;
    let tally = kinds.get(lastKind);
    if (!tally) {
      tally = new Tally();
      kinds.set(lastKind, tally);
    }
    tally.add(status, bytes, ms);
  });
  const result = await instance;
  const cpu = process.cpuUsage(cpuAtStart);
  const cores = (cpu.user + cpu.system) / 1e6 / result.duration;
  const serverCpuAtEnd = processCpuUs(options.serverPid);
  // Socket errors and timeouts cannot be told apart by kind; they count in the total.
  const overall = all.result(result.duration, cores, result.errors);
  return {
    ...overall,
    serverCpuUsPerResponse:
      serverCpuAtStart === undefined || serverCpuAtEnd === undefined || !overall.requests
        ? Number.NaN
        : (serverCpuAtEnd - serverCpuAtStart) / overall.requests,
    kinds: Object.fromEntries(
      [...kinds].map(([kind, tally]) => [kind, tally.result(result.duration, cores)]),
    ),
  };
}
