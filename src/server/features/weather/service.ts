import type { Kysely } from "kysely";
import type {
  Frost,
  GuidanceQuery,
  Insights,
  LocationQuery,
  PlantingQuery,
  PlantingSuggestionsBody,
  Weather,
} from "../../../core/schemas/weather";
import { celsiusToFahrenheit } from "../../../core/units";
import {
  averageForecastC,
  dayAdvice,
  describeWeatherCode,
  type FrostStation,
  gardenHealthAlerts,
  gardeningRecommendations,
  hemisphereOf,
  nearestFrostStation,
  plantingAdvice,
  plantingSuggestions,
  seasonFor,
  seasonLine,
  type TemperatureUnits,
  wateringAdvice,
} from "../../../core/weather";
import type { Database } from "../../db/schema";
import { AppError } from "../../errors";
import {
  type BundledPlaces,
  type Forecast,
  type Geocoder,
  parsePlaceQuery,
  type WeatherProvider,
} from "../../providers/weather";
import { normalizePlaceName, placeLabel } from "../../providers/weather/place-query";
import type { CalendarSuggestions } from "../climate/suggestions-service";
import { findUnits, storedLocation } from "../profile/read-model";
import { type PlaceRain, rainToday } from "./rain-today";
import { markShown, readCache, writeCache } from "./repository";

/** Spec §5: the location when none is passed and none is stored. */
export const DEFAULT_LOCATION = "San Francisco";

export const CURRENT_TTL_MS = 30 * 60_000;
export const FORECAST_TTL_MS = 3 * 60 * 60_000;
// Places do not move; the entry only saves a geocoder call. Reset Weather Cache clears it too.
export const PLACE_TTL_MS = 30 * 24 * 60 * 60_000;

const FORECAST_DAYS = 7;
// One spare day, so a forecast cached just before the place's midnight still has seven days left.
const FETCH_DAYS = FORECAST_DAYS + 1;
// A GPS fix is labelled with a town this close; its country is trusted a little farther out.
const LABEL_RADIUS_KM = 50;
const COUNTRY_RADIUS_KM = 300;
// NOAA's normals cover the states and these territories.
export const FROST_COUNTRIES: ReadonlySet<string> = new Set(["US", "PR", "VI", "GU", "AS", "MP"]);

export interface WeatherServiceDeps {
  db: Kysely<Database>;
  weather: WeatherProvider;
  geocoder: Geocoder;
  places: BundledPlaces;
  frostStations: () => readonly FrostStation[];
  /**
   * What to Plant Now from the planting calendar of a place's climate (issue 23); null when no
   * climate is known there, and the spec's temperature bands answer instead.
   */
  calendar?: (
    userId: string,
    place: { lat: number; lon: number; countryCode: string | null },
    today: string,
    units: TemperatureUnits,
  ) => Promise<CalendarSuggestions | null>;
  now?: () => Date;
}

/** What `rainAtHome` found, and whether it had to ask the weather services for it. */
export interface HomeRain {
  /** Null: no place stored, or nothing fresh cached and nothing to be fetched. */
  rain: PlaceRain | null;
  fetched: boolean;
}

interface ResolvedPlace {
  label: string;
  lat: number;
  lon: number;
  countryCode: string | null;
  geocodedBy: Weather["geocodedBy"];
}

interface CachedPlace {
  label: string;
  lat: number;
  lon: number;
  countryCode: string | null;
  source: "geocoder" | "bundled";
}

interface Conditions {
  place: ResolvedPlace;
  forecast: Forecast;
  fetchedAt: string;
  /** The place's local date, YYYY-MM-DD. */
  today: string;
}

const round1 = (value: number) => Math.round(value * 10) / 10;

/** The weather card, insights and planting guidance, from the provider through weather_cache. */
export class WeatherService {
  private readonly now: () => Date;

  constructor(private readonly deps: WeatherServiceDeps) {
    this.now = deps.now ?? (() => new Date());
  }

  async weather(userId: string, query: LocationQuery): Promise<Weather> {
    const conditions = await this.conditions(userId, query, CURRENT_TTL_MS);
    return this.toWeather(conditions);
  }

