// Kept free of zod: the web's garden code sends the header and needs only these.

/**
 * The header that makes a create safe to send again (the IETF httpapi draft's name, as Stripe and
 * others use it): a repeat with the same key is answered with the first answer, nothing made twice.
 */
export const IDEMPOTENCY_KEY_HEADER = "Idempotency-Key";

/** How long the server remembers a key: a repeat after that is a new request. */
export const IDEMPOTENCY_KEY_HOURS = 24;

/** What a key may be: the web app sends a UUID; scripts may send any token of these characters. */
export const IDEMPOTENCY_KEY_PATTERN = /^[A-Za-z0-9._:-]{1,255}$/;
