import { isIsoDate, isWithinDateRange } from "../garden/dates";
import { z } from "./z";

const DATE_MESSAGE = "Use a real date as YYYY-MM-DD, between 1900 and 2199.";

/** A real calendar date, YYYY-MM-DD, in the range Tendril keeps (garden/dates.ts); `missing` is the message when the field is absent. */
export function isoDateSchema(missing = DATE_MESSAGE) {
  return z
    .string({ error: (issue) => (issue.input === undefined ? missing : DATE_MESSAGE) })
    .trim()
    .refine((value) => isIsoDate(value) && isWithinDateRange(value), {
      error: DATE_MESSAGE,
    });
}