  /**
   * Sentences are composed per request from the cached forecast, so one cache entry serves both
   * units; the quantities in them follow `query.units`, else the profile's units.
   */
  async insights(userId: string, query: GuidanceQuery): Promise<Insights> {
    const [conditions, units] = await Promise.all([
      this.conditions(userId, query, CURRENT_TTL_MS),
      this.units(userId, query),
    ]);
    const weather = this.toWeather(conditions);
    const days = this.days(conditions);
    const forecast = days.map((day) => ({
      date: day.date,
      temperature: { min: round1(day.minC), max: round1(day.maxC) },
      conditions: day.weatherCode === null ? "Unknown" : describeWeatherCode(day.weatherCode),
      humidity: day.humidity === null ? null : Math.round(day.humidity),
      precipitation: round1(day.precipitationMm),
      gardeningAdvice: dayAdvice({
        min: day.minC,
        max: day.maxC,
        precipitation: day.precipitationMm,
        humidity: day.humidity,
      }),
      weatherCode: day.weatherCode,
    }));
    const planting = {
      averageC: averageForecastC(forecast.map((day) => day.temperature)),
      season: weather.season,
      hemisphere: weather.hemisphere,
      countryCode: weather.countryCode,
    };
    const daily = forecast.map((day) => ({
      min: day.temperature.min,
      max: day.temperature.max,
      precipitation: day.precipitation,
    }));
    return {
      currentConditions: weather,
      forecast,
      gardeningRecommendations: gardeningRecommendations(weather.season),
      plantingAdvice: plantingAdvice(planting, units),
      wateringAdvice: wateringAdvice(
        { temperature: weather.temperature, humidity: weather.humidity, forecast: daily },
        units,
      ),
      alerts: gardenHealthAlerts(
        {
          current: {
            temperature: weather.temperature,
            humidity: weather.humidity,
            windSpeed: weather.windSpeed,
          },
          forecast: daily,
        },
        units,
      ),
    };
  }

  async plantingSuggestions(
    userId: string,
    query: PlantingQuery,
  ): Promise<PlantingSuggestionsBody> {
    const [place, units] = await Promise.all([
      this.resolve(userId, query),
      this.units(userId, query),
    ]);
    // Season, lists and frost dates need no live weather: without a forecast (offline, or the
    // service down) the spec's default 20 °C stands in, and the answer says so.
    const conditions = await this.conditionsAt(userId, place, FORECAST_TTL_MS).catch(
      (error: unknown) => {
        if (error instanceof AppError && error.code === "upstream_unavailable") return null;
        throw error;
      },
    );
    const today = query.date ?? conditions?.today ?? this.now().toISOString().slice(0, 10);
    const hemisphere = hemisphereOf(place.lat);
    const season = seasonFor(today, place.lat, place.countryCode);
    const averageFrom = conditions ? "forecast" : "default";
    const averageC = averageForecastC(
      conditions
        ? this.days(conditions).map((day) => ({ min: round1(day.minC), max: round1(day.maxC) }))
        : [],
    );
    const bands = plantingSuggestions(
      { averageC, averageFrom, season, hemisphere, countryCode: place.countryCode },
      units,
    );
    // The calendar of the place's climate when one is known; the temperature bands otherwise.
    const calendar = await this.deps.calendar?.(userId, place, today, units);
    const lists = calendar
      ? { ...bands, ...calendar, summary: [...calendar.summary, seasonLine(season, hemisphere)] }
      : bands;
    return {
      location: place.label,
      season,
      averageC,
      averageFrom,
      summary: lists.summary,
      vegetables: lists.vegetables,
      herbs: lists.herbs,
      flowers: lists.flowers,
      frost: this.frost(place),
      band: lists.band,
      latitude: place.lat,
      longitude: place.lon,
      countryCode: place.countryCode,
      hemisphere,
    };
  }

  /**
   * Today's rain at the gardener's own place (the profile's; never the default one), for the
   * rain skip: from that place's forecast while it is fresh (FORECAST_TTL_MS, whoever fetched
   * it), else, when `mayFetch`, fetched and cached as the weather card would. Nothing is marked
   * shown: the gardener saw nothing.
   */
  async rainAtHome(userId: string, now: Date, mayFetch: boolean): Promise<HomeRain> {
    const home = await this.home(userId, mayFetch);
    if (!home.place) return { rain: null, fetched: home.fetched };
    const key = forecastKey(userId, home.place);
    const cached = await readCache(this.deps.db, key);
    if (cached && isFresh(cached.fetched_at, now, FORECAST_TTL_MS)) {
      return {
        rain: rainToday(JSON.parse(cached.payload) as Forecast, now),
        fetched: home.fetched,
      };
    }
    if (!mayFetch) return { rain: null, fetched: home.fetched };
    const forecast = await this.fetchForecast(userId, home.place, key, now);
    return { rain: rainToday(forecast, now), fetched: true };
  }

