import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { serveOnLoopback } from "./loopback-server";

/**
 * A fake Open-Meteo on loopback: the forecast API (/v1/forecast) and the geocoding API
 * (/v1/search), answering in Open-Meteo's own JSON format (units objects, parallel daily arrays,
 * `results` left out when nothing matches, `{ error: true, reason }` for bad requests).
 * Weather comes from named fixtures in metric units and is converted per the request's unit
 * parameters as the real service does.
 */

export interface DayFixture {
  max: number;
  min: number;
  /** mm */
  precipitation: number;
  /** mean relative humidity, %; null where the model has none */
  humidity: number | null;
  code: number;
}

export interface WeatherFixture {
  current: { temperature: number; humidity: number; windKmh: number; code: number };
  /** Repeated if more days are asked for. */
  days: DayFixture[];
}

export const FIXTURES = {
  /** No alerts: humidity < 80, wind < 20 mph, no heavy rain, no heat, no frost. */
  mild: {
    current: { temperature: 18.5, humidity: 62, windKmh: 12, code: 2 },
    days: [
      { max: 21.2, min: 12.4, precipitation: 0, humidity: 65, code: 2 },
      { max: 22.0, min: 13.0, precipitation: 0, humidity: 60, code: 1 },
      { max: 19.5, min: 11.9, precipitation: 1.2, humidity: 72, code: 61 },
      { max: 18.8, min: 10.6, precipitation: 0.4, humidity: 70, code: 3 },
      { max: 20.4, min: 11.2, precipitation: 0, humidity: 66, code: 0 },
      { max: 21.7, min: 12.8, precipitation: 0, humidity: 63, code: 1 },
      { max: 22.5, min: 13.5, precipitation: 0, humidity: null, code: 2 },
      { max: 23.1, min: 14.0, precipitation: 0, humidity: 58, code: 0 },
    ],
  },
  /** Heat alert (a max of 38.4) and the hot tip (36.2 now). */
  hot: {
    current: { temperature: 36.2, humidity: 25, windKmh: 8, code: 0 },
    days: [
      { max: 38.4, min: 24.1, precipitation: 0, humidity: 28, code: 0 },
      { max: 37.0, min: 23.5, precipitation: 0, humidity: 30, code: 0 },
      { max: 34.2, min: 22.0, precipitation: 0, humidity: 33, code: 1 },
      { max: 33.1, min: 21.4, precipitation: 0, humidity: 35, code: 1 },
      { max: 32.6, min: 20.9, precipitation: 0, humidity: 36, code: 2 },
      { max: 31.8, min: 20.2, precipitation: 0, humidity: 38, code: 2 },
      { max: 33.9, min: 21.0, precipitation: 0, humidity: 31, code: 0 },
      { max: 35.5, min: 22.2, precipitation: 0, humidity: 29, code: 0 },
    ],
  },
  /** Fungal (91 %), wind (45 km/h = 28 mph) and drainage (two days over 5 mm). */
  stormy: {
    current: { temperature: 16.0, humidity: 91, windKmh: 45, code: 95 },
    days: [
      { max: 17.1, min: 12.0, precipitation: 12.5, humidity: 92, code: 95 },
      { max: 16.4, min: 11.5, precipitation: 22.1, humidity: 94, code: 65 },
      { max: 18.0, min: 12.2, precipitation: 3.0, humidity: 85, code: 80 },
      { max: 18.9, min: 12.6, precipitation: 0.5, humidity: 80, code: 3 },
      { max: 19.5, min: 13.0, precipitation: 0, humidity: 75, code: 2 },
      { max: 20.0, min: 13.1, precipitation: 0, humidity: 72, code: 1 },
      { max: 20.3, min: 13.4, precipitation: 0, humidity: 70, code: 1 },
      { max: 20.8, min: 13.9, precipitation: 0, humidity: 69, code: 0 },
    ],
  },
  /** Frost alert (1.5 °C now). */
  frosty: {
    current: { temperature: 1.5, humidity: 70, windKmh: 5, code: 71 },
    days: [
      { max: 4.0, min: -3.0, precipitation: 1.0, humidity: 75, code: 71 },
      { max: 5.0, min: -2.0, precipitation: 0, humidity: 70, code: 3 },
      { max: 6.0, min: -1.0, precipitation: 0, humidity: 68, code: 2 },
      { max: 6.5, min: 0.5, precipitation: 0, humidity: 66, code: 1 },
      { max: 7.0, min: 1.0, precipitation: 0, humidity: 65, code: 0 },
      { max: 7.5, min: 1.5, precipitation: 0, humidity: 64, code: 0 },
      { max: 8.0, min: 2.0, precipitation: 0, humidity: 63, code: 1 },
      { max: 8.5, min: 2.5, precipitation: 0, humidity: 62, code: 1 },
    ],
  },
} satisfies Record<string, WeatherFixture>;

