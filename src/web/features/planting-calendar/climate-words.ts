import { shortDate } from "../../../core/climate/verdict-words";
import type { ClimateBody } from "../../../core/schemas/climate";
import { celsiusToFahrenheit } from "../../../core/units";
import type { Units } from "../../lib/storage";

const SOURCES: Record<ClimateBody["source"], string> = {
  "usda-noaa": "from NOAA and the USDA map",
  historical: "from 10 years of weather history",
  gardener: "your own frost dates",
  estimate: "an estimate",
};

const frostDate = (monthDay: string) => shortDate(`2001-${monthDay}`);

/** The coldest and warmest months' typical means, whole degrees in the gardener's unit. */
function monthlyRange(means: readonly number[], units: Units): string {
  const inUnits = (c: number) => Math.round(units === "F" ? celsiusToFahrenheit(c) : c);
  return `monthly means ${inUnits(Math.min(...means))} to ${inUnits(Math.max(...means))} °${units}`;
}

/**
 * The place's climate in one line: "Zone 9b · last frost about 24 Aug, first frost about 19 Jun ·
 * monthly means 4 to 22 °C · from 10 years of weather history".
 */
export function climateLine(climate: ClimateBody, units: Units): string {
  const frost = climate.frostFree
    ? "frost-free"
    : climate.lastFrost && climate.firstFrost
      ? `last frost about ${frostDate(climate.lastFrost)}, first frost about ${frostDate(climate.firstFrost)}`
      : null;
  return [
    climate.zone ? `Zone ${climate.zone}` : null,
    frost,
    climate.monthlyMeanC?.length ? monthlyRange(climate.monthlyMeanC, units) : null,
    SOURCES[climate.source],
  ]
    .filter(Boolean)
    .join(" · ");
}
