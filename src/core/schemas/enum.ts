import { z } from "./z";

const normalise = (value: string) =>
  value
    .trim()
    .toLowerCase()
    .replace(/[\s_]+/g, "-");

/**
 * A lower-case wire enumeration that also accepts the spec's labels case-insensitively
 * ("Indoor Plants" → "indoor-plants"), as API.md promises.
 */
export function labelledEnum<const T extends readonly [string, ...string[]]>(values: T) {
  return z.preprocess(
    (input) => (typeof input === "string" ? normalise(input) : input),
    z.enum(values, { error: `Use one of: ${values.join(", ")}.` }),
  );
}