export type FixtureName = keyof typeof FIXTURES;

/** Geocoding records as Open-Meteo returns them (GeoNames ids and figures). */
export const PLACES = [
  {
    id: 5391959,
    name: "San Francisco",
    latitude: 37.77493,
    longitude: -122.41942,
    elevation: 16.0,
    feature_code: "PPLA2",
    country_code: "US",
    admin1_id: 5332921,
    admin2_id: 5391997,
    timezone: "America/Los_Angeles",
    population: 864816,
    postcodes: ["94102", "94103", "94110"],
    country_id: 6252001,
    country: "United States",
    admin1: "California",
    admin2: "City and County of San Francisco",
  },
  {
    id: 3837675,
    name: "San Francisco",
    latitude: -31.42797,
    longitude: -62.08266,
    elevation: 113.0,
    feature_code: "PPLA2",
    country_code: "AR",
    admin1_id: 3860255,
    timezone: "America/Argentina/Cordoba",
    population: 59062,
    country_id: 3865483,
    country: "Argentina",
    admin1: "Cordoba",
  },
  {
    id: 1259229,
    name: "Pune",
    latitude: 18.51957,
    longitude: 73.85535,
    elevation: 560.0,
    feature_code: "PPLA2",
    country_code: "IN",
    admin1_id: 1264418,
    admin2_id: 1259228,
    timezone: "Asia/Kolkata",
    population: 2935744,
    country_id: 1269750,
    country: "India",
    admin1: "Maharashtra",
    admin2: "Pune",
  },
  {
    id: 4409896,
    name: "Springfield",
    latitude: 37.21533,
    longitude: -93.29824,
    elevation: 396.0,
    feature_code: "PPLA2",
    country_code: "US",
    admin1_id: 4398678,
    timezone: "America/Chicago",
    population: 166810,
    country_id: 6252001,
    country: "United States",
    admin1: "Missouri",
    admin2: "Greene",
  },
  {
    id: 4250542,
    name: "Springfield",
    latitude: 39.80172,
    longitude: -89.64371,
    elevation: 182.0,
    feature_code: "PPLA",
    country_code: "US",
    admin1_id: 4896861,
    timezone: "America/Chicago",
    population: 116565,
    country_id: 6252001,
    country: "United States",
    admin1: "Illinois",
    admin2: "Sangamon",
  },
  {
    id: 2147714,
    name: "Sydney",
    latitude: -33.86785,
    longitude: 151.20732,
    elevation: 58.0,
    feature_code: "PPLA",
    country_code: "AU",
    admin1_id: 2155400,
    timezone: "Australia/Sydney",
    population: 4627345,
    country_id: 2077456,
    country: "Australia",
    admin1: "New South Wales",
  },
];

// The real service answers for the grid cell containing the point, not the point itself.
const snap = (value: number) => Math.round(value * 40) / 40;
const round1 = (value: number) => Math.round(value * 10) / 10;

