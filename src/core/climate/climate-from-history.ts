import type { ClimateProfile } from "./climate-profile";

/** One day of a place's weather history, as an archive gives it. */
export interface HistoryDay {
  /** "YYYY-MM-DD". */
  date: string;
  minC: number | null;
  maxC: number | null;
  rainMm: number | null;
}

/** Fewer whole years than this say too little about a place's typical year. */
export const MIN_HISTORY_YEARS = 10;
/** A year missing more than this share of its days is left out. */
const MAX_MISSING_SHARE = 0.1;
/** A frost is a day whose minimum is at or below this, °C. */
const FROST_C = 0;
/** Frost in fewer than this share of years is no frost to plan by (the place is frost-free). */
const FROST_YEARS_SHARE = 0.5;
/** The winter midpoint the spring and autumn frosts are counted from: north, south. */
const NORTH_MIDWINTER = "01-15";
const SOUTH_MIDWINTER = "07-15";

const median = (values: readonly number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[middle] ?? 0)
    : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
};
const mean = (values: readonly number[]) =>
  values.reduce((sum, value) => sum + value, 0) / values.length;
const round1 = (value: number) => Math.round(value * 10) / 10;

/** The USDA zone ("8b") of an average annual extreme minimum in °C: 10 °F zones, 5 °F halves. */
export function usdaZone(extremeMinC: number): string {
  const fahrenheit = (extremeMinC * 9) / 5 + 32;
  const half = Math.min(25, Math.max(0, Math.floor((fahrenheit + 60) / 5)));
  return `${Math.floor(half / 2) + 1}${half % 2 ? "b" : "a"}`;
}

/** Day of a 365-day year, 0–364, of "MM-DD" (29 February counts as 28 February). */
function dayOfYear(monthDay: string): number {
  const [month, day] = monthDay.split("-").map(Number);
  const starts = [0, 31, 59, 90, 120, 151, 181, 212, 243, 273, 304, 334];
  return (starts[(month ?? 1) - 1] ?? 0) + Math.min(day ?? 1, month === 2 ? 28 : 31) - 1;
}

/** "MM-DD" of a day of a 365-day year. */
function monthDayOf(day: number): string {
  const date = new Date(Date.UTC(2001, 0, 1 + (((Math.round(day) % 365) + 365) % 365)));
  return `${String(date.getUTCMonth() + 1).padStart(2, "0")}-${String(date.getUTCDate()).padStart(2, "0")}`;
}

/**
 * A place's typical year from its daily history (at least ten whole years): monthly mean
 * temperature and rainfall, the USDA zone from the mean of each year's lowest minimum, and the
 * median last spring and first autumn frost (a minimum at or below 0 °C), counted from midwinter
 * of the place's hemisphere. A place with frost in fewer than half its years is frost-free.
 * Null when the history is too short to say.
 */
export function climateFromHistory(
  days: readonly HistoryDay[],
  latitude: number,
): ClimateProfile | null {
  const south = latitude < 0;
  // A "frost year" runs from one midsummer to the next, so each winter's frosts fall in one year.
  const midwinter = dayOfYear(south ? SOUTH_MIDWINTER : NORTH_MIDWINTER);
  const byYear = new Map<number, HistoryDay[]>();
  for (const day of days) {
    const year = Number(day.date.slice(0, 4));
    byYear.set(year, [...(byYear.get(year) ?? []), day]);
  }
  const whole = [...byYear.entries()].filter(
    ([, list]) =>
      list.length >= 365 &&
      list.filter((d) => d.minC === null || d.maxC === null).length / list.length <=
        MAX_MISSING_SHARE,
  );
  if (whole.length < MIN_HISTORY_YEARS) return null;
  const kept = whole.flatMap(([, list]) => list);

  const monthlyMeanC: number[] = [];
  const monthlyRainMm: number[] = [];
  for (let month = 0; month < 12; month++) {
    const inMonth = kept.filter((d) => Number(d.date.slice(5, 7)) - 1 === month);
    const temps = inMonth.flatMap((d) =>
      d.minC !== null && d.maxC !== null ? [(d.minC + d.maxC) / 2] : [],
    );
    monthlyMeanC.push(round1(mean(temps)));
    monthlyRainMm.push(Math.round(mean(inMonth.map((d) => d.rainMm ?? 0)) * daysInMonth(month)));
  }

  const extremes = whole.map(([, list]) =>
    Math.min(...list.flatMap((d) => (d.minC === null ? [] : [d.minC]))),
  );
  const zone = usdaZone(mean(extremes));

  // Each frost day as days from midwinter (−182 to 182): spring frosts after it, autumn before.
  const lastSpring: number[] = [];
  const firstAutumn: number[] = [];
  const frostYears = new Map<number, number[]>();
  for (const day of kept) {
    if (day.minC === null || day.minC > FROST_C) continue;
    const offset = dayOfYear(day.date.slice(5)) - midwinter;
    const fromMidwinter = ((offset + 182 + 365) % 365) - 182;
    // The winter a frost belongs to: the year of the midwinter nearest it.
    const year = Number(day.date.slice(0, 4)) + (offset - fromMidwinter) / 365;
    frostYears.set(year, [...(frostYears.get(year) ?? []), fromMidwinter]);
  }
  for (const offsets of frostYears.values()) {
    lastSpring.push(Math.max(...offsets));
    firstAutumn.push(Math.min(...offsets));
  }
  const frosty = frostYears.size >= whole.length * FROST_YEARS_SHARE;
  return {
    latitude,
    zone,
    lastFrost: frosty ? monthDayOf(midwinter + median(lastSpring)) : null,
    firstFrost: frosty ? monthDayOf(midwinter + median(firstAutumn)) : null,
    monthlyMeanC,
    monthlyRainMm,
    source: "historical",
  };
}

function daysInMonth(month: number): number {
  return [31, 28.25, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month] ?? 30;
}
