export type TemperatureBand = "very-cold" | "cool" | "mild" | "warm" | "hot";

/** Spec §9: used when the forecast gives nothing to average. */
export const DEFAULT_AVERAGE_C = 20;

/** Each band includes its upper bound: 5 is very cold, 5.1 is cool (spec §9). */
export function temperatureBand(averageC: number): TemperatureBand {
  const value = Number.isFinite(averageC) ? averageC : DEFAULT_AVERAGE_C;
  if (value <= 5) return "very-cold";
  if (value <= 15) return "cool";
  if (value <= 22) return "mild";
  if (value <= 30) return "warm";
  return "hot";
}

// Loose on purpose: forecasts arrive from providers and caches, where a value may be null or text.
export interface DailyTemperatures {
  min?: unknown;
  max?: unknown;
}

/**
 * Mean of each day's midpoint, (min + max) / 2, rounded to one decimal so that the °C shown on the
 * card and the band chosen from it agree. Days without both numbers are skipped; with none left
 * the spec's default of 20 °C applies.
 */
export function averageForecastC(
  forecast: readonly DailyTemperatures[] | null | undefined,
): number {
  const midpoints: number[] = [];
  for (const day of forecast ?? []) {
    const { min, max } = day;
    if (typeof min === "number" && typeof max === "number" && Number.isFinite(min + max)) {
      midpoints.push((min + max) / 2);
    }
  }
  if (midpoints.length === 0) return DEFAULT_AVERAGE_C;
  const mean = midpoints.reduce((sum, value) => sum + value, 0) / midpoints.length;
  return Math.round(mean * 10) / 10;
}