const CURRENT_VARIABLES = new Set([
  "temperature_2m",
  "relative_humidity_2m",
  "wind_speed_10m",
  "weather_code",
]);
const DAILY_VARIABLES = new Set([
  "weather_code",
  "temperature_2m_max",
  "temperature_2m_min",
  "precipitation_sum",
  "relative_humidity_2m_mean",
]);
const WIND_UNITS: Record<string, { label: string; fromKmh: number }> = {
  kmh: { label: "km/h", fromKmh: 1 },
  mph: { label: "mp/h", fromKmh: 1 / 1.609344 },
  ms: { label: "m/s", fromKmh: 1 / 3.6 },
  kn: { label: "kn", fromKmh: 1 / 1.852 },
};

export interface FakeOpenMeteo {
  /** http://127.0.0.1:<port>: use as both WEATHER_BASE_URL and GEOCODING_BASE_URL. */
  url: string;
  /** Which weather the forecast API reports. */
  fixture: FixtureName;
  /** When set, every request is answered with this HTTP status and an error body. */
  failWith: number | null;
  /** Delay before answering, to exercise client timeouts. */
  delayMs: number;
  /** Answer in Open-Meteo's default units (km/h) whatever the request asks for. */
  ignoreUnitParams: boolean;
  /** When set, a successful answer carries this body instead (to test unreadable replies). */
  body: unknown;
  /** Successful and failed requests so far, per API. */
  readonly requests: { forecast: number; search: number; archive: number };
  /** The query string of the latest request to each API. */
  readonly last: {
    forecast: URLSearchParams | null;
    search: URLSearchParams | null;
    archive: URLSearchParams | null;
  };
  /** The fixture's place: its UTC offset (seconds) and IANA time zone. */
  zone: { timezone: string; offsetSeconds: number };
  close(): Promise<void>;
}

function send(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { "content-type": "application/json; charset=utf-8" });
  res.end(JSON.stringify(body));
}

function isoDate(ms: number) {
  return new Date(ms).toISOString().slice(0, 10);
}

