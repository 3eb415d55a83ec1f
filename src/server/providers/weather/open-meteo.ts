import type { Logger } from "pino";
import { z } from "zod";
import type { HistoryDay } from "../../../core/climate/climate-from-history";
import type { Place as FoundPlace } from "../../../core/schemas/place";
import { fahrenheitToCelsius } from "../../../core/units";
import { AppError } from "../../errors";
import { type PlaceQuery, pickCandidate, placeLabel } from "./place-query";
import type {
  ClimateArchive,
  DailyForecast,
  Forecast,
  Geocoder,
  LatLon,
  Place,
  WeatherProvider,
} from "./types";

export interface OpenMeteoOptions {
  /** Forecast API, e.g. https://api.open-meteo.com (no trailing slash). */
  baseUrl: string;
  /** Geocoding API, e.g. https://geocoding-api.open-meteo.com. */
  geocodingBaseUrl: string;
  /** Historical weather API, e.g. https://archive-api.open-meteo.com. */
  archiveBaseUrl: string;
  timeoutMs: number;
  log?: Pick<Logger, "warn">;
}

// Open-Meteo writes null into a series where a model has no value for a step.
const series = z.array(z.number().nullable());

const forecastResponse = z.object({
  timezone: z.string().optional(),
  utc_offset_seconds: z.number().optional(),
  current_units: z.record(z.string(), z.string()).optional(),
  current: z.object({
    time: z.string(),
    temperature_2m: z.number(),
    relative_humidity_2m: z.number(),
    wind_speed_10m: z.number(),
    weather_code: z.number(),
  }),
  daily_units: z.record(z.string(), z.string()).optional(),
  daily: z.object({
    time: z.array(z.string()),
    weather_code: series.optional(),
    temperature_2m_max: series,
    temperature_2m_min: series,
    precipitation_sum: series.optional(),
    relative_humidity_2m_mean: series.optional(),
  }),
});

const searchResponse = z.object({
  // Open-Meteo leaves `results` out entirely when nothing matches.
  results: z
    .array(
      z.object({
        name: z.string(),
        latitude: z.number(),
        longitude: z.number(),
        country_code: z.string().optional(),
        country: z.string().optional(),
        admin1: z.string().optional(),
        timezone: z.string().optional(),
        postcodes: z.array(z.string()).optional(),
      }),
    )
    .optional(),
});

const archiveResponse = z.object({
  daily_units: z.record(z.string(), z.string()).optional(),
  daily: z.object({
    time: z.array(z.string()),
    temperature_2m_max: series,
    temperature_2m_min: series,
    precipitation_sum: series,
  }),
});

const CURRENT = ["temperature_2m", "relative_humidity_2m", "wind_speed_10m", "weather_code"];
const DAILY = [
  "weather_code",
  "temperature_2m_max",
  "temperature_2m_min",
  "precipitation_sum",
  "relative_humidity_2m_mean",
];

// We ask for °C, mph and mm; a compatible server that ignores the unit parameters still says
// which units it used, so convert from those.
function toMph(value: number, unit: string | undefined): number {
  switch (unit) {
    case "km/h":
      return value / 1.609344;
    case "m/s":
      return value * 2.2369363;
    case "kn":
      return value * 1.1507794;
    default:
      return value;
  }
}

function toCelsius(value: number, unit: string | undefined): number {
  return unit === "°F" ? fahrenheitToCelsius(value) : value;
}

function toMm(value: number, unit: string | undefined): number {
  return unit === "inch" ? value * 25.4 : value;
}

type Service = "weather" | "place-name" | "climate";

const SERVICE_NAMES: Record<Service, string> = {
  weather: "The weather service (Open-Meteo)",
  "place-name": "The place-name service (Open-Meteo geocoding)",
  climate: "The weather history service (Open-Meteo archive)",
};

const RETRY_HINT: Record<Service, string> = {
  weather: "Please try again in a few minutes.",
  "place-name": "Please try again in a few minutes, or type a US ZIP code.",
  climate: "Please try again in a few minutes.",
};

