import type { ClimateBody } from "../schemas/climate";
import { zoneTemperatureRange, zoneTitle } from "../zones";
import { type ClimateProfile, hasFrost } from "./climate-profile";

const DAY_MS = 86_400_000;

/** Days from one "MM-DD" to the next (round the year end when it comes first). */
function daysBetweenMonthDays(from: string, to: string): number {
  const start = Date.UTC(2001, Number(from.slice(0, 2)) - 1, Number(from.slice(3)));
  const end = Date.UTC(2001, Number(to.slice(0, 2)) - 1, Number(to.slice(3)));
  return Math.round((end >= start ? end - start : end + 365 * DAY_MS - start) / DAY_MS);
}

/** The climate as API.md gives it; `profile` null is the season rules' estimate at a latitude. */
export function climateBody(profile: ClimateProfile | null, latitude: number): ClimateBody {
  const hemisphere = latitude >= 0 ? "north" : "south";
  if (!profile) {
    return {
      source: "estimate",
      zone: null,
      zoneTitle: null,
      lastFrost: null,
      firstFrost: null,
      frostFree: false,
      growingSeasonDays: null,
      monthlyMeanC: null,
      monthlyRainMm: null,
      hemisphere,
    };
  }
  const range = profile.zone ? zoneTemperatureRange(profile.zone) : null;
  const frost = hasFrost(profile);
  return {
    source: profile.source,
    zone: profile.zone,
    zoneTitle: profile.zone && range ? zoneTitle(profile.zone, range) : null,
    lastFrost: profile.lastFrost,
    firstFrost: profile.firstFrost,
    frostFree: !frost,
    growingSeasonDays: frost
      ? daysBetweenMonthDays(profile.lastFrost ?? "", profile.firstFrost ?? "")
      : 365,
    monthlyMeanC: profile.monthlyMeanC ? [...profile.monthlyMeanC] : null,
    monthlyRainMm: profile.monthlyRainMm ? [...profile.monthlyRainMm] : null,
    hemisphere,
  };
}
