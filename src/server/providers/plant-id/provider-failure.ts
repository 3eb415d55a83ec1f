import { AppError } from "../../errors";

/** Why a cloud identification gave no answer. */
export type FailureKind = "timed out" | "unreadable" | "unreachable" | { status: number };

/** What a fetch that threw means: our own timeout, a body that was not JSON, or no connection. */
export function failureOf(error: unknown, timeout: AbortSignal): FailureKind {
  if (timeout.aborted) return "timed out";
  return error instanceof SyntaxError ? "unreadable" : "unreachable";
}

/** The 502 a gardener sees (the offline answer usually stands in; see policy.ts). */
export function providerFailure(provider: string, kind: FailureKind, timeoutMs: number): AppError {
  const again = "Please try again in a few minutes.";
  const message =
    typeof kind === "object"
      ? `${provider} answered with an error (HTTP ${kind.status}). ${again}`
      : kind === "timed out"
        ? `${provider} did not answer within ${Math.round(timeoutMs / 100) / 10} s. ${again}`
        : kind === "unreadable"
          ? `${provider} sent a reply Tendril could not read. ${again}`
          : `${provider} could not be reached. ${again}`;
  return new AppError(502, "upstream_unavailable", message);
}
