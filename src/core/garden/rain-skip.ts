import { addDays, compareDates, type IsoDate, isWithinDateRange } from "./dates";
import { normalizeRepeat, type Task } from "./tasks";

/** A day with at least this much rain (measured or forecast, mm) waters outdoor soil for you. */
export const RAIN_SKIP_MM = 5;

/** Area kinds that keep the rain off whatever grows in them (areas.kind, migration 0015). */
const SHELTERED_AREA_KINDS: ReadonlySet<string> = new Set([
  "greenhouse",
  "indoor-shelf",
  "hydroponic-system",
]);
/** Garden types (plants.garden_type) that rain never reaches. */
const SHELTERED_GARDEN_TYPES: ReadonlySet<string> = new Set(["indoor", "hydroponic-system"]);

/** What the rule needs to know about a task's plant, and the area it grows in (if placed). */
export interface RainExposure {
  place: string;
  medium: string;
  gardenType: string | null;
  area: { kind: string; covered: boolean } | null;
}

/**
 * Rain waters a plant only when it grows outdoors, in soil (cocopeat and hydroponics are watered
 * by hand or by pump whatever the sky does), and under no roof: not an indoor or hydroponic
 * garden, not in a covered area, a greenhouse, an indoor shelf or a hydroponic system.
 */
export function rainReaches(plant: RainExposure): boolean {
  if (plant.place !== "outdoor" || plant.medium !== "soil") return false;
  if (plant.gardenType !== null && SHELTERED_GARDEN_TYPES.has(plant.gardenType)) return false;
  if (plant.area && (plant.area.covered || SHELTERED_AREA_KINDS.has(plant.area.kind))) {
    return false;
  }
  return true;
}

export interface RainSkip {
  task: Task;
  /** The due date it had before the skip. */
  fromDueDate: IsoDate;
}

/**
 * The task, moved to `day` + its interval, when rain skips it for `day`: a pending repeating
 * watering task due on or before `day`, of a plant rain reaches, on a day with at least
 * RAIN_SKIP_MM of rain (`rainMm` null: no forecast for the day, so no skip). Null otherwise, and
 * when the move would pass the last date Tendril keeps.
 */
export function rainSkip(
  task: Task,
  plant: RainExposure,
  day: IsoDate,
  rainMm: number | null,
): RainSkip | null {
  if (rainMm === null || !(rainMm >= RAIN_SKIP_MM)) return null;
  if (task.status !== "pending" || task.type !== "watering" || task.dueDate === null) return null;
  const interval = normalizeRepeat(task.repeatEveryDays);
  if (interval === null || compareDates(task.dueDate, day) > 0) return null;
  if (!rainReaches(plant)) return null;
  const dueDate = addDays(day, interval);
  if (!isWithinDateRange(dueDate)) return null;
  return { task: { ...task, dueDate }, fromDueDate: task.dueDate };
}

/**
 * Rain as the gardener reads it: millimetres to one decimal ("8 mm", "12.5 mm"), or with
 * Fahrenheit units, US customary, inches to two decimals ("0.31 in").
 */
export function rainAmount(mm: number, units: "C" | "F"): string {
  return units === "F" ? `${(mm / 25.4).toFixed(2)} in` : `${Number(mm.toFixed(1))} mm`;
}
