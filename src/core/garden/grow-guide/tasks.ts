import type { GuideTask } from "../../schemas/grow-guide";
import type { CareTask } from "../baseline-care";
import { formatRange, type PlanTaskKind, planCareTasks } from "../plan-generator";
import type { StagePlanEntry } from "../schedule";
import {
  DEFAULT_NUTRIENT_PH,
  EC_CHECK_EVERY_DAYS,
  FROST_COVER_C,
  growLightHours,
  hydroponicTargets,
  MULCH_CM,
  SOLUTION_CHANGE_EVERY_DAYS,
} from "./figures";
import {
  contextOf,
  type GuideContext,
  type GuideCrop,
  type GuideInput,
  isCoolSeason,
  isFrostTender,
  watersDaily,
} from "./setup";

/** The plan's kinds and the guide's own rules (see `CareTaskKind`). */
export type GuideTaskKind =
  | PlanTaskKind
  | "light-timer"
  | "daylight-top-up"
  | "turn-pot"
  | "frost-watch"
  | "afternoon-shade"
  | "mulch"
  | "pot-drainage"
  | "wind-shelter"
  | "bed-prep";
export type GuideCareTask = CareTask<GuideTaskKind>;

/** The day seedlings go outside: the transplant, else the planting day. */
export function outdoorStartDay(tasks: readonly GuideCareTask[]): number {
  return tasks.find((t) => t.kind === "transplant")?.dueInDays ?? 0;
}

/**
 * Rule: a hydroponic system's solution tasks carry the crop's targets (baseline care's EC check,
 * solution change and feeding, found by kind).
 */
export function hydroponicTasks(
  tasks: readonly GuideCareTask[],
  crop: GuideCrop | null,
): GuideCareTask[] {
  const ph = formatRange(crop?.hydroponic.ph ?? DEFAULT_NUTRIENT_PH);
  return tasks.flatMap((task): GuideCareTask[] => {
    switch (task.kind) {
      case "check-ec":
        return [
          {
            ...task,
            title: `Check EC/PPM and pH: ${hydroponicTargets(crop)}`,
            repeatEveryDays: EC_CHECK_EVERY_DAYS,
          },
        ];
      case "change-solution":
        return [
          {
            ...task,
            title: `Change the nutrient solution and set pH to ${ph}`,
            repeatEveryDays: SOLUTION_CHANGE_EVERY_DAYS,
          },
        ];
      // A fresh solution every two weeks, kept at its EC between changes, is the feeding.
      case "feed-solution":
        return [];
      default:
        return [task];
    }
  });
}

const task = (
  kind: GuideTaskKind,
  title: string,
  dueInDays: number,
  repeatEveryDays: number | null,
  type: string,
): GuideCareTask => ({ title, dueInDays, repeatEveryDays, type, kind });

/** Rule: grow lights get a timer setting with the crop's light hours; a window a weekly turn. */
export function lightTasks(ctx: GuideContext): GuideCareTask[] {
  const hours = growLightHours(ctx.input.crop);
  if (ctx.input.lighting === "led") {
    return [
      task(
        "light-timer",
        `Set the grow-light timer to ${hours} hours of light a day`,
        0,
        null,
        "lights",
      ),
    ];
  }
  if (ctx.input.lighting === "mixed") {
    return [
      task(
        "daylight-top-up",
        `Top up daylight with the grow lights to ${hours} hours of light a day`,
        0,
        null,
        "lights",
      ),
    ];
  }
  if (ctx.setup.place === "indoor" && ctx.potted) {
    return [
      task(
        "turn-pot",
        "Turn the pot a quarter turn so it grows evenly toward the light",
        7,
        7,
        "lights",
      ),
    ];
  }
  return [];
}

/** Rule: outdoors in a cold or alpine climate, a weekly frost watch from the day it goes out. */
export function frostTasks(ctx: GuideContext, startDay: number): GuideCareTask[] {
  if (!ctx.traits.frost || ctx.setup.place !== "outdoor") return [];
  const title = isFrostTender(ctx.input.crop)
    ? `Frost watch: check the night forecast and cover ${ctx.name} with fleece when it will drop to ${FROST_COVER_C} °C or below`
    : `Frost watch: check the night forecast and cover ${ctx.name} with fleece when a hard frost is coming`;
  return [task("frost-watch", title, startDay, 7, "frost")];
}

