import { type Hemisphere, hemisphereOf } from "../weather/season";
import type { IsoDate } from "./dates";
import { type GrowingSeason, growingSeasonOf } from "./growing-season";

// The harvest log's rules. Weights are stored in grams and shown in the gardener's units: metric
// (g, kg) for "C", US customary (oz, lb) for "F", the one units preference Tendril has.

export const weightUnits = ["g", "kg", "oz", "lb"] as const;
export type WeightUnit = (typeof weightUnits)[number];
export type Units = "C" | "F";

const GRAMS_PER: Record<WeightUnit, number> = {
  g: 1,
  kg: 1000,
  oz: 28.349523125,
  lb: 453.59237,
};

/** A weight as entered, in grams (to a tenth of a gram: finer is noise from the conversion). */
export function toGrams(value: number, unit: WeightUnit): number {
  return Math.round(value * GRAMS_PER[unit] * 10) / 10;
}

/** Grams in `unit`, rounded to what a kitchen scale shows (2 decimals for kg and lb, 1 else). */
export function fromGrams(grams: number, unit: WeightUnit): number {
  const places = unit === "kg" || unit === "lb" ? 100 : 10;
  return Math.round((grams / GRAMS_PER[unit]) * places) / places;
}

/** The units a harvest's weight is entered in: the small one first, which a form preselects. */
export function weightUnitsFor(units: Units): readonly [WeightUnit, WeightUnit] {
  return units === "F" ? ["oz", "lb"] : ["g", "kg"];
}

/** The unit a stored weight reads best in: kg from 1 kg, lb from 1 lb, else g or oz. */
export function displayUnitOf(grams: number, units: Units): WeightUnit {
  const [small, large] = weightUnitsFor(units);
  return grams >= GRAMS_PER[large] ? large : small;
}

/** A stored weight as a gardener reads it: "850 g", "1.25 kg", "7.1 oz", "2.5 lb". */
export function weightText(grams: number, units: Units): string {
  const unit = displayUnitOf(grams, units);
  return `${fromGrams(grams, unit).toLocaleString("en-US", { maximumFractionDigits: 2 })} ${unit}`;
}

/** A harvest's amount: a weight, a count or both. */
export interface HarvestAmount {
  weightG: number | null;
  count: number | null;
}

/** A harvest counts only with something in it: a weight or a count (or both). */
export function hasAmount(amount: HarvestAmount): boolean {
  return (
    (amount.weightG !== null && amount.weightG > 0) || (amount.count !== null && amount.count > 0)
  );
}

/** "1.25 kg", "12", "1.25 kg · 12": what a harvest or a total brought in. */
export function amountText(amount: HarvestAmount, units: Units): string {
  const parts: string[] = [];
  if (amount.weightG) parts.push(weightText(amount.weightG, units));
  if (amount.count) parts.push(`${amount.count.toLocaleString("en-US")} picked`);
  return parts.join(" · ") || "Nothing weighed or counted";
}

export interface Totals {
  weightG: number;
  count: number;
}

/** Sums the weights and the counts (a harvest without one adds nothing to it). */
export function totalOf(harvests: readonly HarvestAmount[]): Totals {
  let weightG = 0;
  let count = 0;
  for (const h of harvests) {
    weightG += h.weightG ?? 0;
    count += h.count ?? 0;
  }
  return { weightG: Math.round(weightG * 10) / 10, count };
}

export interface GroupTotal<K> extends Totals {
  key: K;
  name: string;
}

/**
 * Totals per group (crop, area), heaviest first, then most counted, then by name: the order a
 * chart of the season reads best in.
 */
export function totalsBy<T extends HarvestAmount, K>(
  harvests: readonly T[],
  groupOf: (harvest: T) => { key: K; name: string },
): GroupTotal<K>[] {
  const groups = new Map<K, { name: string; items: T[] }>();
  for (const harvest of harvests) {
    const { key, name } = groupOf(harvest);
    const group = groups.get(key);
    if (group) group.items.push(harvest);
    else groups.set(key, { name, items: [harvest] });
  }
  return [...groups.entries()]
    .map(([key, group]) => ({ key, name: group.name, ...totalOf(group.items) }))
    .sort((a, b) => b.weightG - a.weightG || b.count - a.count || a.name.localeCompare(b.name));
}

/** The gardener's hemisphere: from their place's latitude, north when they have none. */
export function hemisphereFor(latitude: number | null | undefined): Hemisphere {
  return latitude === null || latitude === undefined ? "north" : hemisphereOf(latitude);
}

/** The growing season a harvest on `date` counts in, for a gardener at `latitude`. */
export function harvestSeasonOf(date: IsoDate, latitude: number | null | undefined): GrowingSeason {
  return growingSeasonOf(date, hemisphereFor(latitude));
}

/** A season's key ("2026" or "2026-27") as the season it names, or null when it is not one. */
export function seasonFromKey(key: string, hemisphere: Hemisphere): GrowingSeason | null {
  const north = /^(\d{4})$/.exec(key);
  if (north && hemisphere === "north") return growingSeasonOf(`${north[1]}-06-01`, "north");
  const south = /^(\d{4})-(\d{2})$/.exec(key);
  if (!south || hemisphere !== "south") return null;
  const season = growingSeasonOf(`${south[1]}-07-01`, "south");
  return season.key === key ? season : null;
}
