import {
  baselineCareTasks,
  type CareTask,
  type CareTaskKind,
  type GrowingMedium,
  isHot,
  type Place,
} from "./baseline-care";
import type { AiPlan, AiPlanTask } from "./plan-parsing";
import { type StagePlanEntry, stageDays } from "./schedule";

export interface NumberRange {
  min: number;
  max: number;
}

/**
 * The catalogue fields the generator reads. Declared here, structurally, so this module does not
 * depend on the catalogue schema; a full catalogue entry fits it.
 */
export interface PlanCrop {
  slug: string;
  name: string;
  category: string;
  stagePlan: readonly StagePlanEntry[];
  sowingMethod: "direct" | "transplant" | "start-indoors";
  watering: "low" | "moderate" | "high";
  hydroponic: { suitable: boolean; ec: NumberRange | null; ph: NumberRange | null };
}

export type Lights = "sun" | "led";

/** The baseline's kinds and the plan's own rules (see `CareTaskKind`). */
export type PlanTaskKind =
  | CareTaskKind
  | "move-into-system"
  | "harden-off"
  | "transplant"
  | "feed-cocopeat"
  | "check-lights"
  | "harvest-check"
  | "remove-dead-leaves";
export type PlanCareTask = CareTask<PlanTaskKind>;
export type StartMethod = "seed" | "seedling" | "cutting";

export interface GeneratePlanInput {
  /** null for a custom plant (not in the catalogue). */
  crop: PlanCrop | null;
  plantName: string;
  medium: GrowingMedium;
  place: Place;
  lights: Lights;
  startMethod?: StartMethod | null;
  experience?: string | null;
  weather?: { temperatureC?: number | null; conditions?: string | null } | null;
}

/** Used for a custom plant, or a crop without a stage plan. */
export const GENERIC_STAGE_PLAN: readonly StagePlanEntry[] = [
  { name: "Seedling", durationDays: 14 },
  { name: "Vegetative", durationDays: 30 },
  { name: "Flowering", durationDays: 21 },
  { name: "Harvest", durationDays: 14 },
];

export const MAX_TIPS = 6;
/** The unit the catalogue's hydroponic EC ranges are given in. */
export const EC_UNIT = "mS/cm";
/** Used to date the transplant when the stage plan has no germination or seedling stage. */
const DEFAULT_TRANSPLANT_DAY = 21;
const HARDEN_OFF_DAYS = 7;

const GERMINATION = /^germ/i;
const RAISING = /^(?:germ|seed)/i;
const HARVEST = /^harv/i;

/**
 * Stages from the crop's plan, rounded to whole days (min 1). A seedling or cutting has already
 * germinated, so germination stages are dropped for them (unless that would leave no stage).
 */
export function planStages(
  crop: PlanCrop | null,
  startMethod: StartMethod | null | undefined,
): StagePlanEntry[] {
  const source = crop && crop.stagePlan.length > 0 ? crop.stagePlan : GENERIC_STAGE_PLAN;
  const stages = source.map((s) => ({ name: s.name, durationDays: stageDays(s.durationDays) }));
  if (startMethod === "seedling" || startMethod === "cutting") {
    const rest = stages.filter((s) => !GERMINATION.test(s.name.trim()));
    if (rest.length > 0) return rest;
  }
  return stages;
}

/** Day (from planting) on which the first stage matching `pattern` starts, or null. */
function stageStartDay(stages: readonly StagePlanEntry[], pattern: RegExp): number | null {
  let day = 0;
  for (const stage of stages) {
    if (pattern.test(stage.name.trim())) return day;
    day += stage.durationDays;
  }
  return null;
}

