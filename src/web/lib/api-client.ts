import type { ErrorCode } from "../../core/error-codes";
import { connectivity } from "./connectivity";
import { noteEventPosition } from "./live-changes";
import { storage } from "./storage";
import { recordFailure } from "./telemetry";

/** Spec §9: each attempt times out after 30 s. */
export const REQUEST_TIMEOUT_MS = 30_000;
const GARDENING_PREFIX = "/api/gardening";

/** A non-OK answer. Its message is the spec's 'HTTP {status} {body}'. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly body: string,
  ) {
    super(`HTTP ${status} ${body}`);
    this.name = "HttpError";
  }

  /** The server's `{ error: { message } }` (or better-auth's `{ message }`), when it sent one. */
  get serverMessage(): string | undefined {
    const parsed = this.parsedBody();
    return parsed?.error?.message ?? parsed?.message;
  }

  /** The server's `{ error: { code } }`: what the web matches on, never the message's words. */
  get serverCode(): string | undefined {
    return this.parsedBody()?.error?.code;
  }

  private parsedBody(): { error?: { code?: string; message?: string }; message?: string } | null {
    try {
      const parsed: unknown = JSON.parse(this.body);
      return parsed && typeof parsed === "object" ? parsed : null;
    } catch {
      return null;
    }
  }
}

/** True when the server answered with this error code (API.md's `{ error: { code } }`). */
export function hasErrorCode(error: unknown, code: ErrorCode): boolean {
  return error instanceof HttpError && error.serverCode === code;
}

export class NetworkError extends Error {
  constructor(path: string, bases: string[]) {
    super(
      `Network error while fetching ${path} (tried bases: ${bases.map((b) => b || "same origin").join(", ")})`,
    );
    this.name = "NetworkError";
  }
}

/** A message for a person: the server's own words where it gave some. */
export function errorMessage(
  error: unknown,
  fallback = "Something went wrong. Please try again.",
): string {
  if (error instanceof HttpError) return error.serverMessage ?? fallback;
  if (error instanceof Error && error.message) return error.message;
  return fallback;
}

/** Base candidates in order (spec §7): the build-time base, the stored mp.apiBase, same origin. */
export function apiBases(): string[] {
  const candidates = [import.meta.env.VITE_API_BASE as string | undefined, storage.apiBase(), ""];
  const bases = candidates
    .filter((base): base is string => typeof base === "string")
    .map((base) => base.replace(/\/+$/, ""));
  return [...new Set(bases)];
}

/**
 * The path variants tried against each base. Application-API calls (/api/gardening/…) also try a
 * serverless-functions prefix and the bare /gardening/… form, for deployments that mount the API
 * elsewhere; every other path has one form.
 */
export function pathVariants(path: string): string[] {
  if (!path.startsWith(`${GARDENING_PREFIX}/`)) return [path];
  const rest = path.slice(GARDENING_PREFIX.length);
  return [path, `/functions${path}`, `/gardening${rest}`];
}

let zone: { name: string; at: number } | undefined;

/**
 * The browser's IANA time zone; the server reads "today" in it. Looked up at most once a minute
 * (each look-up makes an Intl format, and every request sends it), so a phone that crosses a
 * zone still says so soon. Each change is also written to the `tz` cookie, which is how requests
 * to our own origin carry it (see `attempt`).
 */
export function timeZone(now = Date.now()): string {
  if (zone && now - zone.at < 60_000) return zone.name;
  let name = "UTC";
  try {
    name = Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC";
  } catch {
    // An engine without Intl's time zones: the server's default.
  }
  if (name !== zone?.name) writeZoneCookie(name);
  zone = { name, at: now };
  return name;
}

/** A year: the cookie outlives any visit, and each look-up that finds a new zone rewrites it. */
const ZONE_COOKIE_SECONDS = 365 * 24 * 3600;

function writeZoneCookie(name: string): void {
  if (typeof document === "undefined") return;
  const secure = location.protocol === "https:" ? "; Secure" : "";
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is not in every browser the app supports (Firefox), and this must be set before the next request.
  document.cookie = `tz=${encodeURIComponent(name)}; Path=/; Max-Age=${ZONE_COOKIE_SECONDS}; SameSite=Lax${secure}`;
}

export interface RequestOptions {
  method?: string;
  /** JSON, or a FormData sent as multipart/form-data. */
  body?: unknown;
  signal?: AbortSignal;
  /** Headers of this request alone, such as an Idempotency-Key. */
  headers?: Record<string, string>;
}

async function attempt(
  url: string,
  options: RequestOptions,
  crossOrigin: boolean,
): Promise<Response> {
  const timeout = AbortSignal.timeout(REQUEST_TIMEOUT_MS);
  const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;
  const hasBody = options.body !== undefined;
  // A FormData body (a photo upload) goes as multipart; the browser writes its content-type.
  const isForm = typeof FormData !== "undefined" && options.body instanceof FormData;
  // The server reads "today" (task groups, repeats) in the gardener's own time zone. On our own
  // origin the tz cookie carries it: a custom header would stop the browser reusing the answers
  // the page preloaded (server/lib/web-shell.ts), so each would be fetched twice.
  const zoneName = timeZone();
  const headers: Record<string, string> = {
    ...options.headers,
    ...(crossOrigin ? { "x-timezone": zoneName } : {}),
  };
  if (hasBody && !isForm) headers["content-type"] = "application/json";
  return fetch(url, {
    method: options.method ?? (hasBody ? "POST" : "GET"),
    headers,
    body: isForm ? (options.body as FormData) : hasBody ? JSON.stringify(options.body) : undefined,
    credentials: crossOrigin ? "include" : "same-origin",
    signal,
  });
}

