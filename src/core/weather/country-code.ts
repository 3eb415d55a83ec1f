// Spec §5: a trailing ", XX" of two capital letters. Space after the comma and trailing spaces
// are tolerated; lower-case or three letters are not a code.
const TRAILING_CODE = /,\s*([A-Z]{2})\s*$/;

/**
 * The country code at the end of a stored location such as "Pune, IN".
 *
 * The rule is purely textual, as the spec states it: "Austin, TX" yields "TX" (a US state, not a
 * country) and "London, UK" yields "UK" (not ISO "GB"). Only "IN" changes behaviour today (Indian
 * season names), so these false positives are harmless.
 */
export function countryCodeFrom(location: string | null | undefined): string | null {
  if (!location) return null;
  return TRAILING_CODE.exec(location)?.[1] ?? null;
}
