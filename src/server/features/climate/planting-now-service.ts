import type { Logger } from "pino";
import type { ClimateProfile } from "../../../core/climate/climate-profile";
import { placeTitle } from "../../../core/place-title";
import type { TemperatureUnits } from "../../../core/weather";
import { findUnits } from "../profile/read-model";
import { type GardenerClimateDeps, gardenerClimate } from "./gardener-climate";
import type { CalendarSuggestions } from "./suggestions-service";

/** What to Plant Now at the gardener's place, named, for the assistant. */
export interface PlantingNowAtPlace extends CalendarSuggestions {
  place: string;
}

/**
 * The assistant's "what can I plant now" (issue 23): the same calendar lists as What to Plant
 * Now, for the gardener's own place and frost dates. Null without a place or a climate, or when
 * the climate cannot be had: a chat never fails for it.
 */
export function plantingNowLookup(
  deps: GardenerClimateDeps & { log: Pick<Logger, "warn"> },
  suggestionsFor: (
    profile: ClimateProfile,
    date: string,
    units: TemperatureUnits,
  ) => CalendarSuggestions,
) {
  return async (userId: string, today: string): Promise<PlantingNowAtPlace | null> => {
    try {
      const [found, units] = await Promise.all([
        gardenerClimate(deps, userId, today),
        findUnits(deps.db, userId),
      ]);
      if (!found?.profile || !found.place) return null;
      return { place: placeTitle(found.place), ...suggestionsFor(found.profile, today, units) };
    } catch (err) {
      deps.log.warn({ err }, "could not work out what to plant now for the assistant");
      return null;
    }
  };
}
