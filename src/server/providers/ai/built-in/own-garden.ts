import { addDays, daysBetween } from "../../../../core/garden/dates";
import type { MessageSource } from "../../../../core/schemas/chat";
import type { Crop } from "../../../../core/schemas/crop";
import type { Place } from "../../../../core/schemas/place";
import { fahrenheitToCelsius } from "../../../../core/units";
import {
  averageForecastC,
  plantingSuggestions,
} from "../../../../core/weather/planting-suggestions";
import { hemisphereOf, seasonFor } from "../../../../core/weather/season";
import type {
  GardenerContext,
  GardenPlant,
  GardenTask,
  PlantingNow,
  PlantingNowItem,
} from "../assistant";
import { type Answer, plantSource } from "./garden-answers";
import { dayName, plural, temperature } from "./wording";

const TASKS_SOURCE: MessageSource = { title: "Your tasks", ref: "garden:tasks" };
const PROFILE_SOURCE: MessageSource = { title: "Your profile", ref: "garden:profile" };
const WEATHER_SOURCE: MessageSource = { title: "Your forecast", ref: "garden:weather" };
/** Tasks listed per group before "and N more". */
const MAX_PER_GROUP = 6;

const shortDay = (date: string) =>
  dayName(date).replace(/^(\w+) /, (_, day: string) => `${day.slice(0, 3)} `);

/** "- **Tomato**: Water deeply (Fri 27 November), Feed (Sun 29 November)". */
function byPlant(tasks: readonly GardenTask[]): string[] {
  const groups = new Map<string, GardenTask[]>();
  for (const task of tasks) {
    const key = task.plantName ?? "Garden";
    groups.set(key, [...(groups.get(key) ?? []), task]);
  }
  return [...groups].map(([plant, list]) => {
    const shown = list
      .slice(0, MAX_PER_GROUP)
      .map((task) => `${task.title}${task.dueDate ? ` (${shortDay(task.dueDate)})` : ""}`);
    const more = list.length > MAX_PER_GROUP ? `, and ${list.length - MAX_PER_GROUP} more` : "";
    return `- **${plant}**: ${shown.join(", ")}${more}`;
  });
}

/**
 * "What do I need to do this week?": overdue first, then today and the next 7 days, by plant;
 * with a plant named ("what should I do for my tomato this week?"), that plant's tasks only.
 */
export function weekTasksAnswer(
  context: GardenerContext,
  plant: GardenPlant | null = null,
): Answer {
  const mine = (tasks: readonly GardenTask[]) =>
    plant ? tasks.filter((task) => task.plantId === plant.id) : tasks;
  const overdue = mine(context.overdue);
  const week = mine([...context.dueToday, ...context.upcoming]);
  if (overdue.length + week.length === 0) {
    const none =
      context.plants.length === 0
        ? "You have no tasks yet: add a plant under Plant Tracker and I will schedule its care."
        : `Nothing${plant ? ` for your ${plant.name}` : ""} is due this week (to ${dayName(addDays(context.today, 7))}), and nothing is overdue.`;
    return { text: none, sources: [TASKS_SOURCE] };
  }
  const lines: string[] = [];
  if (overdue.length) {
    lines.push(`**Overdue** (${plural(overdue.length, "task")}):`, ...byPlant(overdue), "");
  }
  if (week.length) {
    lines.push(`**This week** (${plural(week.length, "task")}):`, ...byPlant(week));
  } else {
    lines.push("Nothing else is due in the next 7 days.");
  }
  return { text: lines.join("\n").trim(), sources: [TASKS_SOURCE] };
}

/** "What's on my list for today?": today's tasks, and what is overdue, by plant. */
export function todayAnswer(context: GardenerContext): Answer {
  const { overdue, dueToday } = context;
  if (overdue.length + dueToday.length === 0) {
    return {
      text: `Nothing is due today (${dayName(context.today)}) and nothing is overdue.`,
      sources: [TASKS_SOURCE],
    };
  }
  const lines: string[] = [];
  if (overdue.length) {
    lines.push(`**Overdue** (${plural(overdue.length, "task")}):`, ...byPlant(overdue), "");
  }
  lines.push(
    dueToday.length
      ? `**Today** (${plural(dueToday.length, "task")}):`
      : `Nothing new is due today (${dayName(context.today)}).`,
    ...byPlant(dueToday),
  );
  return { text: lines.join("\n").trim(), sources: [TASKS_SOURCE] };
}

/** "Anything overdue?", "which plants need attention?": the overdue tasks only, by plant. */
export function overdueAnswer(context: GardenerContext): Answer {
  if (context.overdue.length === 0) {
    return { text: "Nothing is overdue: you are up to date.", sources: [TASKS_SOURCE] };
  }
  return {
    text: [
      `**Overdue** (${plural(context.overdue.length, "task")}):`,
      ...byPlant(context.overdue),
    ].join("\n"),
    sources: [TASKS_SOURCE],
  };
}

