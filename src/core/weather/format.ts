import { celsiusToFahrenheit } from "../units";
/** A number for a sentence: at most one decimal, no trailing ".0". */
export function formatNumber(value: number): string {
  return String(Math.round(value * 10) / 10);
}

/** The unit a gardener reads temperatures in (profile.units). Rules always compare in °C. */
export type TemperatureUnits = "C" | "F";

/**
 * Every temperature Tendril shows, given in °C, in the reader's units, on the cards and in the
 * server's sentences alike: "38.4 °C" keeps one decimal (the temperature bands are chosen on it, so
 * "15.4 °C is mild" never reads as "15 °C is mild"), "101 °F" is whole degrees (a tenth of a
 * Fahrenheit degree is noise in advice).
 */
export function formatTemperature(celsius: number, units: TemperatureUnits = "C"): string {
  if (units === "F") return `${Math.round(celsiusToFahrenheit(celsius))} °F`;
  return `${formatNumber(celsius)} °C`;
}
