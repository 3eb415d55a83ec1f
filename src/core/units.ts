// The one place Tendril converts between temperature scales. Rules compare in °C; these give a
// reading in the other scale unrounded, and each caller rounds as its display needs (whole °F in
// sentences and on cards, one decimal in the weather payload's temperatureF).

/** °C → °F. Written (c × 9) / 5 + 32 rather than c × 1.8 + 32: the two differ in the last bit for
 * some inputs, and a rounding caller at a .5 boundary would show it. */
export function celsiusToFahrenheit(celsius: number): number {
  return (celsius * 9) / 5 + 32;
}

/** °F → °C (a provider that answered in °F). */
export function fahrenheitToCelsius(fahrenheit: number): number {
  return ((fahrenheit - 32) * 5) / 9;
}

/**
 * Countries whose everyday temperatures are in °F: the US and its territories (Puerto Rico, the
 * US Virgin Islands, Guam, American Samoa, the Northern Marianas), Liberia, the Bahamas, Belize,
 * the Cayman Islands, Palau, Micronesia and the Marshall Islands.
 */
const FAHRENHEIT_COUNTRIES: ReadonlySet<string> = new Set([
  "US",
  "PR",
  "VI",
  "GU",
  "AS",
  "MP",
  "LR",
  "BS",
  "BZ",
  "KY",
  "PW",
  "FM",
  "MH",
]);

/** Whether a place's country (ISO 3166 alpha-2) reads temperatures in °F; unknown → °C. */
export function usesFahrenheit(countryCode: string | null | undefined): boolean {
  return !!countryCode && FAHRENHEIT_COUNTRIES.has(countryCode.toUpperCase());
}