const ageWords = (days: number) =>
  days < 14
    ? plural(days, "day")
    : `${plural(days, "day")} (about ${plural(Math.round(days / 7), "week")})`;

/** This week's extremes against what the crop takes, for a plant outdoors. */
function weatherLine(
  plant: GardenPlant,
  crop: Crop | null,
  context: GardenerContext,
): string | null {
  const days = context.weather?.days.slice(0, 7) ?? [];
  if (plant.place !== "outdoor" || days.length === 0) return null;
  const low = Math.min(...days.map((day) => day.minC));
  const high = Math.max(...days.map((day) => day.maxC));
  const frost = low <= 0;
  const tender = crop && /frost-tender|tender|warm season|warm-season/i.test(crop.climate);
  const warning =
    frost && tender ? " Frost is forecast: cover it or bring it in on those nights." : "";
  return `This week outdoors: lows of ${temperature(low, context)}, highs of ${temperature(high, context)}.${warning}`;
}

/** "How is my tomato doing?": age, stage and its day, what comes next, its next tasks, the week. */
export function statusAnswer(
  plant: GardenPlant,
  crop: Crop | null,
  context: GardenerContext,
): Answer {
  const sources = [plantSource(plant)];
  const name = `Your ${plant.name}`;
  const lines: string[] = [];
  if (plant.ageDays !== null && plant.ageDays < 0 && plant.plantingDate) {
    lines.push(`${name} is not planted yet: its plan starts on ${dayName(plant.plantingDate)}.`);
  } else {
    const age = plant.ageDays !== null ? ` was planted ${ageWords(plant.ageDays)} ago and` : "";
    const stage = plant.stage
      ? ` is in its **${plant.stage.toLowerCase()}** stage${
          plant.stageDay && plant.stageLength
            ? ` (day ${plant.stageDay} of ${plant.stageLength})`
            : ""
        }`
      : " has no stage plan";
    lines.push(`${name}${age}${stage}.`);
    if (plant.nextStage && plant.nextStage.startDate > context.today) {
      lines.push(
        `Next comes ${plant.nextStage.name.toLowerCase()}, from ${dayName(plant.nextStage.startDate)}.`,
      );
    }
  }
  const tasks = [...context.overdue, ...context.dueToday, ...context.upcoming].filter(
    (task) => task.plantId === plant.id,
  );
  if (tasks.length) {
    const shown = tasks.slice(0, 3).map((task) => {
      const late = task.dueDate && task.dueDate < context.today ? ", overdue" : "";
      return `${task.title} (${task.dueDate ? shortDay(task.dueDate) : "no date"}${late})`;
    });
    lines.push(`Its next ${tasks.length === 1 ? "task" : "tasks"}: ${shown.join("; ")}.`);
    sources.push(TASKS_SOURCE);
  }
  const weather = weatherLine(plant, crop, context);
  if (weather) {
    lines.push(weather);
    sources.push(WEATHER_SOURCE);
  }
  return { text: lines.join(" "), sources };
}

/** "When will my tomato be ready?": the harvest date the plant page's timeline shows. */
export function readyAnswer(
  plant: GardenPlant,
  crop: Crop | null,
  context: GardenerContext,
): Answer {
  const sources = [plantSource(plant)];
  const name = `Your ${plant.name}`;
  if (!plant.harvestDate) {
    const houseplant = crop?.category === "houseplant";
    return {
      text: houseplant
        ? `${name} is grown for its leaves, so there is nothing to harvest; its timeline has no harvest stage.`
        : `${name}'s plan has no harvest stage, so I can't give a date.`,
      sources,
    };
  }
  if (plant.harvestDate <= context.today) {
    const since = daysBetween(plant.harvestDate, context.today);
    return {
      text: `${name} reached its harvest stage on ${dayName(plant.harvestDate)}${since > 0 ? ` (${plural(since, "day")} ago)` : ""}: pick as it ripens.`,
      sources,
    };
  }
  const wait = daysBetween(context.today, plant.harvestDate);
  return {
    text: `${name} should be ready to harvest from **${dayName(plant.harvestDate)}**, in ${ageWords(wait)}: that is when its harvest stage starts on its timeline.`,
    sources,
  };
}

/** A few of a list, each with what to do: "garlic (plant out now, until 29 Nov)". */
function calendarNames(items: readonly PlantingNowItem[]): string {
  return items
    .slice(0, 5)
    .map((item) => {
      const doing = item.notes.split(". ")[0]?.replace(/\.$/, "") ?? "";
      return `${item.name.toLowerCase()}${doing ? ` (${doing.charAt(0).toLowerCase()}${doing.slice(1)})` : ""}`;
    })
    .join(", ");
}

