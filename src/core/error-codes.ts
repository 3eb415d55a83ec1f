// Kept free of zod: the web's entry chunk needs the codes and the failed-plan words, and zod
// would add ~25 KB gzip to the JavaScript "/" loads before its first paint.

export const errorCodes = [
  "invalid_request",
  "unauthorized",
  "forbidden",
  "forbidden_origin",
  "not_found",
  "conflict",
  "request_in_progress",
  "idempotency_key_reused",
  "payload_too_large",
  "unsupported_media_type",
  "quota_exceeded",
  "rate_limited",
  "upstream_unavailable",
  "unavailable",
  "plan_failed",
  "internal",
] as const;

export type ErrorCode = (typeof errorCodes)[number];

/**
 * Spec §8 "Plans and plants": the words of a 502 `plan_failed` (the plan for a new plant could not
 * be made, nothing was saved), which the web also shows as the failed-plan toast's description.
 * The web recognises the failure by its code; the words are shared so the two never drift.
 */
export const PLAN_FAILED_MESSAGE = "AI failed to return a valid plan.";
