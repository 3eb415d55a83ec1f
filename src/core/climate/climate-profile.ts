import { addDays, daysBetween, type IsoDate } from "../garden/dates";

/**
 * The climate of a gardener's place, as the planting calendar reads it: the median frost dates
 * (or none), and the month-by-month mean temperature and rainfall of a typical year.
 */
export interface ClimateProfile {
  /** Degrees north (negative south). */
  latitude: number;
  /** USDA hardiness zone ("10b"), from the annual extreme minimum; null when unknown. */
  zone: string | null;
  /** Median last spring day at or below 0 °C, "MM-DD"; null where a typical year has no frost. */
  lastFrost: string | null;
  /** Median first autumn day at or below 0 °C, "MM-DD"; null where a typical year has no frost. */
  firstFrost: string | null;
  /**
   * Mean air temperature of each month, January first, °C; null when only the frost dates are
   * known (a US station's normals without the archive), and the calendar goes by them alone.
   */
  monthlyMeanC: readonly number[] | null;
  /** Rainfall of each month, January first, mm; null when unknown. */
  monthlyRainMm: readonly number[] | null;
  /**
   * Where the figures come from (API.md): US station normals, the weather archive, the gardener's
   * own frost dates, or the season rules.
   */
  source: "usda-noaa" | "historical" | "gardener" | "estimate";
}

/** Whether a typical year at the place has frost dates to plan by. */
export const hasFrost = (profile: ClimateProfile) =>
  profile.lastFrost !== null && profile.firstFrost !== null;

const MID_MONTH = 15;

/** The date of "MM-DD" in a year. */
export function onYear(monthDay: string, year: number): IsoDate {
  return `${year}-${monthDay}`;
}

const monthOfIso = (date: IsoDate) => Number(date.slice(5, 7)) - 1;
const yearOfIso = (date: IsoDate) => Number(date.slice(0, 4));

/**
 * The typical mean temperature on a day: the monthly means taken as mid-month values and joined
 * by straight lines, so a window opens on the day the warming reaches a crop's need, not on the
 * first of a month.
 */
export function meanTemperatureOn(profile: ClimateProfile, date: IsoDate): number {
  if (!profile.monthlyMeanC) return Number.NaN;
  const year = yearOfIso(date);
  const month = monthOfIso(date);
  const middle = `${year}-${String(month + 1).padStart(2, "0")}-${MID_MONTH}`;
  const after = daysBetween(middle, date) >= 0;
  const otherMonth = after ? month + 1 : month - 1;
  const otherYear = year + Math.floor(otherMonth / 12);
  const wrapped = ((otherMonth % 12) + 12) % 12;
  const otherMiddle = `${otherYear}-${String(wrapped + 1).padStart(2, "0")}-${MID_MONTH}`;
  const here = profile.monthlyMeanC[month] ?? 0;
  const there = profile.monthlyMeanC[wrapped] ?? here;
  const span = Math.abs(daysBetween(middle, otherMiddle));
  const share = Math.abs(daysBetween(middle, date)) / span;
  return here + (there - here) * share;
}

/** Rainfall of the month a day falls in, mm; 0 when unknown. */
export function monthRainOn(profile: ClimateProfile, date: IsoDate): number {
  return profile.monthlyRainMm?.[monthOfIso(date)] ?? 0;
}

/** Every day from `from` for `days` days. */
export function daysFrom(from: IsoDate, days: number): IsoDate[] {
  return Array.from({ length: days }, (_, i) => addDays(from, i));
}