/** Open-Meteo's forecast and geocoding APIs (no key). Any failure becomes a 502 a person can read. */
export class OpenMeteo implements WeatherProvider, Geocoder, ClimateArchive {
  readonly name = "open-meteo";

  constructor(private readonly options: OpenMeteoOptions) {}

  async forecast(point: LatLon, days: number): Promise<Forecast> {
    const url = new URL(`${this.options.baseUrl}/v1/forecast`);
    url.search = new URLSearchParams({
      latitude: String(point.lat),
      longitude: String(point.lon),
      current: CURRENT.join(","),
      daily: DAILY.join(","),
      timezone: "auto",
      wind_speed_unit: "mph",
      temperature_unit: "celsius",
      precipitation_unit: "mm",
      forecast_days: String(days),
    }).toString();
    const body = forecastResponse.safeParse(await this.getJson(url, "weather"));
    if (!body.success) throw this.unreadable("weather", url, body.error);
    return toForecast(body.data);
  }

  /** Daily minimum, maximum and rainfall at a point from `from` to `to` ("YYYY-MM-DD"). */
  async history(point: LatLon, from: string, to: string): Promise<HistoryDay[]> {
    const url = new URL(`${this.options.archiveBaseUrl}/v1/archive`);
    url.search = new URLSearchParams({
      latitude: String(point.lat),
      longitude: String(point.lon),
      start_date: from,
      end_date: to,
      daily: "temperature_2m_max,temperature_2m_min,precipitation_sum",
      timezone: "auto",
      temperature_unit: "celsius",
      precipitation_unit: "mm",
    }).toString();
    const body = archiveResponse.safeParse(await this.getJson(url, "climate"));
    if (!body.success) throw this.unreadable("climate", url, body.error);
    const { daily, daily_units: units } = body.data;
    // A day the archive has no value for stays null: the computation leaves gappy years out.
    const at = (values: readonly (number | null)[], i: number, convert: (v: number) => number) => {
      const value = values[i];
      return value === null || value === undefined ? null : convert(value);
    };
    return daily.time.map((date, i) => ({
      date,
      minC: at(daily.temperature_2m_min, i, (v) => toCelsius(v, units?.temperature_2m_min)),
      maxC: at(daily.temperature_2m_max, i, (v) => toCelsius(v, units?.temperature_2m_max)),
      rainMm: at(daily.precipitation_sum, i, (v) => toMm(v, units?.precipitation_sum)),
    }));
  }

  /** Every place the geocoder finds for a town or postcode, best first (API.md /api/places). */
  async search(text: string, limit: number): Promise<FoundPlace[]> {
    const url = new URL(`${this.options.geocodingBaseUrl}/v1/search`);
    url.search = new URLSearchParams({
      name: text,
      count: String(limit),
      language: "en",
      format: "json",
    }).toString();
    const body = searchResponse.safeParse(await this.getJson(url, "place-name"));
    if (!body.success) throw this.unreadable("place-name", url, body.error);
    const postcode = /^\d/.test(text.trim()) ? text.trim() : null;
    return (body.data.results ?? []).map((result) => ({
      name: result.name,
      admin1: result.admin1 ?? null,
      country: result.country ?? null,
      countryCode: result.country_code?.toUpperCase() ?? null,
      latitude: result.latitude,
      longitude: result.longitude,
      timeZone: result.timezone ?? null,
      postcode: postcode && result.postcodes?.includes(postcode) ? postcode : null,
    }));
  }

