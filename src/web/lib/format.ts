import { celsiusToFahrenheit } from "../../core/units";
import { formatTemperature as formatCoreTemperature } from "../../core/weather/format";

import type { Units } from "./storage";

/** A temperature in the user's unit, e.g. "21 °C" or "70 °F": core's one rule for all of them. */
export function formatTemperature(celsius: number, units: Units): string {
  return formatCoreTemperature(celsius, units);
}

/** Whole degrees in the user's unit, "21°": for the forecast strip, where seven days share a row. */
export function shortTemperature(celsius: number, units: Units): string {
  return `${Math.round(units === "F" ? celsiusToFahrenheit(celsius) : celsius)}°`;
}

/** The other unit, shown smaller beside the main one where the spec asks for both. */
export function otherTemperature(celsius: number, units: Units): string {
  return formatTemperature(celsius, units === "F" ? "C" : "F");
}

/**
 * A date format in the browser's locale, made on first use. The first Intl format a page makes
 * loads the locale's data, tens of milliseconds on a phone: made at import, that ran inside the
 * start-up script's one long task, before anything was on screen (issue 27).
 */
export function dateFormat(options: Intl.DateTimeFormatOptions): (date: Date) => string {
  let format: Intl.DateTimeFormat | undefined;
  return (date) => {
    format ??= new Intl.DateTimeFormat(undefined, options);
    return format.format(date);
  };
}

/** A YYYY-MM-DD calendar date as a Date, read as UTC so the day never shifts. */
const calendarDay = (isoDate: string) => new Date(`${isoDate}T00:00:00Z`);

const weekday = dateFormat({ weekday: "short", timeZone: "UTC" });
const longDate = dateFormat({ weekday: "long", month: "long", day: "numeric", timeZone: "UTC" });
const dayFormat = dateFormat({ weekday: "short", month: "short", day: "numeric", timeZone: "UTC" });

/** "Mon" for a YYYY-MM-DD calendar date. */
export const shortWeekday = (isoDate: string) => weekday(calendarDay(isoDate));
export const fullDate = (isoDate: string) => longDate(calendarDay(isoDate));

/** "Sun, Nov 22" for a YYYY-MM-DD calendar date. */
export const formatDay = (isoDate: string) => dayFormat(calendarDay(isoDate));

/** Today's calendar date where the gardener is, YYYY-MM-DD. */
export function localToday(now = new Date()): string {
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, "0")}-${String(now.getDate()).padStart(2, "0")}`;
}
