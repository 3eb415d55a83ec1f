// Apart from units.ts, which My Garden loads at start: only onboarding needs this list.
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