/** What to Plant Now from the calendar of the gardener's place. */
function calendarPlantNowAnswer(planting: PlantingNow): Answer {
  const lists = [
    ["Vegetables", planting.vegetables],
    ["Herbs", planting.herbs],
    ["Flowers", planting.flowers],
  ] as const;
  const shown = lists.filter(([, items]) => items.length > 0);
  const lines = shown.length
    ? [
        `For ${planting.place}, by its planting calendar:`,
        ...shown.map(([label, items]) => `- **${label}**: ${calendarNames(items)}`),
      ]
    : [`Nothing to sow or plant out in ${planting.place} now or in the next four weeks.`];
  const tip = planting.summary[0];
  if (tip) lines.push("", tip);
  return {
    text: lines.join("\n"),
    sources: [
      { title: "What to Plant Now", ref: "garden:planting" },
      { title: "Planting calendar", ref: "garden:planting-calendar" },
    ],
  };
}

/**
 * "What can I plant now?": by the planting calendar of the gardener's place when its climate is
 * known; else the What to Plant Now lists for the season and this week's weather.
 */
export function plantNowAnswer(context: GardenerContext): Answer {
  if (context.plantingNow) return calendarPlantNowAnswer(context.plantingNow);
  const days = context.weather?.days ?? [];
  const averageC = days.length
    ? averageForecastC(days.map((day) => ({ max: day.maxC, min: day.minC })))
    : 20;
  const latitude = context.place?.latitude ?? 45;
  const country =
    context.place?.countryCode ?? context.location?.match(/,\s*([A-Z]{2})$/)?.[1] ?? null;
  const season = seasonFor(context.today, latitude, country);
  const suggestions = plantingSuggestions({
    averageC,
    averageFrom: days.length ? "forecast" : "default",
    season,
    hemisphere: hemisphereOf(latitude),
    countryCode: country,
  });
  const names = (items: readonly { name: string }[]) =>
    items
      .slice(0, 5)
      .map((item) => item.name.toLowerCase())
      .join(", ");
  const lines = [
    `For ${season.toLowerCase()}${days.length ? ` and this week's average of ${temperature(averageC, context)}` : ""}:`,
    `- **Vegetables**: ${names(suggestions.vegetables)}`,
    `- **Herbs**: ${names(suggestions.herbs)}`,
    `- **Flowers**: ${names(suggestions.flowers)}`,
  ];
  const tip = suggestions.summary[0];
  if (tip) lines.push("", tip);
  return {
    text: lines.join("\n"),
    sources: [
      { title: "What to Plant Now", ref: "garden:planting" },
      ...(days.length ? [WEATHER_SOURCE] : []),
    ],
  };
}

/**
 * A place outside the US has no USDA zone: its hemisphere and season, and where its frost dates
 * come from (the climate card in Settings, which the gardener can also set by hand).
 */
function placeClimateText(context: GardenerContext, place: Place): string {
  const where = [place.name, place.admin1, place.country].filter(Boolean).join(", ");
  const hemisphere = hemisphereOf(place.latitude);
  const season = seasonFor(context.today, place.latitude, place.countryCode).toLowerCase();
  return [
    `USDA hardiness zones cover US ZIP codes, so ${where} has none.`,
    `You garden in the ${hemisphere}ern hemisphere, where it is ${season} now.`,
    "Set your own last spring and first autumn frost dates on the Climate card in Settings (or let this server read them from your place's climate records), and What to Plant Now plans by them.",
  ].join(" ");
}

/** "What zone am I in?": the zone and its coldest nights, in the gardener's units. */
export function zoneAnswer(context: GardenerContext): Answer {
  if (!context.zone && context.place && context.place.countryCode !== "US") {
    return { text: placeClimateText(context, context.place), sources: [PROFILE_SOURCE] };
  }
  if (!context.zone) {
    return {
      text: "I don't know your hardiness zone yet: add your ZIP code in Settings and I will look it up (zones cover US ZIP codes).",
      sources: [PROFILE_SOURCE],
    };
  }
  const where = context.zip
    ? ` (ZIP ${context.zip})`
    : context.location
      ? ` (${context.location})`
      : "";
  const range = context.tempRange?.match(/(-?\d+)\s*to\s*(-?\d+)/);
  let cold = "";
  if (range) {
    const [lowF, highF] = [Number(range[1]), Number(range[2])];
    const c = (f: number) => Math.round(fahrenheitToCelsius(f));
    const celsius = `${c(lowF)} to ${c(highF)} °C`.replace(/-/g, "−");
    const fahrenheit = `${lowF} to ${highF} °F`.replace(/-/g, "−");
    // The zones are drawn in °F: a °C reader sees them too, in brackets; a °F reader needs no °C.
    cold = ` Its average coldest winter night is ${context.units === "F" ? fahrenheit : `${celsius} (${fahrenheit})`}.`;
  }
  return {
    text: `You are in USDA hardiness zone **${context.zone}**${where}.${cold} Perennials rated to your zone or colder survive your winters outdoors; for sowing dates, go by your frost dates.`,
    sources: [PROFILE_SOURCE],
  };
}
