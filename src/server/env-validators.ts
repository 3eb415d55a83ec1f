import { z } from "zod";

/**
 * Small zod validators for environment variables, each taking the message that names the
 * variable (zod's own words where none is given). The environment is text: numbers are coerced.
 */

/**
 * The environment with blank values left out: `FOO=` in a .env file or a compose file means "use
 * the default", exactly as if FOO were unset.
 */
export function withoutBlanks(source: unknown): unknown {
  if (typeof source !== "object" || source === null) return source;
  return Object.fromEntries(
    Object.entries(source).filter(([, value]) => !(typeof value === "string" && !value.trim())),
  );
}

export interface WholeNumberRule {
  /** The smallest value allowed. */
  min: number;
  max?: number;
  /** Said for text that is not a whole number and for a value below `min`. */
  message?: string;
  /** Said for a value above `max` (`message` when unset). */
  maxMessage?: string;
}

/** A whole number from `min` (to `max`): "1e3" counts, "3.5" and "ten" do not. */
export function wholeNumber({ min, max, message, maxMessage }: WholeNumberRule) {
  const schema = z.coerce.number(message).int(message).min(min, message);
  return max === undefined ? schema : schema.max(max, maxMessage ?? message);
}

/** A whole number above 0. */
export function positiveInt(message?: string) {
  return z.coerce.number(message).int(message).positive(message);
}

/** A whole number of seconds, at least 1, with a message naming the variable. */
export function seconds(name: string) {
  return wholeNumber({ min: 1, message: `${name} must be a whole number of seconds, at least 1` });
}

/** A whole number of milliseconds above 0, with a message naming the variable. */
export function milliseconds(name: string) {
  return positiveInt(`${name} must be a whole number of milliseconds`);
}

/** An absolute http:// or https:// URL (a provider's base URL). */
export function httpUrl(message: string) {
  return z.url({ protocol: /^https?$/, error: message });
}

/** Text in a given shape, such as `smtp://…` or `Label=https://…,…`. */
export function matching(pattern: RegExp, message: string) {
  return z.string().regex(pattern, message);
}

const FLAG_WORDS = ["true", "false", "1", "0", "yes", "no"] as const;

/** On or off: true, 1 or yes; false, 0 or no; unset is off. Other words are refused. */
export function flag() {
  return z
    .enum(FLAG_WORDS)
    .optional()
    .transform((value) => value === "true" || value === "1" || value === "yes");
}

/** A key as web-push takes it: URL-safe base64 of `bytes` bytes. */
export function base64UrlKey(bytes: number, message: string) {
  return z
    .string()
    .trim()
    .refine(
      (key) => /^[A-Za-z0-9_-]+=*$/.test(key) && Buffer.from(key, "base64url").length === bytes,
      message,
    );
}