/** True when a 404 came from something that is not our API (another site at a stale base). */
function isForeignNotFound(response: Response): boolean {
  return (
    response.status === 404 &&
    !(response.headers.get("content-type") ?? "").includes("application/json")
  );
}

/** What `read` answers when the response came from some other app: try the next candidate. */
export const TRY_NEXT = Symbol("try the next base or path variant");

/** One request to one candidate URL, made fresh for each candidate. */
export interface Attempt<T> {
  /** Sends the request; a rejection, unless the caller aborted, moves on to the next candidate. */
  send(url: string, crossOrigin: boolean): Promise<Response>;
  /** Reads an answer that is not a foreign 404: the result, or TRY_NEXT. */
  read(response: Response): Promise<T | typeof TRY_NEXT>;
  /** Runs after the attempt whatever came of it (timers, listeners). */
  finish?(): void;
}

/**
 * Spec §7: tries every base × path variant in order until our API answers, and resolves with what
 * `read` made of that answer. When none answers, the API is marked degraded and NetworkError is
 * thrown. The one loop behind apiRequest, the chat stream and the export download.
 */
export async function firstApiAnswer<T>(
  path: string,
  signal: AbortSignal | undefined,
  start: () => Attempt<T>,
): Promise<T> {
  const bases = apiBases();
  for (const base of bases) {
    for (const variant of pathVariants(path)) {
      const attempt = start();
      try {
        let response: Response;
        try {
          response = await attempt.send(`${base}${variant}`, base !== "");
        } catch (error) {
          if (signal?.aborted) throw error;
          continue;
        }
        if (isForeignNotFound(response)) continue;
        const result = await attempt.read(response);
        if (result !== TRY_NEXT) return result;
      } finally {
        attempt.finish?.();
      }
    }
  }
  throw networkFailure(path, bases);
}

/**
 * Calls the API, trying every base × path variant until one answers. Any good answer clears the
 * degraded flag; a network failure of every attempt, or Tendril's own 5xx, sets it.
 */
export function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  return firstApiAnswer<T>(path, options.signal, () => ({
    send: (url, crossOrigin) => attempt(url, options, crossOrigin),
    read: async (response) => {
      const text = await response.text();
      const isJson = (response.headers.get("content-type") ?? "").includes("application/json");
      // A page (not JSON) at a path variant is some other app answering, not our API.
      if (response.ok && text && !isJson) return TRY_NEXT;
      noteAnswer(response.status);
      if (!response.ok) throw httpFailure(response.status, text);
      noteEventPosition(response.headers.get("x-event-position"));
      return (text ? JSON.parse(text) : undefined) as T;
    },
  }));
}

/**
 * Our API answered: the network is proven to work, and an answer below 500 clears the degraded
 * flag. Whether a 5xx sets it is for `httpFailure`, which reads the body.
 */
export function noteAnswer(status: number): void {
  if (status < 500) connectivity.setDegraded(false);
  // An answer proves the network works, unless the browser itself says it is offline.
  if (navigator.onLine) connectivity.setOffline(false);
}

/**
 * The codes of a 502 in Tendril's own words: a service it relies on (weather, geocoding, cloud
 * plant ID, the AI model) failed. Tendril itself is working, and the screen that asked says what
 * failed and offers a retry, so such an answer does not make the API degraded.
 */
const DEPENDENCY_FAILURE_CODES: readonly string[] = [
  "upstream_unavailable",
  "plan_failed",
] satisfies ErrorCode[];

/** The error for a non-2xx answer; a 5xx also decides the degraded flag and is recorded. */
export function httpFailure(status: number, body: string): HttpError {
  const error = new HttpError(status, body);
  if (status < 500) return error;
  const dependency = status === 502 && DEPENDENCY_FAILURE_CODES.includes(error.serverCode ?? "");
  connectivity.setDegraded(!dependency);
  recordFailure(dependency ? "dependency" : "api", error.message);
  return error;
}

/** No base and path variant answered: the API is marked degraded and the failure recorded. */
function networkFailure(path: string, bases: string[]): NetworkError {
  const error = new NetworkError(path, bases);
  connectivity.setDegraded(true);
  recordFailure("network", error.message);
  return error;
}

export const api = {
  get: <T>(path: string, signal?: AbortSignal) => apiRequest<T>(path, { method: "GET", signal }),
  post: <T>(path: string, body?: unknown, headers?: Record<string, string>) =>
    apiRequest<T>(path, { method: "POST", body: body ?? {}, headers }),
  patch: <T>(path: string, body: unknown) => apiRequest<T>(path, { method: "PATCH", body }),
  put: <T>(path: string, body: unknown) => apiRequest<T>(path, { method: "PUT", body }),
  delete: <T>(path: string) => apiRequest<T>(path, { method: "DELETE" }),
};
