export { countryCodeFrom } from "./country-code";
export { formatTemperature, type TemperatureUnits } from "./format";
export {
  type FreezePattern,
  type FrostDates,
  type FrostOutlook,
  type FrostStation,
  frostOutlook,
  haversineKm,
  type LatLon,
  MAX_STATION_DISTANCE_KM,
  nearestFrostStation,
  parseFrostStations,
} from "./frost";
export {
  type AlertKind,
  FROST_TEMPERATURE_C,
  FUNGAL_HUMIDITY_PERCENT,
  type GardenAlert,
  type GardenHealthInput,
  gardenHealthAlerts,
  HEAT_MAX_C,
  HEAVY_RAIN_DAYS,
  HEAVY_RAIN_MM,
  HOT_TEMPERATURE_C,
  STAKE_WIND_MPH,
} from "./garden-health";
export { gardeningRecommendations } from "./gardening-recommendations";
export type { SowingMethod, Suggestion } from "./planting-lists";
export {
  LAST_FROST_TIP,
  type PlantingInput,
  type PlantingSuggestions,
  plantingAdvice,
  plantingSuggestions,
  seasonLine,
} from "./planting-suggestions";
export {
  type Hemisphere,
  hemisphereOf,
  type IndianSeason,
  monthOf,
  type SeasonName,
  seasonFor,
  seasonNotes,
  type TemperateSeason,
} from "./season";
export {
  averageForecastC,
  type DailyTemperatures,
  DEFAULT_AVERAGE_C,
  type TemperatureBand,
  temperatureBand,
} from "./temperature-band";
export { dayAdvice, type ForecastDay, type WateringInput, wateringAdvice } from "./watering-advice";
export { formatWindSpeed } from "./wind";
export { describeWeatherCode } from "./wmo-codes";
