import { isIsoDate } from "../garden/dates";
import { z } from "./z";

/**
 * Calendar dates the API accepts. Bounded so date arithmetic (stage timelines, repeats of up to
 * ten years) always stays within four-digit years.
 */
export const EARLIEST_DATE = "1900-01-01";
export const LATEST_DATE = "2199-12-31";

const DATE_MESSAGE = "Use a real date as YYYY-MM-DD, between 1900 and 2199.";

/** A real calendar date, YYYY-MM-DD; `missing` is the message when the field is absent. */
export function isoDateSchema(missing = DATE_MESSAGE) {
  return z
    .string({ error: (issue) => (issue.input === undefined ? missing : DATE_MESSAGE) })
    .trim()
    .refine((value) => isIsoDate(value) && value >= EARLIEST_DATE && value <= LATEST_DATE, {
      error: DATE_MESSAGE,
    });
}
