import { unitsValues } from "../profile-values";
import { isoDateSchema } from "./date";
import { z } from "./z";

// The API's weather and guidance shapes (API.md "Weather and guidance"). Field names follow the
// spec's entities; extra fields are additions, never renames.

export const seasonNames = [
  "Winter",
  "Spring",
  "Summer",
  "Autumn",
  "Monsoon",
  "Post-monsoon",
] as const;

export const alertKinds = ["fungal", "wind", "drainage", "heat", "frost", "hot"] as const;
export const sowingMethods = ["direct", "transplant", "start-indoors"] as const;
export const temperatureBands = ["very-cold", "cool", "mild", "warm", "hot"] as const;
export const freezePatterns = ["seasonal", "none", "irregular"] as const;

/** How a typed location became coordinates: the online geocoder, the bundled data, or given. */
export const geocodedByValues = ["geocoder", "bundled", "coordinates"] as const;

const nullableParam = (value: unknown) =>
  typeof value === "string" && value.trim() === "" ? undefined : value;

const coordinate = (name: "lat" | "lon", limit: 90 | 180) =>
  z.preprocess(
    nullableParam,
    z.coerce
      .number({ error: `${name} must be a number between -${limit} and ${limit}.` })
      .min(-limit, `${name} must be a number between -${limit} and ${limit}.`)
      .max(limit, `${name} must be a number between -${limit} and ${limit}.`)
      .optional(),
  );

const locationFields = {
  location: z.preprocess(
    nullableParam,
    z.string().trim().max(120, "location must be at most 120 characters.").optional(),
  ),
  lat: coordinate("lat", 90),
  lon: coordinate("lon", 180),
};

const latLonTogether = (query: { lat?: number; lon?: number }) =>
  (query.lat === undefined) === (query.lon === undefined);
const latLonMessage = { message: "Send lat and lon together, or neither.", path: ["lat"] };

/**
 * The query of every weather call: all optional (spec §7). With lat and lon the place is not
 * looked up and `location` is ignored: the nearest bundled town names the point. Empty values
 * count as absent.
 */
export const locationQuerySchema = z.object(locationFields).refine(latLonTogether, latLonMessage);
export type LocationQuery = z.infer<typeof locationQuerySchema>;

/**
 * Insights and planting suggestions also take `units` ("C" or "F", any case): the unit for
 * temperatures written into their sentences. Absent, the profile's units apply.
 */
const guidanceFields = {
  ...locationFields,
  units: z.preprocess(
    (value) => (typeof value === "string" ? nullableParam(value.trim().toUpperCase()) : value),
    z.enum(unitsValues, { error: "units must be C or F." }).optional(),
  ),
};
export const guidanceQuerySchema = z.object(guidanceFields).refine(latLonTogether, latLonMessage);
export type GuidanceQuery = z.infer<typeof guidanceQuerySchema>;

/**
 * Planting suggestions also take the gardener's `date` (YYYY-MM-DD, the web app sends the
 * device's): the season and the calendar are theirs, not the server's. Absent, the place's today.
 */
export const plantingQuerySchema = z
  .object({
    ...guidanceFields,
    date: z.preprocess(nullableParam, isoDateSchema().optional()),
  })
  .refine(latLonTogether, latLonMessage);
export type PlantingQuery = z.infer<typeof plantingQuerySchema>;

export const weatherSchema = z.object({
  /** The place as a person names it: "San Francisco, CA", "Pune, IN", or coordinates. */
  location: z.string(),
  season: z.enum(seasonNames),
  /** °C, one decimal. */
  temperature: z.number(),
  /** °F, one decimal. */
  temperatureF: z.number(),
  /** The WMO weather code in words, e.g. "Partly cloudy". */
  conditions: z.string(),
  /** mph, one decimal. */
  windSpeed: z.number(),
  /** Relative humidity, %. */
  humidity: z.number(),
  latitude: z.number(),
  longitude: z.number(),
  /** ISO 3166-1 alpha-2 of the place ("US", "IN"), or null when unknown. */
  countryCode: z.string().nullable(),
  /** When the provider produced these figures (the cache's fetch time). */
  fetchedAt: z.string(),
  weatherCode: z.number().int(),
  hemisphere: z.enum(["north", "south"]),
  /** The place's IANA time zone, when the provider gives one. */
  timezone: z.string().nullable(),
  geocodedBy: z.enum(geocodedByValues),
});
export type Weather = z.infer<typeof weatherSchema>;

export const forecastDaySchema = z.object({
  /** The place's local date, YYYY-MM-DD. */
  date: z.string(),
  /** °C. */
  temperature: z.object({ min: z.number(), max: z.number() }),
  conditions: z.string(),
  /** Mean relative humidity, %, or null when the provider has none for the day. */
  humidity: z.number().nullable(),
  /** mm. */
  precipitation: z.number(),
  gardeningAdvice: z.string(),
  weatherCode: z.number().int().nullable(),
});
export type ForecastDay = z.infer<typeof forecastDaySchema>;

export const gardenAlertSchema = z.object({
  kind: z.enum(alertKinds),
  message: z.string(),
  action: z.string(),
});
export type GardenAlertBody = z.infer<typeof gardenAlertSchema>;

export const insightsSchema = z.object({
  currentConditions: weatherSchema,
  /** 7 days from the place's today. */
  forecast: z.array(forecastDaySchema),
  gardeningRecommendations: z.array(z.string()),
  plantingAdvice: z.array(z.string()),
  wateringAdvice: z.string(),
  alerts: z.array(gardenAlertSchema),
});
export type Insights = z.infer<typeof insightsSchema>;

export const suggestionSchema = z.object({
  name: z.string(),
  method: z.enum(sowingMethods),
  notes: z.string(),
});
export type SuggestionBody = z.infer<typeof suggestionSchema>;

export const frostSchema = z.object({
  /** Median last spring 32 °F freeze, "MM-DD"; null when the station has none (freezePattern). */
  lastSpring: z.string().nullable(),
  /** Median first fall 32 °F freeze, "MM-DD"; null when the station has none. */
  firstFall: z.string().nullable(),
  /** The NOAA station's name and state, e.g. "SAN FRANCISCO DWTN, CA". */
  station: z.string(),
  distanceKm: z.number(),
  stationId: z.string(),
  freezePattern: z.enum(freezePatterns),
});
export type Frost = z.infer<typeof frostSchema>;

export const plantingSuggestionsSchema = z.object({
  location: z.string(),
  season: z.enum(seasonNames),
  /** Mean of the forecast days' (min + max) / 2, °C, one decimal; 20 with no forecast. */
  averageC: z.number(),
  /** "default" when the weather service could not be reached and averageC is the default 20. */
  averageFrom: z.enum(["forecast", "default"]),
  summary: z.array(z.string()),
  vegetables: z.array(suggestionSchema),
  herbs: z.array(suggestionSchema),
  flowers: z.array(suggestionSchema),
  /** Freeze dates from the nearest NOAA station for US places; null elsewhere or out of range. */
  frost: frostSchema.nullable(),
  band: z.enum(temperatureBands),
  latitude: z.number(),
  longitude: z.number(),
  countryCode: z.string().nullable(),
  hemisphere: z.enum(["north", "south"]),
});
export type PlantingSuggestionsBody = z.infer<typeof plantingSuggestionsSchema>;
