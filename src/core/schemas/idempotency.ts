import { IDEMPOTENCY_KEY_HOURS, IDEMPOTENCY_KEY_PATTERN } from "../idempotency";
import { z } from "./z";

/**
 * The headers of a create that takes an Idempotency-Key. Loose: a request's other headers are
 * none of this schema's business. The description is the OpenAPI document's for the parameter.
 */
export const idempotencyHeadersSchema = z.looseObject({
  "idempotency-key": z
    .string()
    .regex(
      IDEMPOTENCY_KEY_PATTERN,
      "must be 1 to 255 letters, digits, '.', '_', ':' or '-' (a UUID, for example).",
    )
    .optional()
    .describe(
      `Makes this create safe to send again (the offline outbox sends a UUID made when the write was queued). A repeat with the same key within ${IDEMPOTENCY_KEY_HOURS} hours creates nothing and is answered with the first answer: the same status (201) and body, with the header Idempotent-Replayed: true. Keys are per account: another account's key never matches. The same key with another method, path or body is refused with 422 idempotency_key_reused. A repeat that arrives while the first is still being handled waits for it (up to 10 s, then 409 request_in_progress: send it again). A first request that failed (any answer but 2xx) keeps nothing, so the key may be sent again.`,
    ),
});
