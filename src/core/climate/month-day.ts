// Frost dates are "MM-DD", the same day every year: a day must exist in every year to be one
// (no 30 February, and no 29 February, which most years lack and the calendar would roll over).

/** Days of each month in a year without 29 February. */
const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/** Days in `month` (1–12) of a common year; 0 for no such month. */
export function daysInMonth(month: number): number {
  return DAYS_IN_MONTH[month - 1] ?? 0;
}

/** Whether "MM-DD" names a day that every year has. */
export function isMonthDay(text: string): boolean {
  const match = /^(\d{2})-(\d{2})$/.exec(text);
  if (!match) return false;
  const day = Number(match[2]);
  return day >= 1 && day <= daysInMonth(Number(match[1]));
}

/** "MM-DD" of a month (1–12) and day. */
export function monthDay(month: number, day: number): string {
  return `${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
}
