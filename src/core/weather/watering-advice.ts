import { localizeUnits } from "../units-text";
import { formatNumber, type TemperatureUnits } from "./format";

export interface WateringInput {
  temperature: number;
  humidity: number;
  /** Upcoming days, today first. */
  forecast: readonly { precipitation: number }[];
}

// Rain that soaks the root zone: about the same depth as a thorough watering.
const SOAKING_RAIN_MM = 5;
// Spec §9 calls 30 °C and above hot weather for care tasks; watering advice follows suit.
const HOT_C = 30;
const DRY_AIR_PERCENT = 40;
const HUMID_AIR_PERCENT = 80;
const COLD_C = 5;

/**
 * One line of watering advice for the weather card. Rules are checked in order and the first that
 * applies wins: rain already on its way beats every other reason to water.
 */
export function wateringAdvice(input: WateringInput, units: TemperatureUnits = "C"): string {
  return localizeUnits(metricWateringAdvice(input), units);
}

function metricWateringAdvice(input: WateringInput): string {
  const { temperature, humidity } = input;
  const nextTwoDays = input.forecast
    .slice(0, 2)
    .reduce((sum, day) => sum + (Number.isFinite(day.precipitation) ? day.precipitation : 0), 0);

  if (nextTwoDays >= SOAKING_RAIN_MM) {
    return `Rain is on the way (about ${formatNumber(nextTwoDays)} mm in the next two days): hold off watering and let it do the work.`;
  }
  if (temperature >= HOT_C && humidity < DRY_AIR_PERCENT) {
    return "Hot and dry: water deeply in the early morning so roots drink before the heat, and check pots again in the evening.";
  }
  if (temperature >= HOT_C) {
    return "Hot: water deeply in the early morning; pots and new plantings may need water every day.";
  }
  if (humidity >= HUMID_AIR_PERCENT) {
    return "Humid air slows drying: water only when the top 2–3 cm of soil is dry, at the base of the plants.";
  }
  if (temperature <= COLD_C) {
    return "Cold: plants drink little now, so water sparingly, in the morning, and only if the soil is dry.";
  }
  if (nextTwoDays > 0) {
    return "A little rain is forecast: water only where the top 2–3 cm of soil is still dry.";
  }
  return "Water when the top 2–3 cm of soil feels dry, aiming for about 2.5 cm of water a week.";
}

export interface ForecastDay {
  min: number;
  max: number;
  precipitation: number;
  humidity?: number | null;
}

/** A short tip for one day of the 7-day forecast (its gardeningAdvice); it names no quantity. */
export function dayAdvice(day: ForecastDay): string {
  // Air at 2 °C (measured 1.5 m up) often means frost at ground level, as in the spec's frost tip.
  if (day.min <= 2) {
    return "Frost risk overnight: cover tender plants and bring pots under shelter.";
  }
  if (day.max >= 35) {
    return "Very hot: water deeply in the early morning and shade seedlings in the afternoon.";
  }
  if (day.precipitation > 5) {
    return "Heavy rain: skip watering and make sure beds and pots can drain.";
  }
  if (day.max >= 30) {
    return "Hot: water early and mulch to keep roots cool.";
  }
  if (day.precipitation >= 1) {
    return "Some rain: water only if the soil is still dry.";
  }
  if (typeof day.humidity === "number" && day.humidity >= 80) {
    return "Humid: water at the base and keep leaves dry to deter mildew.";
  }
  if (day.max <= 10) {
    return "Cool: a good day for hardy crops and jobs like weeding; little watering needed.";
  }
  return "Good growing weather: a fine day to sow, plant out or weed.";
}