  private async units(userId: string, query: GuidanceQuery): Promise<TemperatureUnits> {
    return query.units ?? findUnits(this.deps.db, userId);
  }

  private frost(place: ResolvedPlace): Frost | null {
    if (!place.countryCode || !FROST_COUNTRIES.has(place.countryCode)) return null;
    const found = nearestFrostStation(this.deps.frostStations(), {
      lat: place.lat,
      lon: place.lon,
    });
    if (!found) return null;
    return {
      lastSpring: found.lastSpring,
      firstFall: found.firstFall,
      station: found.station,
      distanceKm: found.distanceKm,
      stationId: found.stationId,
      freezePattern: found.freezePattern,
    };
  }

  private toWeather({ place, forecast, fetchedAt, today }: Conditions): Weather {
    const { current } = forecast;
    return {
      location: place.label,
      season: seasonFor(today, place.lat, place.countryCode),
      temperature: round1(current.temperatureC),
      temperatureF: round1(celsiusToFahrenheit(current.temperatureC)),
      conditions: describeWeatherCode(current.weatherCode),
      windSpeed: round1(current.windMph),
      humidity: Math.round(current.humidity),
      latitude: place.lat,
      longitude: place.lon,
      countryCode: place.countryCode,
      fetchedAt,
      weatherCode: current.weatherCode,
      hemisphere: hemisphereOf(place.lat),
      timezone: forecast.timezone,
      geocodedBy: place.geocodedBy,
    };
  }

  private days({ forecast, today }: Conditions) {
    return forecast.daily.filter((day) => day.date >= today).slice(0, FORECAST_DAYS);
  }

  private async conditions(
    userId: string,
    query: LocationQuery,
    maxAgeMs: number,
  ): Promise<Conditions> {
    return this.conditionsAt(userId, await this.resolve(userId, query), maxAgeMs);
  }

  private async conditionsAt(
    userId: string,
    place: ResolvedPlace,
    maxAgeMs: number,
  ): Promise<Conditions> {
    const { forecast, fetchedAt } = await this.forecast(userId, place, maxAgeMs);
    const localNow = this.now().getTime() + forecast.utcOffsetSeconds * 1000;
    return { place, forecast, fetchedAt, today: new Date(localNow).toISOString().slice(0, 10) };
  }

  /** Spec §5: the passed location, else the stored one (or the stored ZIP), else San Francisco. */
  private async resolve(userId: string, query: LocationQuery): Promise<ResolvedPlace> {
    if (query.lat !== undefined && query.lon !== undefined) {
      return this.fromCoordinates(query.lat, query.lon);
    }
    if (query.location) return this.geocode(userId, query.location);
    const stored = await this.stored(userId);
    return "place" in stored ? stored.place : this.geocode(userId, stored.text ?? DEFAULT_LOCATION);
  }

  /** The gardener's stored place, found; or its text (location, else ZIP), or none stored. */
  private async stored(
    userId: string,
  ): Promise<{ place: ResolvedPlace } | { text: string | undefined }> {
    const stored = await storedLocation(this.deps.db, userId);
    // A place chosen from /api/places is already found: no geocoder call, no ambiguity.
    if (stored?.place_name && stored.place_lat !== null && stored.place_lon !== null) {
      return {
        place: {
          label: placeLabel(stored.place_name, stored.place_country_code, stored.place_admin1),
          lat: Number(stored.place_lat),
          lon: Number(stored.place_lon),
          countryCode: stored.place_country_code,
          geocodedBy: "geocoder",
        },
      };
    }
    return { text: stored?.location?.trim() || stored?.zip?.trim() || undefined };
  }

  /** The gardener's own place, geocoded (if need be, and only when `mayFetch`) from its cache. */
  private async home(
    userId: string,
    mayFetch: boolean,
  ): Promise<{ place: ResolvedPlace | null; fetched: boolean }> {
    const stored = await this.stored(userId);
    if ("place" in stored) return { place: stored.place, fetched: false };
    if (!stored.text) return { place: null, fetched: false };
    const cached = await this.cachedPlace(userId, stored.text);
    if (cached || !mayFetch) return { place: cached, fetched: false };
    return { place: await this.geocode(userId, stored.text), fetched: true };
  }

