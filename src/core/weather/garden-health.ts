import { localizeUnits } from "../units-text";
import { formatNumber, formatTemperature, type TemperatureUnits } from "./format";
import { formatWindSpeed } from "./wind";

export type AlertKind = "fungal" | "wind" | "drainage" | "heat" | "frost" | "hot";

export interface GardenAlert {
  kind: AlertKind;
  message: string;
  action: string;
}

export interface GardenHealthInput {
  current: { temperature: number; humidity: number; windSpeed: number };
  forecast: readonly { max: number; min: number; precipitation: number }[];
}

// Spec §9 "Garden health rules", compared in °C, %, mph and mm whatever the reader's units.
export const FUNGAL_HUMIDITY_PERCENT = 80;
export const STAKE_WIND_MPH = 20;
export const HEAVY_RAIN_MM = 5;
export const HEAVY_RAIN_DAYS = 2;
export const HEAT_MAX_C = 35;
export const FROST_TEMPERATURE_C = 2;
export const HOT_TEMPERATURE_C = 32;

/**
 * Alerts for the Garden Health card, in a fixed order (fungal, wind, drainage, heat, frost, hot)
 * so the card does not reshuffle between refreshes. Every quantity in the messages is in `units`.
 */
export function gardenHealthAlerts(
  input: GardenHealthInput,
  units: TemperatureUnits = "C",
): GardenAlert[] {
  const { temperature, humidity, windSpeed } = input.current;
  const alerts: GardenAlert[] = [];

  if (humidity >= FUNGAL_HUMIDITY_PERCENT) {
    alerts.push({
      kind: "fungal",
      message: `Humidity is ${formatNumber(humidity)}%: damp air helps mildew, blight and other fungal diseases spread.`,
      action:
        "Water the soil, not the leaves, early in the day, and thin or prune crowded plants so air can move.",
    });
  }

  if (windSpeed >= STAKE_WIND_MPH) {
    alerts.push({
      kind: "wind",
      message: `Wind is ${formatWindSpeed(windSpeed, units)}: strong enough to snap stems and topple tall plants.`,
      action:
        "Stake and tie in tall plants, and move pots and young seedlings to a sheltered spot.",
    });
  }

  const wetDays = input.forecast.filter((day) => day.precipitation > HEAVY_RAIN_MM).length;
  if (wetDays >= HEAVY_RAIN_DAYS) {
    alerts.push({
      kind: "drainage",
      message: `Heavy rain (over ${HEAVY_RAIN_MM} mm) is forecast on ${wetDays} days: waterlogged soil can rot roots.`,
      action:
        "Check that beds and pots drain freely, empty saucers, and keep off wet soil so it does not compact.",
    });
  }

  const hotDays = input.forecast.filter((day) => day.max >= HEAT_MAX_C);
  if (hotDays.length > 0) {
    const hottest = Math.max(...hotDays.map((day) => day.max));
    alerts.push({
      kind: "heat",
      message: `A high of ${formatTemperature(hottest, units)} is forecast: heat can scorch leaves and make flowers drop.`,
      action:
        "Water deeply before the hot days, and shade seedlings and leafy crops in the afternoon.",
    });
  }

  if (temperature <= FROST_TEMPERATURE_C) {
    alerts.push({
      kind: "frost",
      message: `It is ${formatTemperature(temperature, units)}: frost can damage tender plants.`,
      action:
        "Cover tender plants with frost cloth or fleece before dusk, and bring pots under cover.",
    });
  }

  if (temperature >= HOT_TEMPERATURE_C) {
    alerts.push({
      kind: "hot",
      message: `It is ${formatTemperature(temperature, units)}: plants lose water fast in this heat.`,
      action:
        "Water deeply in the early morning and spread 5–7 cm of mulch to keep roots cool and moist.",
    });
  }

  // Rain, mulch and the like are written metric; the reader gets their own units.
  return alerts.map((alert) => ({
    ...alert,
    message: localizeUnits(alert.message, units),
    action: localizeUnits(alert.action, units),
  }));
}
