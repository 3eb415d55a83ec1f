/**
 * Calendar dates as "YYYY-MM-DD" strings. Arithmetic runs on UTC midnights so a daylight-saving
 * change in the host's time zone can never add or lose a day.
 */

export type IsoDate = string;

/**
 * The dates Tendril keeps: the API accepts only these, an import refuses any other, so every date
 * the server computes itself (a repeat, a snooze, a plan) must stay within them too, or an export
 * would not re-import. Bounded so date arithmetic always stays within four-digit years.
 */
export const EARLIEST_DATE = "1900-01-01";
export const LATEST_DATE = "2199-12-31";
/** The range in words, for messages. */
export const DATE_RANGE_WORDS = "1 January 1900 to 31 December 2199";

const MS_PER_DAY = 86_400_000;
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

function toUtcMs(date: IsoDate): number {
  const match = ISO_DATE.exec(date);
  if (match) {
    const year = Number(match[1]);
    const month = Number(match[2]);
    const day = Number(match[3]);
    // Checked by arithmetic, not by a round trip through Date (a profile of the plant list found
    // that round trip in 3% of the server's time). Date.UTC reads years 0-99 as 1900-1999, so
    // those are refused too.
    if (year >= 100 && month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth(year, month)) {
      return Date.UTC(year, month - 1, day);
    }
  }
  throw new RangeError(`Not a calendar date (YYYY-MM-DD): ${JSON.stringify(date)}`);
}

function daysInMonth(year: number, month: number): number {
  if (month === 2) {
    const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
    return leap ? 29 : 28;
  }
  return month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31;
}

function fromUtcMs(ms: number): IsoDate {
  return new Date(ms).toISOString().slice(0, 10);
}

export function isIsoDate(value: unknown): value is IsoDate {
  if (typeof value !== "string") return false;
  try {
    toUtcMs(value);
    return true;
  } catch {
    return false;
  }
}

/** Whether `date` (a calendar date) is one Tendril keeps: EARLIEST_DATE to LATEST_DATE. */
export function isWithinDateRange(date: IsoDate): boolean {
  // Years past 9999 or before 0 print as "+010000-…" / "-000001-…", which sort outside too.
  return date >= EARLIEST_DATE && date <= LATEST_DATE;
}

/** `date` moved by `days` (may be negative; fractions are truncated toward zero). */
export function addDays(date: IsoDate, days: number): IsoDate {
  return fromUtcMs(toUtcMs(date) + Math.trunc(days) * MS_PER_DAY);
}

/** Whole days from `from` to `to`: positive when `to` is later. */
export function daysBetween(from: IsoDate, to: IsoDate): number {
  return Math.round((toUtcMs(to) - toUtcMs(from)) / MS_PER_DAY);
}

/** -1, 0 or 1, for sorting. */
export function compareDates(a: IsoDate, b: IsoDate): -1 | 0 | 1 {
  return Math.sign(daysBetween(b, a)) as -1 | 0 | 1;
}

export function laterDate(a: IsoDate, b: IsoDate): IsoDate {
  return compareDates(a, b) >= 0 ? a : b;
}
