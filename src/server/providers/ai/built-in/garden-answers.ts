import {
  daysOutsideTolerance,
  temperatureTolerance,
} from "../../../../core/assistant/temperature-tolerance";
import type { MessageSource } from "../../../../core/schemas/chat";
import type { Crop } from "../../../../core/schemas/crop";
import { formatWindSpeed } from "../../../../core/weather/wind";
import type { GardenerContext, GardenPlant } from "../assistant";
import { dayName, plantPhrase, plural, temperature } from "./wording";

export interface Answer {
  text: string;
  sources: MessageSource[];
}

const PLANTS_SOURCE: MessageSource = { title: "Your plants", ref: "garden:plants" };
const weatherSource = (context: GardenerContext): MessageSource => ({
  title: `Your forecast${context.weather?.place ? ` for ${context.weather.place}` : ""}`,
  ref: "garden:weather",
});
export const plantSource = (plant: GardenPlant): MessageSource => ({
  title: `Your plant ${plant.name}`,
  ref: `plants/${plant.id}`,
});

export function noForecastAnswer(): string {
  return (
    "I don't have a recent forecast for your garden. Open My Garden so the weather card loads " +
    "your forecast, then ask me again."
  );
}

/** "Is it too hot for my lettuce this week?" from the cached forecast and the crop's climate. */
export function temperatureCheckAnswer(
  context: GardenerContext,
  plant: GardenPlant | null,
  crop: Crop | null,
): Answer {
  const sources: MessageSource[] = [];
  const subject = plant ? plantPhrase(plant) : crop ? crop.name.toLowerCase() : null;
  if (plant) sources.push(plantSource(plant));
  if (!crop || !subject) {
    return {
      text:
        'Which plant do you mean? Name it (for example "is it too hot for my lettuce this week?") ' +
        "and I will check this week's forecast against what it tolerates.",
      sources,
    };
  }
  const tolerance = temperatureTolerance(crop.climate);
  const limits =
    `${crop.name} copes with highs up to about ${temperature(tolerance.maxC, context)}` +
    (tolerance.minC === null
      ? "."
      : ` and nights down to about ${temperature(tolerance.minC, context)}.`);
  const weather = context.weather;
  if (!weather || weather.days.length === 0) {
    return { text: `${noForecastAnswer()}\n\n${limits}`, sources };
  }
  sources.push(weatherSource(context));
  const days = weather.days.slice(0, 7);
  const { hot, cold } = daysOutsideTolerance(days, tolerance);
  const hottest = days.reduce((a, b) => (b.maxC > a.maxC ? b : a));
  const coldest = days.reduce((a, b) => (b.minC < a.minC ? b : a));
  const where = weather.place ? ` in ${weather.place}` : "";
  const lines = [
    `This week's forecast${where}: highs peak at ${temperature(hottest.maxC, context)} on ${dayName(hottest.date)}, ` +
      `lows bottom out at ${temperature(coldest.minC, context)} on ${dayName(coldest.date)}. ${limits}`,
  ];
  if (hot.length > 0) {
    lines.push(
      "",
      `**Yes, it is too hot for ${subject}** on ${plural(hot.length, "day")} (${hot.map((d) => dayName(d.date)).join(", ")}): ` +
        `${tolerance.heatEffect}. Water deeply in the early morning, mulch to keep the roots cool, ` +
        "and give it afternoon shade (30–50% shade cloth) on those days.",
    );
  }
  if (cold.length > 0) {
    lines.push(
      "",
      `**It will be too cold for ${subject}** on ${plural(cold.length, "night")} (${cold.map((d) => dayName(d.date)).join(", ")}). ` +
        "Cover it with frost cloth or fleece before dusk, or bring pots indoors.",
    );
  }
  if (hot.length === 0 && cold.length === 0) {
    lines.push(
      "",
      `No, this week stays within what ${subject} tolerates: no heat or cold protection is needed.`,
    );
  }
  return { text: lines.join("\n"), sources };
}

export function weatherAnswer(context: GardenerContext): Answer {
  const weather = context.weather;
  if (!weather) return { text: noForecastAnswer(), sources: [] };
  const where = weather.place ? ` in ${weather.place}` : "";
  const lines = [
    `Right now${where}: ${temperature(weather.temperatureC, context)}, ${weather.conditions.toLowerCase()}, ` +
      `humidity ${Math.round(weather.humidity)}%, wind ${formatWindSpeed(weather.windMph, context.units)}.`,
  ];
  if (weather.days.length > 0) {
    lines.push("", "The next days:");
    for (const day of weather.days.slice(0, 7)) {
      const rain =
        day.precipitationMm > 0 ? `, ${Math.round(day.precipitationMm * 10) / 10} mm rain` : "";
      lines.push(
        `- ${dayName(day.date)}: ${temperature(day.minC, context)} to ${temperature(day.maxC, context)}${rain}`,
      );
    }
  }
  if (weather.alerts.length > 0)
    lines.push("", "Garden alerts:", ...weather.alerts.map((a) => `- ${a}`));
  return { text: lines.join("\n"), sources: [weatherSource(context)] };
}

export function myPlantsAnswer(context: GardenerContext): Answer {
  if (context.plants.length === 0) {
    return {
      text: "You are not tracking any plants yet. Add one under Plant Tracker and I will follow its stages and care tasks.",
      sources: [PLANTS_SOURCE],
    };
  }
  const lines = [`You are growing ${plural(context.plants.length, "plant")}:`];
  for (const plant of context.plants.slice(0, 30)) {
    const stage = plant.stage
      ? ` — ${plant.stage}${plant.stageDay ? `, day ${plant.stageDay}` : ""}`
      : plant.plantingDate
        ? ` — starts ${dayName(plant.plantingDate)}`
        : "";
    const crop =
      plant.cropName.toLowerCase() === plant.name.toLowerCase() ? "" : ` (${plant.cropName})`;
    lines.push(`- **${plant.name}**${crop}${stage}`);
  }
  return { text: lines.join("\n"), sources: [PLANTS_SOURCE] };
}