/**
 * The day the young plants are in their final place and past the seedling stage (the end of the
 * plan's germination and seedling stages; 0 when it has none): mulch laid on a seed bed or a
 * freshly sown pot keeps the seedlings from coming up.
 */
export function establishedDay(stages: readonly StagePlanEntry[]): number {
  let day = 0;
  for (const stage of stages) {
    if (!/^(?:germ|seed)/i.test(stage.name.trim())) break;
    day += stage.durationDays;
  }
  return day;
}

/**
 * Rule: outdoors in arid and desert heat, afternoon shade and a deep mulch; in the tropics,
 * shade for cool-season crops; in Mediterranean dry summers, the mulch. The mulch goes down on
 * `mulchDay`, once the plants are established, never over what was just sown.
 */
export function heatTasks(ctx: GuideContext, mulchDay: number): GuideCareTask[] {
  if (ctx.setup.place !== "outdoor") return [];
  const { climate, crop } = ctx.input;
  const tasks: GuideCareTask[] = [];
  const hotDry = climate === "arid" || climate === "desert";
  if (hotDry || (climate === "tropical" && isCoolSeason(crop))) {
    tasks.push(
      task(
        "afternoon-shade",
        `Put up afternoon shade (shade cloth) over ${ctx.name} for the hottest months`,
        0,
        null,
        "heat",
      ),
    );
  }
  if (ctx.traits.dry && !ctx.hydroponic) {
    tasks.push(
      task(
        "mulch",
        `Mulch ${MULCH_CM} cm deep to keep the roots cool and the soil moist`,
        mulchDay,
        null,
        "mulch",
      ),
    );
  }
  return tasks;
}

/** Rule: pots need drainage; balconies need shelter from wind. */
export function containerTasks(ctx: GuideContext): GuideCareTask[] {
  if (!ctx.potted) return [];
  const tasks = [
    task(
      "pot-drainage",
      "Check the pot has drainage holes and fill it with fresh potting mix",
      0,
      null,
      "setup",
    ),
  ];
  if (ctx.input.gardenType === "balcony") {
    tasks.push(
      task("wind-shelter", "Secure pots and stake tall stems against the wind", 0, null, "setup"),
    );
  }
  return tasks;
}

/** Rule: a soil bed is loosened and fed before sowing, at the crop's pH. */
export function bedTasks(ctx: GuideContext): GuideCareTask[] {
  const { gardenType, crop } = ctx.input;
  if (ctx.setup.medium !== "soil" || (gardenType !== "in-ground" && gardenType !== "raised-bed")) {
    return [];
  }
  const ph = crop ? ` (test it: ${ctx.name} likes pH ${formatRange(crop.ph)})` : "";
  return [
    task("bed-prep", `Prepare the bed: loosen the soil and work in compost${ph}`, 0, null, "setup"),
  ];
}

/**
 * The guide's tasks: getting the bed, pot and lights ready comes first, then the plan's (baseline
 * care, transplanting, feeding, lights, harvest, pest and leaf checks; the one-off heatwave task
 * left out, as the climate rules cover heat) with the hydroponic targets, then the frost and heat
 * rules; one per kind, by due day, and on the same day in that order: what must happen first.
 */
export function guideTasks(input: GuideInput, stages: readonly StagePlanEntry[]): GuideTask[] {
  const ctx = contextOf(input);
  let care: GuideCareTask[] = planCareTasks(
    {
      crop: input.crop,
      plantName: ctx.name,
      medium: ctx.setup.medium,
      place: ctx.setup.place,
      lights: ctx.setup.lights,
      startMethod: "seed",
      experience: input.experience,
      weather: watersDaily(ctx) ? { conditions: "hot" } : null,
    },
    ctx.name,
    stages,
  ).filter((t) => t.kind !== "heatwave");
  if (ctx.hydroponic) care = hydroponicTasks(care, input.crop);
  const tasks = [
    ...bedTasks(ctx),
    ...containerTasks(ctx),
    ...lightTasks(ctx),
    ...care,
    ...frostTasks(ctx, outdoorStartDay(care)),
    ...heatTasks(ctx, establishedDay(stages)),
  ];
  const seen = new Set<GuideTaskKind>();
  return tasks
    .filter((t) => {
      if (seen.has(t.kind)) return false;
      seen.add(t.kind);
      return true;
    })
    .sort((a, b) => a.dueInDays - b.dueInDays)
    .map((t) => ({
      title: t.title,
      dueInDays: t.dueInDays,
      repeatEveryDays: t.repeatEveryDays,
      type: t.type,
    }));
}
