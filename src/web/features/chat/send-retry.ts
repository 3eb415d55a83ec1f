import { HttpError, NetworkError } from "../../lib/api-client";
import { ChatStreamError } from "./api/stream";

/** Spec §9 "Chat retry delay": a failed send is tried once more after 2000 ms. */
export const CHAT_RETRY_DELAY_MS = 2000;

export const CHAT_FAILED_TITLE = "Couldn't reach chat";
export const CLOUD_FAILED_TEXT = "Looks like the assistant is busy. Try again shortly.";
export const LOCAL_FAILED_TEXT =
  "A quick hiccup reaching the assistant. Please try again in a moment.";

/** Codes that say "not now, and not by trying again": the server's own message explains. */
const REFUSAL_CODES = new Set(["quota_exceeded", "rate_limited"]);

/** Worth one more try: the network, a 5xx, or a stream that failed or stopped on the server side. */
export function isRetryable(error: unknown): boolean {
  if (error instanceof NetworkError) return true;
  if (error instanceof HttpError) return error.status >= 500;
  if (error instanceof ChatStreamError) return !REFUSAL_CODES.has(error.code);
  return false;
}

/** The server could not be reached at all (spec §4: then a cloud chat falls back to a local one). */
export const isUnreachable = (error: unknown): boolean => error instanceof NetworkError;

/**
 * The words a refusal came with (429 quota or rate limit, or a 4xx naming what to fix),
 * or null when the gardener should just see the spec's 'Couldn't reach chat' text.
 */
export function refusalMessage(error: unknown): string | null {
  if (error instanceof HttpError && error.status >= 400 && error.status < 500)
    return error.serverMessage ?? null;
  if (error instanceof ChatStreamError && REFUSAL_CODES.has(error.code)) return error.message;
  return null;
}

/** The toast for a send that failed for good. */
export function failureToast(error: unknown, local: boolean) {
  return {
    title: CHAT_FAILED_TITLE,
    description: refusalMessage(error) ?? (local ? LOCAL_FAILED_TEXT : CLOUD_FAILED_TEXT),
    variant: "destructive" as const,
  };
}

/**
 * Runs a send; if it fails in a way worth retrying, waits 2000 ms and runs it once more.
 * `beforeRetry` lets the page put 'Thinking…' back while it waits.
 */
export async function withOneRetry<T>(
  run: () => Promise<T>,
  {
    delayMs = CHAT_RETRY_DELAY_MS,
    sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)),
    beforeRetry,
  }: {
    delayMs?: number;
    sleep?: (ms: number) => Promise<void>;
    beforeRetry?: (error: unknown) => void;
  } = {},
): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (!isRetryable(error)) throw error;
    beforeRetry?.(error);
    await sleep(delayMs);
    return run();
  }
}
