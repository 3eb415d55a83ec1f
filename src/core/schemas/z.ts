import { z } from "zod";

const typeNames: Record<string, string> = {
  string: "text",
  number: "a number",
  int: "a whole number",
  boolean: "true or false",
  array: "a list",
  object: "an object",
  null: "null",
  date: "a date",
};

const sizeOf = (origin: string, n: number | bigint) =>
  origin === "string"
    ? `${n} character${n === 1 ? "" : "s"}`
    : origin === "array" || origin === "set"
      ? `${n} item${n === 1 ? "" : "s"}`
      : String(n);

/**
 * The words for zod's own issues, where a schema gives none. Lower-case predicates: the error
 * handler puts the field in front ("title must be text."). Messages for the request as a whole
 * are sentences of their own.
 */
export function plainMessage(issue: z.core.$ZodRawIssue): string | undefined {
  switch (issue.code) {
    case "invalid_type":
      if (issue.input === undefined) return "is required.";
      return `must be ${typeNames[issue.expected] ?? issue.expected}.`;
    case "too_big":
      return `must be at most ${sizeOf(issue.origin, issue.maximum as number)}.`;
    case "too_small":
      if (issue.origin === "string" && issue.minimum === 1) return "must not be empty.";
      return `must be at least ${sizeOf(issue.origin, issue.minimum as number)}.`;
    case "unrecognized_keys": {
      const keys = issue.keys.map((key) => `"${key}"`).join(", ");
      return `Remove ${keys}: this request takes no such field${issue.keys.length > 1 ? "s" : ""}.`;
    }
    case "invalid_value":
      return `must be one of: ${issue.values.map(String).join(", ")}.`;
    case "invalid_format":
      return `is not a valid ${issue.format}.`;
    case "invalid_union":
      return "is not in a form this field accepts.";
    default:
      return undefined;
  }
}

z.config({ customError: plainMessage });

export { z };

/** A schema's own message when the field is absent; a wrong type falls back to `plainMessage`. */
export const whenMissing =
  (message: string) =>
  (issue: { input?: unknown }): string | undefined =>
    issue.input === undefined ? message : undefined;
