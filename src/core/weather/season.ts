export type Hemisphere = "north" | "south";

export type TemperateSeason = "Winter" | "Spring" | "Summer" | "Autumn";
export type IndianSeason = "Winter" | "Summer" | "Monsoon" | "Post-monsoon";
export type SeasonName = TemperateSeason | IndianSeason;

/** The equator itself counts as northern (spec §9). */
export function hemisphereOf(latitude: number): Hemisphere {
  return latitude >= 0 ? "north" : "south";
}

// Indexed by month 0–11. Meteorological seasons: whole months, so a season never starts mid-month.
const NORTHERN: readonly TemperateSeason[] = [
  "Winter",
  "Winter",
  "Spring",
  "Spring",
  "Spring",
  "Summer",
  "Summer",
  "Summer",
  "Autumn",
  "Autumn",
  "Autumn",
  "Winter",
];

const INDIAN: readonly IndianSeason[] = [
  "Winter",
  "Winter",
  "Summer",
  "Summer",
  "Summer",
  "Monsoon",
  "Monsoon",
  "Monsoon",
  "Monsoon",
  "Post-monsoon",
  "Post-monsoon",
  "Winter",
];

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * Month 0–11 of a date. A "YYYY-MM-DD" string is taken as the calendar date it names, so callers
 * should pass the user's local date as a string; a Date is read in UTC because the server's own
 * time zone says nothing about the gardener's.
 */
export function monthOf(date: Date | string): number {
  if (date instanceof Date) {
    const month = date.getUTCMonth();
    if (Number.isNaN(month)) throw new RangeError("Invalid Date");
    return month;
  }
  const match = ISO_DATE.exec(date);
  const month = match ? Number(match[2]) : Number.NaN;
  if (!(month >= 1 && month <= 12)) {
    throw new RangeError(`Expected a date as YYYY-MM-DD, got "${date}"`);
  }
  return month - 1;
}

/**
 * The season at a place on a date. India ("IN") has its own calendar of four seasons whatever the
 * latitude given; everywhere else uses meteorological seasons, shifted six months in the south.
 */
export function seasonFor(
  date: Date | string,
  latitude: number,
  countryCode?: string | null,
): SeasonName {
  const month = monthOf(date);
  if (countryCode === "IN") return INDIAN[month] as IndianSeason;
  const shifted = hemisphereOf(latitude) === "north" ? month : (month + 6) % 12;
  return NORTHERN[shifted] as TemperateSeason;
}

/**
 * Extra guidance for southern-hemisphere gardeners, whose seed packets, books and websites mostly
 * follow northern months. Other seasons need no correction and get no notes.
 */
export function seasonNotes(season: SeasonName, hemisphere: Hemisphere): string[] {
  if (hemisphere !== "south") return [];
  if (season === "Autumn") {
    return [
      "Southern-hemisphere autumn runs March to May: plant garlic cloves and sow broad beans now for harvests in late spring and early summer.",
      "Set out winter brassicas (cabbage, broccoli, cauliflower, kale) while the soil is still warm so they establish before the cold.",
    ];
  }
  if (season === "Spring") {
    return [
      "Southern-hemisphere spring runs September to November: months are reversed from northern calendars, so shift seed-packet sowing dates by about six months.",
      "Sow or plant out frost-tender crops such as tomatoes, capsicums and pumpkins only after your last frost date has passed.",
    ];
  }
  return [];
}
