// How a typed location is read, and which of several same-named places it means. Pure, so the
// online geocoder and the bundled data choose alike.

export type PlaceQuery =
  | { kind: "zip"; zip: string; text: string }
  | { kind: "name"; name: string; qualifier: Qualifier | null; text: string };

/**
 * The part after the last comma: "CA" may be California or Canada, "IN" Indiana or India, so a
 * two-letter code is kept as both a possible US state and a possible country.
 */
export interface Qualifier {
  usState: string | null;
  country: string | null;
  /** Normalised words, for matching a region or country name ("maharashtra", "india"). */
  words: string;
}

/** A place that a query may mean. */
export interface Candidate {
  countryCode: string | null;
  /** First-level region: a US state code ("CA") for US places, else a name or code. */
  admin1: string | null;
  /** The country's name, when the source gives one. */
  countryName?: string | null;
}

export const US_STATES: Readonly<Record<string, string>> = {
  AL: "Alabama",
  AK: "Alaska",
  AZ: "Arizona",
  AR: "Arkansas",
  CA: "California",
  CO: "Colorado",
  CT: "Connecticut",
  DE: "Delaware",
  DC: "District of Columbia",
  FL: "Florida",
  GA: "Georgia",
  HI: "Hawaii",
  ID: "Idaho",
  IL: "Illinois",
  IN: "Indiana",
  IA: "Iowa",
  KS: "Kansas",
  KY: "Kentucky",
  LA: "Louisiana",
  ME: "Maine",
  MD: "Maryland",
  MA: "Massachusetts",
  MI: "Michigan",
  MN: "Minnesota",
  MS: "Mississippi",
  MO: "Missouri",
  MT: "Montana",
  NE: "Nebraska",
  NV: "Nevada",
  NH: "New Hampshire",
  NJ: "New Jersey",
  NM: "New Mexico",
  NY: "New York",
  NC: "North Carolina",
  ND: "North Dakota",
  OH: "Ohio",
  OK: "Oklahoma",
  OR: "Oregon",
  PA: "Pennsylvania",
  RI: "Rhode Island",
  SC: "South Carolina",
  SD: "South Dakota",
  TN: "Tennessee",
  TX: "Texas",
  UT: "Utah",
  VT: "Vermont",
  VA: "Virginia",
  WA: "Washington",
  WV: "West Virginia",
  WI: "Wisconsin",
  WY: "Wyoming",
};

/** Lower case, no accents or dots, "Saint" as "st": "St. Louis" and "Saint Louis" agree. */
export function normalizePlaceName(text: string): string {
  return text
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[.'’]/g, "")
    .replace(/[-\s]+/g, " ")
    .replace(/^saint /, "st ")
    .trim();
}

const STATE_BY_NAME = new Map(
  Object.entries(US_STATES).map(([code, name]) => [normalizePlaceName(name), code]),
);

/** The US state code for a state's name or code ("California", "ca" → "CA"), else null. */
export function usStateCode(text: string | null | undefined): string | null {
  if (!text) return null;
  const upper = text.trim().toUpperCase();
  if (US_STATES[upper]) return upper;
  return STATE_BY_NAME.get(normalizePlaceName(text)) ?? null;
}

const US_NAMES = new Set(["usa", "us", "united states", "united states of america"]);
const ZIP = /^(\d{5})(-\d{4})?$/;

function readQualifier(text: string): Qualifier {
  const words = normalizePlaceName(text);
  if (/^[a-z]{2}$/i.test(text)) {
    const code = text.toUpperCase();
    return { usState: US_STATES[code] ? code : null, country: code, words };
  }
  if (US_NAMES.has(words)) return { usState: null, country: "US", words };
  return { usState: usStateCode(text), country: null, words };
}

/**
 * "94110" or "94110-1234" is a US ZIP; otherwise the text before the first comma is the place's
 * name and the text after the last comma narrows it ("Springfield, IL", "Pune, IN",
 * "Pune, Maharashtra, India"). Null for text with no name in it.
 */
export function parsePlaceQuery(input: string): PlaceQuery | null {
  const text = input.trim().replace(/\s+/g, " ");
  const zip = ZIP.exec(text);
  if (zip?.[1]) return { kind: "zip", zip: zip[1], text };
  const parts = text
    .split(",")
    .map((part) => part.trim())
    .filter(Boolean);
  const name = parts[0];
  if (!name) return null;
  const last = parts.length > 1 ? parts[parts.length - 1] : undefined;
  return { kind: "name", name, qualifier: last ? readQualifier(last) : null, text };
}

/**
 * How well a candidate fits the qualifier: 0 best, null for no fit. A US state beats a country,
 * so "Indianapolis, IN" is in Indiana, while "Pune, IN" (no Pune in Indiana) is in India.
 */
export function qualifierRank(qualifier: Qualifier | null, candidate: Candidate): number | null {
  if (!qualifier) return 0;
  const country = candidate.countryCode?.toUpperCase() ?? null;
  if (
    qualifier.usState &&
    country === "US" &&
    usStateCode(candidate.admin1) === qualifier.usState
  ) {
    return 0;
  }
  if (qualifier.country && country === qualifier.country) return 1;
  const named = [candidate.admin1, candidate.countryName].some(
    (name) => !!name && normalizePlaceName(name) === qualifier.words,
  );
  return named ? 1 : null;
}

/** The best-fitting candidate, keeping the given order (relevance or population) among equals. */
export function pickCandidate<T extends Candidate>(
  qualifier: Qualifier | null,
  candidates: readonly T[],
): T | null {
  let best: T | null = null;
  let bestRank = Number.POSITIVE_INFINITY;
  for (const candidate of candidates) {
    const rank = qualifierRank(qualifier, candidate);
    if (rank !== null && rank < bestRank) {
      best = candidate;
      bestRank = rank;
    }
  }
  return best;
}

/** "San Francisco, CA" in the US, "Pune, IN" elsewhere: short, and typed back it finds the same place. */
export function placeLabel(name: string, countryCode: string | null, admin1: string | null) {
  const country = countryCode?.toUpperCase() ?? null;
  if (country === "US") return `${name}, ${usStateCode(admin1) ?? "US"}`;
  return country ? `${name}, ${country}` : name;
}
