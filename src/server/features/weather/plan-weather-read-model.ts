import type { Kysely } from "kysely";
import { describeWeatherCode } from "../../../core/weather/index";
import type { Database } from "../../db/schema";
import type { Forecast } from "../../providers/weather/types";
import { shownForecastRow } from "./repository";

/** Weather older than this says little about the days a new plant's first tasks fall on. */
export const PLAN_WEATHER_MAX_AGE_MS = 6 * 60 * 60 * 1000;

export interface PlanWeather {
  temperatureC: number;
  conditions: string;
}

/**
 * The gardener's current conditions for a new plan: the place they were last shown weather for
 * (not the last place fetched: a place served from the cache counts too), from the cache, never
 * from the network: adding a plant must not wait on, or fail with, the weather service. Null when
 * that forecast is not recent.
 */
export function cachedWeatherForPlans(db: Kysely<Database>, now = () => Date.now()) {
  return async (userId: string): Promise<PlanWeather | null> => {
    const row = await shownForecastRow(
      db,
      userId,
      new Date(now() - PLAN_WEATHER_MAX_AGE_MS).toISOString(),
    );
    if (!row) return null;
    try {
      const { current } = JSON.parse(row.payload) as Forecast;
      if (typeof current?.temperatureC !== "number") return null;
      return {
        temperatureC: current.temperatureC,
        conditions: describeWeatherCode(current.weatherCode),
      };
    } catch {
      return null;
    }
  };
}
