import type { Kysely } from "kysely";
import type { Database } from "../../db/schema";
import type { Forecast } from "../../providers/weather/types";
import { shownForecastRows } from "./repository";

/**
 * A forecast older than this says too little about today's rain to move anyone's watering: the
 * web app fetches a fresh one (every 3 hours at most) whenever the gardener opens it.
 */
export const RAIN_FORECAST_MAX_AGE_MS = 24 * 60 * 60_000;

export interface PlaceRain {
  userId: string;
  /** The date it is now at the gardener's place. */
  day: string;
  /** That day's rain, measured so far plus forecast (mm); null when the forecast lacks the day. */
  rainMm: number | null;
}

/** The place's date at `now`, from the offset the forecast was fetched with. */
function placeDate(now: Date, utcOffsetSeconds: number): string {
  return new Date(now.getTime() + utcOffsetSeconds * 1000).toISOString().slice(0, 10);
}

function rainOf(userId: string, payload: string, now: Date): PlaceRain | null {
  try {
    const forecast = JSON.parse(payload) as Forecast;
    if (!Array.isArray(forecast.daily)) return null;
    const day = placeDate(now, Number(forecast.utcOffsetSeconds) || 0);
    const entry = forecast.daily.find((d) => d.date === day);
    const mm = entry?.precipitationMm;
    return { userId, day, rainMm: typeof mm === "number" && Number.isFinite(mm) ? mm : null };
  } catch {
    return null;
  }
}

/**
 * Today's rain at the place each gardener was last shown weather for (one gardener, when given),
 * from the weather cache only: the rain skip never calls the weather service.
 */
export async function rainToday(
  db: Kysely<Database>,
  now: Date,
  userId?: string,
): Promise<PlaceRain[]> {
  const since = new Date(now.getTime() - RAIN_FORECAST_MAX_AGE_MS).toISOString();
  const rows = await shownForecastRows(db, since, userId);
  return rows.flatMap((row) => rainOf(row.userId, row.payload, now) ?? []);
}
