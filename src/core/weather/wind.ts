import type { TemperatureUnits } from "./format";

// Apart from format.ts, which the web's first load carries: only the weather card and the
// server's sentences give a wind speed.

const KM_PER_MILE = 1.609344;

/**
 * A wind speed, measured in mph, as the reader reads it: km/h beside °C, mph beside °F, in whole
 * figures (a tenth of a km/h is noise on a weather card).
 */
export function formatWindSpeed(mph: number, units: TemperatureUnits = "C"): string {
  return units === "F" ? `${Math.round(mph)} mph` : `${Math.round(mph * KM_PER_MILE)} km/h`;
}
