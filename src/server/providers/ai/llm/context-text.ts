import type { QuestionKind } from "../../../../core/assistant/facts";
import type { GardenAsk } from "../../../../core/assistant/understand";
import { repeatPhrase } from "../../../../core/garden/tasks";
import { formatTemperature } from "../../../../core/weather/format";
import { hemisphereOf, seasonFor } from "../../../../core/weather/season";
import { formatWindSpeed } from "../../../../core/weather/wind";
import type { GardenerContext, GardenPlant, GardenTask, GardenWeather } from "../assistant";
import { ASPECT_WORDS } from "../built-in/fact-answer";
import type { TurnBrief } from "../built-in/turn-brief";
import { fence, quote } from "./fence";

/**
 * Caps on what goes into every prompt: a small local model has a short context window, and the
 * tools give the full lists when a question needs them.
 */
export const PROMPT_PLANT_LIMIT = 25;
export const PROMPT_TASK_LIMIT = 15;

function plantLine(plant: GardenPlant): string {
  const parts = [`${quote(plant.name)} (id ${plant.id}; crop ${quote(plant.cropName)})`];
  if (plant.medium) parts.push(`medium ${plant.medium}`);
  if (plant.place) parts.push(`place ${plant.place}`);
  if (plant.plantingDate) parts.push(`planted ${plant.plantingDate}`);
  if (plant.stage) {
    parts.push(`stage ${quote(plant.stage)}${plant.stageDay ? ` (day ${plant.stageDay})` : ""}`);
  }
  if (plant.notes) parts.push(`notes ${quote(plant.notes)}`);
  return `- ${parts.join("; ")}`;
}

function taskLine(task: GardenTask): string {
  const parts = [quote(task.title)];
  if (task.dueDate) parts.push(`due ${task.dueDate}`);
  if (task.plantName) parts.push(`for ${quote(task.plantName)}`);
  if (task.repeatEveryDays) parts.push(`repeats ${repeatPhrase(task.repeatEveryDays)}`);
  return `- ${parts.join("; ")}`;
}

function listSection(title: string, lines: string[], limit: number): string[] {
  if (lines.length === 0) return [`${title}: none`];
  const more = lines.length > limit ? [`- …and ${lines.length - limit} more`] : [];
  return [`${title}:`, ...lines.slice(0, limit), ...more];
}

function weatherLines(weather: GardenWeather, units: "C" | "F"): string[] {
  const where = weather.place ? ` for ${quote(weather.place)}` : "";
  const lines = [
    `Weather${where} (as of ${weather.fetchedAt}): ${formatTemperature(weather.temperatureC, units)}, ` +
      `humidity ${weather.humidity}%, wind ${formatWindSpeed(weather.windMph, units)}, ${quote(weather.conditions)}`,
  ];
  for (const day of weather.days) {
    lines.push(
      `- ${day.date}: ${formatTemperature(day.minC, units)} to ${formatTemperature(day.maxC, units)}, ` +
        `${day.precipitationMm} mm rain`,
    );
  }
  if (weather.alerts.length > 0)
    lines.push(
      ...listSection(
        "Garden alerts",
        weather.alerts.map((a) => `- ${a}`),
        10,
      ),
    );
  return lines;
}

/**
 * What the server knows of the gardener, as plain lines inside one <gardener_context> fence.
 * Free text the gardener wrote (names, notes, titles, places) is quoted, so it reads as values.
 */