function transplantTasks(
  input: GeneratePlanInput,
  stages: readonly StagePlanEntry[],
): PlanCareTask[] {
  const { crop, startMethod } = input;
  const fromSeed = startMethod === "seed" || startMethod == null;
  if (!crop || !fromSeed || crop.sowingMethod === "direct") return [];

  let raisingDays = 0;
  for (const stage of stages) {
    if (!RAISING.test(stage.name.trim())) break;
    raisingDays += stage.durationDays;
  }
  const due = raisingDays > 0 ? raisingDays : DEFAULT_TRANSPLANT_DAY;

  if (input.medium === "hydroponics") {
    return [
      {
        title: "Move seedlings into the system",
        dueInDays: due,
        repeatEveryDays: null,
        type: "transplant",
        kind: "move-into-system",
      },
    ];
  }
  if (crop.sowingMethod === "start-indoors" && input.place === "outdoor") {
    return [
      {
        title: "Harden off seedlings outdoors",
        dueInDays: Math.max(0, due - HARDEN_OFF_DAYS),
        repeatEveryDays: null,
        type: "transplant",
        kind: "harden-off",
      },
      {
        title: "Transplant seedlings outdoors",
        dueInDays: due,
        repeatEveryDays: null,
        type: "transplant",
        kind: "transplant",
      },
    ];
  }
  return [
    {
      title: "Transplant seedlings",
      dueInDays: due,
      repeatEveryDays: null,
      type: "transplant",
      kind: "transplant",
    },
  ];
}

/**
 * The plan's care tasks for these stages, each with its kind: the baseline rules, transplanting,
 * feeding, lights, harvest checks and the pest and leaf checks every plan gets; one task per
 * kind, by due day.
 */
export function planCareTasks(
  input: GeneratePlanInput,
  name: string,
  stages: readonly StagePlanEntry[],
): PlanCareTask[] {
  const care: PlanCareTask[] = [
    ...baselineCareTasks({
      plantName: name,
      cropSlug: input.crop?.slug ?? null,
      medium: input.medium,
      place: input.place,
      lighting: input.lights,
      experience: input.experience ?? null,
      temperatureC: input.weather?.temperatureC ?? null,
      conditions: input.weather?.conditions ?? null,
    }),
    ...transplantTasks(input, stages),
  ];

  // Cocopeat is inert: without regular feeding the plants starve.
  if (input.medium === "cocopeat") {
    care.push({
      title: "Feed with diluted nutrient solution",
      dueInDays: 7,
      repeatEveryDays: 7,
      type: "feeding",
      kind: "feed-cocopeat",
    });
  }
  if (input.lights === "led") {
    care.push({
      title: "Check grow light height and timer",
      dueInDays: 7,
      repeatEveryDays: 7,
      type: "lights",
      kind: "check-lights",
    });
  }
  const harvestDay = stageStartDay(stages, HARVEST);
  if (harvestDay !== null) {
    care.push({
      title: `Check ${name} for harvest`,
      dueInDays: harvestDay,
      repeatEveryDays: 7,
      type: "harvest",
      kind: "harvest-check",
    });
  }
  // Every plan gets these two, which also guarantees at least 4 tasks and a weekly repeat. The
  // pest watch is the tomato/pepper rule's task too: one per kind merges the two.
  care.push(
    {
      title: "Pest watch: check under leaves",
      dueInDays: 7,
      repeatEveryDays: 7,
      type: "pest",
      kind: "pest-watch",
    },
    {
      title: "Remove yellow or dead leaves",
      dueInDays: 10,
      repeatEveryDays: 14,
      type: "pruning",
      kind: "remove-dead-leaves",
    },
  );

  const seen = new Set<PlanTaskKind>();
  const unique = care.filter((task) => {
    if (seen.has(task.kind)) return false;
    seen.add(task.kind);
    return true;
  });
  // Array.prototype.sort is stable, so same-day tasks keep the rule order.
  return unique.sort((a, b) => a.dueInDays - b.dueInDays);
}

/** The plan's care tasks (`planCareTasks`) in the AI plan's shape, which has no kind. */
export function planTasks(
  input: GeneratePlanInput,
  name: string,
  stages: readonly StagePlanEntry[],
): AiPlanTask[] {
  return planCareTasks(input, name, stages).map((task) => ({
    title: task.title,
    dueInDays: task.dueInDays,
    repeat: task.repeatEveryDays !== null,
    repeatEveryDays: task.repeatEveryDays,
    type: task.type,
  }));
}