  async geocode(query: PlaceQuery): Promise<Place | null> {
    const url = new URL(`${this.options.geocodingBaseUrl}/v1/search`);
    const params = new URLSearchParams({
      name: query.kind === "zip" ? query.zip : query.name,
      // Several same-named places come back so that "Springfield, IL" can pick Illinois.
      count: query.kind === "zip" ? "5" : "10",
      language: "en",
      format: "json",
    });
    if (query.kind === "zip") params.set("countryCode", "US");
    url.search = params.toString();
    const body = searchResponse.safeParse(await this.getJson(url, "place-name"));
    if (!body.success) throw this.unreadable("place-name", url, body.error);

    const candidates = (body.data.results ?? []).map((result) => ({
      ...result,
      countryCode: result.country_code?.toUpperCase() ?? null,
      admin1: result.admin1 ?? null,
      countryName: result.country ?? null,
    }));
    const chosen =
      query.kind === "zip"
        ? (candidates.find((candidate) => candidate.countryCode === "US") ?? null)
        : pickCandidate(query.qualifier, candidates);
    if (!chosen) return null;
    return {
      label: placeLabel(chosen.name, chosen.countryCode, chosen.admin1),
      lat: chosen.latitude,
      lon: chosen.longitude,
      countryCode: chosen.countryCode,
      source: "geocoder",
    };
  }

  private async getJson(url: URL, service: Service): Promise<unknown> {
    const { timeoutMs } = this.options;
    let response: Response;
    try {
      response = await fetch(url, {
        headers: { accept: "application/json" },
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      const timedOut = error instanceof DOMException && error.name === "TimeoutError";
      this.options.log?.warn({ err: error, url: url.origin + url.pathname }, `${service} failed`);
      const seconds = Math.round(timeoutMs / 100) / 10;
      throw new AppError(
        502,
        "upstream_unavailable",
        timedOut
          ? `${SERVICE_NAMES[service]} did not answer within ${seconds} s. ${RETRY_HINT[service]}`
          : `${SERVICE_NAMES[service]} could not be reached. ${RETRY_HINT[service]}`,
      );
    }
    if (!response.ok) {
      const detail = await response.text().catch(() => "");
      this.options.log?.warn(
        { status: response.status, body: detail.slice(0, 300), url: url.origin + url.pathname },
        `${service} answered with an error`,
      );
      throw new AppError(
        502,
        "upstream_unavailable",
        `${SERVICE_NAMES[service]} answered with an error (HTTP ${response.status}). ${RETRY_HINT[service]}`,
      );
    }
    try {
      return await response.json();
    } catch (error) {
      throw this.unreadable(service, url, error);
    }
  }

  private unreadable(service: Service, url: URL, error: unknown): AppError {
    this.options.log?.warn({ err: error, url: url.origin + url.pathname }, `${service} unreadable`);
    return new AppError(
      502,
      "upstream_unavailable",
      `${SERVICE_NAMES[service]} sent a reply Tendril could not read. ${RETRY_HINT[service]}`,
    );
  }
}

function toForecast(body: z.infer<typeof forecastResponse>): Forecast {
  const { current, daily } = body;
  const currentUnits = body.current_units ?? {};
  const dailyUnits = body.daily_units ?? {};
  const days: DailyForecast[] = [];
  daily.time.forEach((date, i) => {
    const max = daily.temperature_2m_max[i];
    const min = daily.temperature_2m_min[i];
    // A day without both temperatures says too little to advise on.
    if (typeof max !== "number" || typeof min !== "number") return;
    days.push({
      date,
      minC: toCelsius(min, dailyUnits.temperature_2m_min),
      maxC: toCelsius(max, dailyUnits.temperature_2m_max),
      precipitationMm: toMm(daily.precipitation_sum?.[i] ?? 0, dailyUnits.precipitation_sum),
      humidity: daily.relative_humidity_2m_mean?.[i] ?? null,
      weatherCode: daily.weather_code?.[i] ?? null,
    });
  });
  return {
    timezone: body.timezone ?? null,
    utcOffsetSeconds: body.utc_offset_seconds ?? 0,
    current: {
      time: current.time,
      temperatureC: toCelsius(current.temperature_2m, currentUnits.temperature_2m),
      humidity: current.relative_humidity_2m,
      windMph: toMph(current.wind_speed_10m, currentUnits.wind_speed_10m),
      weatherCode: current.weather_code,
    },
    daily: days,
  };
}
