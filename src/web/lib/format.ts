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

const weekday = new Intl.DateTimeFormat(undefined, { weekday: "short", timeZone: "UTC" });
const longDate = new Intl.DateTimeFormat(undefined, {
  weekday: "long",
  month: "long",
  day: "numeric",
  timeZone: "UTC",
});

/** "Mon" for a YYYY-MM-DD calendar date (read as UTC so the day never shifts). */
export const shortWeekday = (isoDate: string) => weekday.format(new Date(`${isoDate}T00:00:00Z`));
export const fullDate = (isoDate: string) => longDate.format(new Date(`${isoDate}T00:00:00Z`));

const dayFormat = new Intl.DateTimeFormat(undefined, {
  weekday: "short",
  month: "short",
  day: "numeric",
  timeZone: "UTC",
});

/** "Sun, Nov 22" for a YYYY-MM-DD calendar date. */
export const formatDay = (isoDate: string) => dayFormat.format(new Date(`${isoDate}T00:00:00Z`));

/** Today's calendar date where the gardener is, YYYY-MM-DD. */
export function localToday(now = new Date()): string {
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, "0")}-${String(now.getDate()).padStart(2, "0")}`;
}