function forecastBody(fake: FakeOpenMeteo, params: URLSearchParams) {
  const lat = Number(params.get("latitude"));
  const lon = Number(params.get("longitude"));
  if (!Number.isFinite(lat) || !Number.isFinite(lon) || Math.abs(lat) > 90 || Math.abs(lon) > 180) {
    return {
      status: 400,
      body: { error: true, reason: "Latitude must be in range of -90 to 90°." },
    };
  }
  const current = (params.get("current") ?? "").split(",").filter(Boolean);
  const daily = (params.get("daily") ?? "").split(",").filter(Boolean);
  const unknown = [
    ...current.filter((name) => !CURRENT_VARIABLES.has(name)),
    ...daily.filter((name) => !DAILY_VARIABLES.has(name)),
  ];
  if (unknown.length > 0) {
    return {
      status: 400,
      body: {
        error: true,
        reason: `Data corrupted at path ''. Cannot initialize ForecastVariable from invalid String value ${unknown[0]}.`,
      },
    };
  }
  const windParam = fake.ignoreUnitParams ? "kmh" : (params.get("wind_speed_unit") ?? "kmh");
  const wind = WIND_UNITS[windParam] ?? WIND_UNITS.kmh;
  const fahrenheit = !fake.ignoreUnitParams && params.get("temperature_unit") === "fahrenheit";
  const inch = !fake.ignoreUnitParams && params.get("precipitation_unit") === "inch";
  const temp = (c: number) => round1(fahrenheit ? (c * 9) / 5 + 32 : c);
  const rain = (mm: number) => (inch ? Math.round((mm / 25.4) * 1000) / 1000 : round1(mm));
  const days = Number(params.get("forecast_days") ?? 7);

  const fixture: WeatherFixture = FIXTURES[fake.fixture];
  const { offsetSeconds, timezone } = fake.zone;
  const localNow = Date.now() + offsetSeconds * 1000;
  const quarterHour = Math.floor(localNow / 900_000) * 900_000;
  const dayList = Array.from({ length: days }, (_, i) => {
    const day = fixture.days[i % fixture.days.length] as DayFixture;
    return { date: isoDate(localNow + i * 86_400_000), ...day };
  });

  const currentValues: Record<string, number> = {
    temperature_2m: temp(fixture.current.temperature),
    relative_humidity_2m: fixture.current.humidity,
    wind_speed_10m: round1(fixture.current.windKmh * (wind?.fromKmh ?? 1)),
    weather_code: fixture.current.code,
  };
  const currentUnits: Record<string, string> = {
    temperature_2m: fahrenheit ? "°F" : "°C",
    relative_humidity_2m: "%",
    wind_speed_10m: wind?.label ?? "km/h",
    weather_code: "wmo code",
  };
  const dailySeries: Record<string, (number | null)[]> = {
    weather_code: dayList.map((d) => d.code),
    temperature_2m_max: dayList.map((d) => temp(d.max)),
    temperature_2m_min: dayList.map((d) => temp(d.min)),
    precipitation_sum: dayList.map((d) => rain(d.precipitation)),
    relative_humidity_2m_mean: dayList.map((d) => d.humidity),
  };
  const dailyUnits: Record<string, string> = {
    weather_code: "wmo code",
    temperature_2m_max: fahrenheit ? "°F" : "°C",
    temperature_2m_min: fahrenheit ? "°F" : "°C",
    precipitation_sum: inch ? "inch" : "mm",
    relative_humidity_2m_mean: "%",
  };

  const body: Record<string, unknown> = {
    latitude: snap(lat),
    longitude: snap(lon),
    generationtime_ms: 0.0871419906616211,
    utc_offset_seconds: offsetSeconds,
    timezone,
    timezone_abbreviation: `GMT${offsetSeconds < 0 ? "-" : "+"}${Math.abs(offsetSeconds) / 3600}`,
    elevation: 16.0,
  };
  if (current.length > 0) {
    body.current_units = {
      time: "iso8601",
      interval: "seconds",
      ...Object.fromEntries(current.map((name) => [name, currentUnits[name]])),
    };
    body.current = {
      time: new Date(quarterHour).toISOString().slice(0, 16),
      interval: 900,
      ...Object.fromEntries(current.map((name) => [name, currentValues[name]])),
    };
  }
  if (daily.length > 0) {
    body.daily_units = {
      time: "iso8601",
      ...Object.fromEntries(daily.map((name) => [name, dailyUnits[name]])),
    };
    body.daily = {
      time: dayList.map((d) => d.date),
      ...Object.fromEntries(daily.map((name) => [name, dailySeries[name]])),
    };
  }
  return { status: 200, body };
}

/**
 * The historical weather API (/v1/archive): a made-up but steady climate from the latitude alone,
 * warmest on 20 July in the north and 20 January in the south. Its yearly mean falls 0.4 °C per
 * degree from 28 °C at the equator and swings more the farther from it, so Bengaluru (13° N) has
 * no frost and Melbourne (38° S) has frost from late autumn to early spring.
 */