  /**
   * A GPS fix is named after the nearest bundled town, not the text sent beside it: that text is
   * whatever was typed before, and may be a place far away.
   */
  private fromCoordinates(lat: number, lon: number): ResolvedPlace {
    const nearby = this.deps.places.nearest({ lat, lon }, COUNTRY_RADIUS_KM);
    const near = nearby && nearby.distanceKm <= LABEL_RADIUS_KM ? nearby : null;
    return {
      label: near?.label ?? `${lat.toFixed(2)}, ${lon.toFixed(2)}`,
      lat,
      lon,
      countryCode: nearby?.countryCode ?? null,
      geocodedBy: "coordinates",
    };
  }

  /** The place the text was geocoded to for this gardener lately; null when none is cached. */
  private async cachedPlace(userId: string, text: string): Promise<ResolvedPlace | null> {
    const query = parsePlaceQuery(text);
    return query ? this.cachedAt(placeKey(userId, text, query)) : null;
  }

  private async cachedAt(key: string): Promise<ResolvedPlace | null> {
    const cached = await readCache(this.deps.db, key);
    return cached && isFresh(cached.fetched_at, this.now(), PLACE_TTL_MS)
      ? toResolved(JSON.parse(cached.payload) as CachedPlace)
      : null;
  }

  private async geocode(userId: string, text: string): Promise<ResolvedPlace> {
    const query = parsePlaceQuery(text);
    if (!query) throw notFoundPlace(text);
    const key = placeKey(userId, text, query);
    const cached = await this.cachedAt(key);
    if (cached) return cached;
    const now = this.now();
    const place = await this.deps.geocoder.geocode(query);
    if (!place) throw notFoundPlace(text);
    const entry: CachedPlace = {
      label: place.label,
      lat: place.lat,
      lon: place.lon,
      countryCode: place.countryCode,
      source: place.source,
    };
    await writeCache(this.deps.db, {
      key,
      userId,
      payload: JSON.stringify(entry),
      fetchedAt: now.toISOString(),
    });
    return toResolved(entry);
  }

  /** Weather for the place, from the cache while it is younger than maxAgeMs. */
  private async forecast(userId: string, place: ResolvedPlace, maxAgeMs: number) {
    const key = forecastKey(userId, place);
    const now = this.now();
    const cached = await readCache(this.deps.db, key);
    if (cached && isFresh(cached.fetched_at, now, maxAgeMs)) {
      await markShown(this.deps.db, userId, key, now.toISOString());
      return { forecast: JSON.parse(cached.payload) as Forecast, fetchedAt: cached.fetched_at };
    }
    const forecast = await this.fetchForecast(userId, place, key, now);
    const fetchedAt = now.toISOString();
    await markShown(this.deps.db, userId, key, fetchedAt);
    return { forecast, fetchedAt };
  }

  private async fetchForecast(userId: string, place: ResolvedPlace, key: string, now: Date) {
    const forecast = await this.deps.weather.forecast(
      { lat: round2(place.lat), lon: round2(place.lon) },
      FETCH_DAYS,
    );
    const fetchedAt = now.toISOString();
    await writeCache(this.deps.db, { key, userId, payload: JSON.stringify(forecast), fetchedAt });
    return forecast;
  }
}

// Two decimals is about a kilometre: close enough to share a forecast, and a stable key.
const forecastKey = (userId: string, place: ResolvedPlace) =>
  `weather:${userId}:${round2(place.lat).toFixed(2)},${round2(place.lon).toFixed(2)}`;

const placeKey = (
  userId: string,
  text: string,
  query: NonNullable<ReturnType<typeof parsePlaceQuery>>,
) => `place:${userId}:${query.kind === "zip" ? query.zip : normalizePlaceName(text)}`;

const round2 = (value: number) => Math.round(value * 100) / 100;

function isFresh(fetchedAt: string, now: Date, maxAgeMs: number): boolean {
  const age = now.getTime() - Date.parse(fetchedAt);
  return age >= 0 && age < maxAgeMs;
}

function toResolved(place: CachedPlace): ResolvedPlace {
  return {
    label: place.label,
    lat: place.lat,
    lon: place.lon,
    countryCode: place.countryCode,
    geocodedBy: place.source,
  };
}

function notFoundPlace(text: string): AppError {
  return new AppError(
    404,
    "not_found",
    `We could not find “${text}”. Try a town or city name, add its state or country code (“Springfield, IL”, “Pune, IN”), or type a US ZIP code.`,
  );
}