export function contextText(context: GardenerContext): string {
  const lines = [`Today: ${context.today}`];
  if (context.displayName) lines.push(`Gardener's name: ${quote(context.displayName, 100)}`);
  if (context.experience) lines.push(`Experience: ${quote(context.experience, 100)}`);
  lines.push(`Preferred temperature unit: °${context.units}`);
  if (context.location) lines.push(`Location: ${quote(context.location, 200)}`);
  if (context.place) {
    // The model's seasons are northern by habit: the place's own, in words, from its latitude.
    const { latitude, countryCode } = context.place;
    const hemisphere = hemisphereOf(latitude);
    const season = seasonFor(context.today, latitude, countryCode).toLowerCase();
    lines.push(
      `Hemisphere and season now: ${hemisphere}ern hemisphere, ${season}` +
        (hemisphere === "south" ? " (southern seasons: spring is September to November)" : ""),
    );
  }
  if (context.zip) lines.push(`ZIP code: ${quote(context.zip, 20)}`);
  if (context.zone) {
    const title = context.zoneTitle ? ` ${quote(context.zoneTitle, 100)}` : "";
    lines.push(`Hardiness zone: ${quote(context.zone, 20)}${title}`);
  }
  if (context.tempRange) lines.push(`Zone temperature range: ${quote(context.tempRange, 100)}`);
  if (context.focusPlant)
    lines.push(`This chat is about the plant: ${plantLine(context.focusPlant).slice(2)}`);
  lines.push(...listSection("Plants", context.plants.map(plantLine), PROMPT_PLANT_LIMIT));
  lines.push(...listSection("Tasks overdue", context.overdue.map(taskLine), PROMPT_TASK_LIMIT));
  lines.push(...listSection("Tasks due today", context.dueToday.map(taskLine), PROMPT_TASK_LIMIT));
  lines.push(
    ...listSection(
      "Tasks due in the next 7 days",
      context.upcoming.map(taskLine),
      PROMPT_TASK_LIMIT,
    ),
  );
  lines.push(
    ...(context.weather ? weatherLines(context.weather, context.units) : ["Weather: unknown"]),
  );
  return fence("gardener_context", lines.join("\n"));
}

/** How a question's kind reads in the prompt. */
const KIND_WORDS: Record<QuestionKind, string> = {
  "how-often": "how often",
  "how-much": "how much",
  when: "when",
  how: "how",
  why: "why",
  which: "which",
  "can-i": "can I",
  what: "what",
};

const GARDEN_WORDS: Record<GardenAsk, string> = {
  tasks: "their tasks for this week",
  overdue: "their overdue tasks",
  today: "what is due today",
  status: "how their plant is doing",
  "ready-when": "when their plant will be ready",
  "plant-now": "what they can plant now",
  zone: "their hardiness zone",
  "my-plants": "which plants they have",
};

/**
 * How the chat was read after this message (the built-in engine's understanding, follow-ups
 * resolved), inside one <understanding> fence: the plants by name, the asks, the conditions. Plant
 * names the gardener typed are quoted.
 */
export function understandingText(
  brief: TurnBrief,
  context: GardenerContext,
  cropName: (slug: string) => string,
): string {
  const { state, focus } = brief;
  const lines: string[] = [];
  const own = (state?.ownPlantIds ?? [])
    .map((id) => context.plants.find((plant) => plant.id === id))
    .filter((plant): plant is GardenPlant => Boolean(plant));
  if (own.length) lines.push("Their own plants asked about:", ...own.map(plantLine));
  const crops = (state?.crops ?? []).map(cropName);
  if (crops.length) lines.push(`Plants asked about: ${crops.join(", ")}`);
  if (!own.length && focus.plant) {
    lines.push(`The chat's plant: ${plantLine(focus.plant).slice(2)}`);
  }
  for (const part of state?.parts ?? []) {
    if (part.aspects.length === 0 && !part.kind) continue;
    const aspects = part.aspects.map((aspect) => ASPECT_WORDS[aspect]).join(", ");
    const kind = part.kind ? KIND_WORDS[part.kind] : null;
    lines.push(`Asks: ${[aspects, kind ? `(${kind})` : ""].filter(Boolean).join(" ")}`);
  }
  if (state?.care) lines.push("Asks: care in general");
  if (state?.garden) lines.push(`Asks about their garden: ${GARDEN_WORDS[state.garden]}`);
  const conditions = Object.entries(state?.conditions ?? {}).map(([field, value]) =>
    field === "container" ? "in a container" : `${field} ${String(value)}`,
  );
  if (conditions.length) lines.push(`Conditions named: ${conditions.join(", ")}`);
  if (state?.symptom) lines.push("Describes something wrong with a plant");
  if (lines.length === 0) lines.push("No plant or gardening topic recognised");
  return fence("understanding", lines.join("\n"));
}

/** The facts gathered for the turn, one a line with where they come from, in a <facts> fence. */
export function factsText(facts: TurnBrief["facts"]): string {
  if (facts.length === 0) return fence("facts", "No facts were gathered for this question.");
  return fence("facts", facts.map((fact) => `- ${fact.text} (${fact.ref})`).join("\n"));
}