function archiveBody(params: URLSearchParams) {
  const lat = Number(params.get("latitude"));
  const start = params.get("start_date") ?? "";
  const end = params.get("end_date") ?? "";
  if (!Number.isFinite(lat) || !/^\d{4}-\d{2}-\d{2}$/.test(start) || end < start) {
    return { status: 400, body: { error: true, reason: "Invalid date range" } };
  }
  const average = 28 - 0.4 * Math.abs(lat);
  const swing = Math.max(1, 0.3 * Math.abs(lat) - 2);
  const warmest = lat >= 0 ? [6, 20] : [0, 20];
  const time: string[] = [];
  const min: number[] = [];
  const max: number[] = [];
  const rain: number[] = [];
  for (
    let ms = Date.parse(`${start}T00:00:00Z`);
    ms <= Date.parse(`${end}T00:00:00Z`);
    ms += 86_400_000
  ) {
    const day = new Date(ms);
    const peak = Date.UTC(day.getUTCFullYear(), warmest[0] ?? 0, warmest[1] ?? 1);
    const mean = average + swing * Math.cos(((ms - peak) / 86_400_000 / 365.25) * 2 * Math.PI);
    time.push(isoDate(ms));
    min.push(round1(mean - 5));
    max.push(round1(mean + 5));
    rain.push(2);
  }
  return {
    status: 200,
    body: {
      latitude: snap(lat),
      longitude: snap(Number(params.get("longitude"))),
      daily_units: {
        time: "iso8601",
        temperature_2m_max: "°C",
        temperature_2m_min: "°C",
        precipitation_sum: "mm",
      },
      daily: { time, temperature_2m_max: max, temperature_2m_min: min, precipitation_sum: rain },
    },
  };
}

const fold = (text: string) =>
  text
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .trim();

function searchBody(params: URLSearchParams) {
  const name = fold(params.get("name") ?? "");
  const count = Math.min(Number(params.get("count") ?? 10) || 10, 100);
  const country = params.get("countryCode")?.toUpperCase();
  const results = PLACES.filter(
    (place) => fold(place.name) === name || (place.postcodes ?? []).includes(name),
  )
    .filter((place) => !country || place.country_code === country)
    .sort((a, b) => b.population - a.population)
    .slice(0, count);
  // Like the real API: no `results` key at all when nothing matches.
  return results.length > 0 ? { results, generationtime_ms: 0.4 } : { generationtime_ms: 0.3 };
}

export async function startFakeOpenMeteo(
  /** `port`: where to listen (the browser suite's shared server was told one); any by default. */
  options: { fixture?: FixtureName; port?: number } = {},
): Promise<FakeOpenMeteo> {
  const requests = { forecast: 0, search: 0, archive: 0 };
  const last: FakeOpenMeteo["last"] = { forecast: null, search: null, archive: null };
  const fake: FakeOpenMeteo = {
    url: "",
    fixture: options.fixture ?? "mild",
    failWith: null,
    delayMs: 0,
    ignoreUnitParams: false,
    body: undefined,
    requests,
    last,
    zone: { timezone: "America/Los_Angeles", offsetSeconds: -7 * 3600 },
    close: async () => {},
  };

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? "/", "http://127.0.0.1");
    const api =
      url.pathname === "/v1/forecast"
        ? "forecast"
        : url.pathname === "/v1/search"
          ? "search"
          : url.pathname === "/v1/archive"
            ? "archive"
            : null;
    if (!api) return send(res, 404, { error: true, reason: "Not Found" });
    requests[api] += 1;
    last[api] = url.searchParams;
    if (fake.delayMs > 0) await new Promise((resolve) => setTimeout(resolve, fake.delayMs));
    if (res.destroyed) return;
    if (fake.failWith !== null) {
      return send(res, fake.failWith, { error: true, reason: "Service temporarily unavailable" });
    }
    const { status, body } =
      api === "forecast"
        ? forecastBody(fake, url.searchParams)
        : api === "archive"
          ? archiveBody(url.searchParams)
          : { status: 200, body: searchBody(url.searchParams) };
    send(res, status, fake.body === undefined ? body : fake.body);
  };

  const served = await serveOnLoopback(
    handle,
    (res, error) => send(res, 500, { error: true, reason: String(error) }),
    options.port,
  );
  fake.url = served.url;
  fake.close = served.close;
  return fake;
}

/** A loopback address where nothing listens: connections are refused at once. */
export async function closedPortUrl(): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `http://127.0.0.1:${port}`;
}
