import { z } from "./z";

const normalise = (value: string) =>
  value
    .trim()
    .toLowerCase()
    .replace(/[\s_]+/g, "-");

/** Letters and digits only: "Mixed (Sun + LED)" and "mixed sun led" read the same. */
const squash = (value: string) => value.toLowerCase().replace(/[^a-z0-9]+/g, "");

/**
 * A lower-case wire enumeration that also accepts the spec's labels case-insensitively
 * ("Indoor Plants" → "indoor-plants"), as API.md promises. `labels` maps labels that do not
 * simply hyphenate to their value ("LED Grow Lights" → "led"); they match ignoring case, spaces
 * and punctuation.
 */
export function labelledEnum<const T extends readonly [string, ...string[]]>(
  values: T,
  labels: Readonly<Record<string, T[number]>> = {},
) {
  const byLabel = new Map(Object.entries(labels).map(([label, value]) => [squash(label), value]));
  return z.preprocess(
    (input) => {
      if (typeof input !== "string") return input;
      const value = normalise(input);
      if ((values as readonly string[]).includes(value)) return value;
      return byLabel.get(squash(input)) ?? value;
    },
    z.enum(values, { error: `Use one of: ${values.join(", ")}.` }),
  );
}
