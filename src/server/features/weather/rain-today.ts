import type { Forecast } from "../../providers/weather/types";

/** Today's rain at a place, for the rain skip (issue 26). */
export interface PlaceRain {
  /** The date it is now at the place. */
  day: string;
  /** That day's rain, measured so far plus forecast (mm); null when the forecast lacks the day. */
  rainMm: number | null;
}

/** The place's date at `now`, from the offset the forecast was fetched with. */
function placeDate(now: Date, utcOffsetSeconds: number): string {
  return new Date(now.getTime() + utcOffsetSeconds * 1000).toISOString().slice(0, 10);
}

/** The rain of the place's own today in a forecast; null for a forecast without daily figures. */
export function rainToday(forecast: Forecast, now: Date): PlaceRain | null {
  if (!Array.isArray(forecast.daily)) return null;
  const day = placeDate(now, Number(forecast.utcOffsetSeconds) || 0);
  const mm = forecast.daily.find((d) => d.date === day)?.precipitationMm;
  return { day, rainMm: typeof mm === "number" && Number.isFinite(mm) ? mm : null };
}
