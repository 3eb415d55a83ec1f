import type { HistoryDay } from "../../../core/climate/climate-from-history";
import type { PlaceQuery } from "./place-query";

export interface LatLon {
  lat: number;
  lon: number;
}

/** A place a typed location resolved to. */
export interface Place {
  /** "San Francisco, CA", "Pune, IN": see placeLabel. */
  label: string;
  lat: number;
  lon: number;
  /** ISO 3166-1 alpha-2, or null when the source does not say. */
  countryCode: string | null;
  source: "geocoder" | "bundled";
}

export interface CurrentConditions {
  /** The place's local time of the observation, "YYYY-MM-DDTHH:MM". */
  time: string;
  temperatureC: number;
  humidity: number;
  windMph: number;
  weatherCode: number;
}

export interface DailyForecast {
  /** The place's local date, "YYYY-MM-DD". */
  date: string;
  minC: number;
  maxC: number;
  precipitationMm: number;
  humidity: number | null;
  weatherCode: number | null;
}

/** Provider-neutral weather for a point, in the units Tendril computes with; cached as JSON. */
export interface Forecast {
  timezone: string | null;
  utcOffsetSeconds: number;
  current: CurrentConditions;
  /** From the place's today, in date order. */
  daily: DailyForecast[];
}

/** Current conditions and a daily forecast for a point. */
export interface WeatherProvider {
  readonly name: string;
  forecast(point: LatLon, days: number): Promise<Forecast>;
}

/**
 * Finds a place. Resolves null when the place is unknown; rejects (with an AppError 502) when the
 * service cannot be asked.
 */
export interface Geocoder {
  geocode(query: PlaceQuery): Promise<Place | null>;
}

/**
 * Past daily weather at a point, for its typical year. Rejects (with an AppError 502) when the
 * service cannot be asked.
 */
export interface ClimateArchive {
  history(point: LatLon, from: string, to: string): Promise<HistoryDay[]>;
}