/** "2–3.5", or "6" when both ends are equal. */
export function formatRange(r: NumberRange): string {
  return r.min === r.max ? `${r.min}` : `${r.min}–${r.max}`;
}

function hydroponicTip(crop: PlanCrop | null): string {
  const ec = crop?.hydroponic.ec ?? null;
  const ph = crop?.hydroponic.ph ?? null;
  const phText = ph ? formatRange(ph) : "5.8–6.2";
  if (ec) return `Keep EC at ${formatRange(ec)} ${EC_UNIT} and pH at ${phText}.`;
  return `Keep pH at ${phText} and check EC/PPM after every top-up.`;
}

function wateringTip(name: string, input: GeneratePlanInput): string {
  const mediumWord = input.medium === "cocopeat" ? "cocopeat" : "soil";
  switch (input.crop?.watering ?? "moderate") {
    case "low":
      return `${name} likes to dry out a little: skip a watering while the ${mediumWord} is still moist.`;
    case "high":
      return `${name} is thirsty: check the ${mediumWord} daily and never let it dry out.`;
    default:
      return `Keep the ${mediumWord} evenly moist but never waterlogged; water at the base, in the morning.`;
  }
}

function startTip(input: GeneratePlanInput): string | null {
  if (input.startMethod === "cutting") {
    return "Keep cuttings humid and out of direct sun until new roots form.";
  }
  if (input.startMethod === "seedling") {
    return "Water seedlings in well after planting and shade them for a day or two while they settle.";
  }
  switch (input.crop?.sowingMethod) {
    case "direct":
      return "Sow where the plant will grow and thin the seedlings so each has room.";
    case "transplant":
    case "start-indoors":
      return "Raise seedlings in trays or small pots and transplant them once they have 2–3 true leaves.";
    default:
      return null;
  }
}

function heatTip(input: GeneratePlanInput): string | null {
  if (!isHot(input.weather?.temperatureC, input.weather?.conditions)) return null;
  if (input.medium === "hydroponics") {
    return "Heat warms the nutrient solution: shade the reservoir and top it up with cool water.";
  }
  if (input.place === "outdoor") {
    return "In hot spells water early in the morning, mulch 5–7 cm deep and shade in the afternoon.";
  }
  return "In hot weather move plants back from hot window glass and check moisture daily.";
}

function planTips(input: GeneratePlanInput, name: string): string[] {
  const { crop } = input;
  const tips: (string | null)[] = [
    crop
      ? null
      : `${name} is not in the catalogue, so this plan uses a generic timeline: adjust the stages as it grows.`,
  ];
  if (input.medium === "hydroponics") {
    tips.push(
      hydroponicTip(crop),
      "Keep the reservoir dark and at 18–22 °C to prevent algae and root rot.",
      crop && !crop.hydroponic.suitable
        ? `${name} is not a typical hydroponic crop; expect slower growth than in soil or cocopeat.`
        : null,
    );
  } else {
    if (input.medium === "cocopeat") {
      tips.push("Cocopeat holds almost no nutrients, so the plant depends on regular feeding.");
    }
    tips.push(wateringTip(name, input));
  }
  tips.push(
    input.lights === "led"
      ? "Run LED grow lights 14–16 hours a day on a timer and raise them as the plants grow."
      : "Most vegetables and herbs need at least 6 hours of direct sun a day.",
    heatTip(input),
    startTip(input),
  );
  return tips.filter((tip) => tip !== null).slice(0, MAX_TIPS);
}

/**
 * The built-in, rule-based plan used when no model is configured: the same shape as a parsed AI
 * plan. Same input, same plan: nothing here reads the clock or chance.
 */
export function generatePlan(input: GeneratePlanInput): AiPlan {
  const plant = input.plantName.trim() || input.crop?.name || "Plant";
  const stages = planStages(input.crop, input.startMethod);
  return {
    plant,
    stages,
    tasks: planTasks(input, plant, stages),
    tips: planTips(input, plant),
  };
}
