import { z } from "./z";

export const errorCodes = [
  "invalid_request",
  "unauthorized",
  "forbidden_origin",
  "not_found",
  "conflict",
  "payload_too_large",
  "unsupported_media_type",
  "quota_exceeded",
  "rate_limited",
  "upstream_unavailable",
  "internal",
] as const;

export type ErrorCode = (typeof errorCodes)[number];

export const errorIssueSchema = z.object({ path: z.string(), message: z.string() });

/** The one error body every /api route answers with. */
export const errorBodySchema = z.object({
  error: z.object({
    code: z.enum(errorCodes),
    message: z.string(),
    issues: z.array(errorIssueSchema).optional(),
  }),
});

export type ErrorBody = z.infer<typeof errorBodySchema>;
