/** A stage of a guide, by days from the planting day (0) to its last day, inclusive. */
export interface DayRange {
  name: string;
  startDay: number;
  endDay: number;
}

export interface BarGeometry {
  /** How many days it lasts (both ends count). */
  days: number;
  /** Where the bar starts and how wide it is, in % of the whole guide. */
  left: number;
  width: number;
}

/**
 * The narrowest bar drawn, in %: a one-day stage of a year-long guide would otherwise be a
 * hairline nobody can see.
 */
export const MIN_BAR_PERCENT = 2;

/**
 * The timeline chart's bars: each stage spans startDay to endDay on one axis from day 0 to the
 * guide's last day, so the bars sit end to end as the stages follow each other.
 */
export function stageBars<T extends DayRange>(stages: readonly T[]): (T & BarGeometry)[] {
  const total = Math.max(1, ...stages.map((s) => s.endDay + 1));
  return stages.map((stage) => {
    const days = Math.max(1, stage.endDay - stage.startDay + 1);
    const width = Math.max(MIN_BAR_PERCENT, (days / total) * 100);
    const left = Math.min((stage.startDay / total) * 100, 100 - width);
    return { ...stage, days, left, width };
  });
}

/** "Day 5", "Days 0–13". */
export function dayRangeLabel(startDay: number, endDay: number): string {
  return startDay === endDay ? `Day ${startDay}` : `Days ${startDay}–${endDay}`;
}
