import type {
  Climate,
  GardenType,
  GrowExperience,
  GrowGuide,
  GrowLighting,
  GuideSetup,
  GuideStage,
  GuideTask,
} from "../schemas/grow-guide";
import type { Medium } from "../schemas/plant-setup";
import { inferPlace } from "./baseline-care";
import {
  EC_UNIT,
  formatRange,
  type NumberRange,
  type PlanCrop,
  planStages,
  planTasks,
} from "./plan-generator";
import type { AiPlan, AiPlanTask } from "./plan-parsing";
import { type StagePlanEntry, stageDays } from "./timeline";

/**
 * The catalogue fields the grow guide reads (a full catalogue entry fits), declared structurally
 * like `PlanCrop` so this module does not depend on the catalogue schema.
 */
export interface GuideCrop extends PlanCrop {
  sunlight: "full-sun" | "partial-shade" | "shade";
  spacingCm: number;
  /** The soil it likes, as a phrase ("Rich, well-drained loam"). */
  soil: string;
  /** Soil pH. */
  ph: NumberRange;
  /** The catalogue's climate note ("Cool season; bolts in heat"). */
  climate: string;
  /** Null where the crop is started from cuttings, crowns, tubers, bulbs or young plants. */
  daysToGermination: NumberRange | null;
  /** To first harvest or bloom (for houseplants, an established plant). */
  daysToMaturity: NumberRange;
}

/** The Grow Along form (spec §5), with the crop it names (null: a custom plant). */
export interface GuideInput {
  crop: GuideCrop | null;
  plantName: string;
  location?: string | null;
  medium: Medium;
  gardenType: GardenType;
  lighting: GrowLighting;
  experience: GrowExperience;
  climate: Climate;
}

/** A guide before an engine signs it (`engine`) and names what it read (`sources`). */
export type GuideDraft = Omit<GrowGuide, "engine" | "sources">;

/** Spec §9 baseline care: the pH of a nutrient change when the crop gives none. */
export const DEFAULT_NUTRIENT_PH: NumberRange = { min: 5.8, max: 6.2 };
/** How often the guide has the EC and pH of a hydroponic solution checked. */
export const EC_CHECK_EVERY_DAYS = 3;
/** How often the guide has a hydroponic solution replaced. */
export const SOLUTION_CHANGE_EVERY_DAYS = 14;
/**
 * Cold soil slows germination and early growth: outdoors, the germination and seedling stages
 * last this much longer, which also moves transplanting later.
 */
export const FROST_STRETCH: Record<"cold" | "alpine", number> = { cold: 1.25, alpine: 1.5 };
/** Spec §9 garden health: a frost-cover tip at or below this temperature. */
export const FROST_COVER_C = 2;
/** Spec §9: mulch 5–7 cm in heat. */
export const MULCH_CM = "5–7";
/** The two scales hydroponic TDS meters read EC in: ppm per mS/cm. */
export const PPM_PER_EC = { nacl: 500, k442: 700 } as const;
export const MAX_GUIDE_TIPS_BUILT = 12;

const GERMINATION = /^germ/i;
const EARLY = /^(?:germ|seed)/i;
const COOL_SEASON = /\bcool\b|bolts?\b/i;
const FROST_TENDER =
  /tender|sensitive|warm season|hot season|tropical|subtropical|needs heat|keep above|indoors/i;
const LONG_NIGHTS = /long nights|short-day/i;

const round1 = (n: number) => Math.round(n * 10) / 10;

/** Rule: hydroponics is the medium, or the garden type is a hydroponic system. */
export function isHydroponic(input: Pick<GuideInput, "medium" | "gardenType">): boolean {
  return input.medium === "hydroponics" || input.gardenType === "hydroponic-system";
}

/**
 * Rule: what the plant is tracked as. A hydroponic system's medium is hydroponics; the place is
 * inferred as spec §9 says (indoor for the indoor type or LED light); mixed light has LEDs.
 */
export function guideSetup(
  input: Pick<GuideInput, "medium" | "gardenType" | "lighting">,
): GuideSetup {
  return {
    medium: isHydroponic(input) ? "hydroponics" : input.medium,
    place: inferPlace({ gardeningType: input.gardenType, lighting: input.lighting }),
    lights: input.lighting === "led" || input.lighting === "mixed" ? "led" : "sun",
  };
}

/** Rule: grown in a pot — containers, balconies, and indoors unless in a hydroponic system. */
export function isPotted(input: Pick<GuideInput, "medium" | "gardenType">): boolean {
  if (isHydroponic(input)) return false;
  return (
    input.gardenType === "container" ||
    input.gardenType === "balcony" ||
    input.gardenType === "indoor"
  );
}

export interface ClimateTraits {
  frost: "cold" | "alpine" | null;
  /** Hot enough for daily watering and afternoon shade. */
  hot: boolean;
  /** Long dry spells: mulch and deep watering. */
  dry: boolean;
  /** Humid heat: drainage and airflow. */
  humid: boolean;
}

/** Rule: what each climate of the form means for the guide. */
export function climateTraits(climate: Climate): ClimateTraits {
  return {
    frost: climate === "cold" || climate === "alpine" ? climate : null,
    hot: climate === "arid" || climate === "desert" || climate === "tropical",
    dry: climate === "arid" || climate === "desert" || climate === "mediterranean",
    humid: climate === "tropical" || climate === "subtropical",
  };
}

/** A cool-season crop (the catalogue's climate note says cool season or bolting). */
export function isCoolSeason(crop: GuideCrop | null): boolean {
  return crop !== null && COOL_SEASON.test(crop.climate);
}

/**
 * Frost kills it: the catalogue's climate note says tender, warm or hot season, tropical, or
 * "keep above"; a custom plant counts as tender, to be safe.
 */
export function isFrostTender(crop: GuideCrop | null): boolean {
  return crop === null || FROST_TENDER.test(crop.climate);
}

/**
 * Rule: the crop's stage plan from seed (the generic plan for a custom plant). Outdoors in a
 * cold or alpine climate the germination and seedling stages are stretched (FROST_STRETCH,
 * rounded up): cold soil slows them, and the later stages start later.
 */
export function guideStagePlan(
  crop: GuideCrop | null,
  place: GuideSetup["place"],
  climate: Climate,
): StagePlanEntry[] {
  const stages = planStages(crop, "seed");
  const { frost } = climateTraits(climate);
  if (!frost || place !== "outdoor") return stages;
  return stages.map((stage) =>
    EARLY.test(stage.name.trim())
      ? { ...stage, durationDays: Math.ceil(stage.durationDays * FROST_STRETCH[frost]) }
      : stage,
  );
}

/** EC in mS/cm as ppm on a meter of the given scale, to the nearest 10. */
export function ecToPpm(ec: number, perEc: number): number {
  return Math.round((ec * perEc) / 10) * 10;
}

/**
 * Rule: the nutrient-solution targets, from the catalogue only. A crop without hydroponic data
 * (or a custom plant) gets spec §9's pH and the nutrient maker's dose instead of an EC figure.
 */
export function hydroponicTargets(crop: GuideCrop | null): string {
  const ph = formatRange(crop?.hydroponic.ph ?? DEFAULT_NUTRIENT_PH);
  const ec = crop?.hydroponic.ec ?? null;
  if (!ec) return `pH ${ph}; for strength, follow the nutrient maker's dose`;
  const ppm = (scale: number) =>
    formatRange({ min: ecToPpm(ec.min, scale), max: ecToPpm(ec.max, scale) });
  return `EC ${formatRange({ min: round1(ec.min), max: round1(ec.max) })} ${EC_UNIT} (${ppm(PPM_PER_EC.nacl)} ppm on a 500-scale meter, ${ppm(PPM_PER_EC.k442)} on a 700-scale one), pH ${ph}`;
}

/** Rule: hours of light a day by the crop's sun needs, under grow lights. */
export function growLightHours(crop: GuideCrop | null): string {
  if (crop && LONG_NIGHTS.test(crop.climate)) return "10–12";
  switch (crop?.sunlight ?? "full-sun") {
    case "shade":
      return "10–12";
    case "partial-shade":
      return "12–14";
    default:
      return "14–16";
  }
}

/** Rule: hours of direct sun a day by the crop's sun needs. */
export function sunHours(crop: GuideCrop | null): string {
  switch (crop?.sunlight ?? "full-sun") {
    case "shade":
      return "bright, indirect light, with little or no direct sun";
    case "partial-shade":
      return "3–6 hours of direct sun a day";
    default:
      return "at least 6 hours of direct sun a day";
  }
}

/** Rule: how big a pot, from the catalogue's spacing. */
export function potSizeTip(name: string, crop: GuideCrop | null): string {
  const drainage =
    "Use pots with drainage holes and fresh potting mix (not garden soil), and empty the saucer after watering: roots sitting in water rot.";
  if (!crop) {
    return `Give ${name} a pot about as wide as the plant will grow. ${drainage}`;
  }
  const spacing = crop.spacingCm;
  if (spacing <= 2) {
    return `Sow ${name} densely in a shallow tray with drainage holes; it is cut young, so it needs no spacing. ${drainage}`;
  }
  if (spacing < 15) {
    return `Grow ${name} ${spacing} cm apart in a pot or trough. ${drainage}`;
  }
  return `Give each ${name} plant a pot at least ${spacing} cm across (its spacing in the ground), or space several ${spacing} cm apart in a large trough. ${drainage}`;
}

function maturityText(crop: GuideCrop): string {
  const from = crop.daysToGermination ? "sowing" : "planting";
  return `${formatRange(crop.daysToMaturity)} days from ${from}`;
}

interface StageContext {
  name: string;
  crop: GuideCrop | null;
  setup: GuideSetup;
  hydroponic: boolean;
  frost: ClimateTraits["frost"];
  /** The name of the plan's last stage (where a flower's or houseplant's maturity is told). */
  last: string;
}

function feedingNote(ctx: StageContext): string {
  if (ctx.hydroponic) return "keep the solution at its EC and pH targets";
  if (ctx.setup.medium === "cocopeat") return "feed weekly with a diluted nutrient solution";
  return "feed every two weeks";
}

/** Rule: what happens in a stage and what to do, with the catalogue's figures where it has them. */
export function describeStage(stageName: string, ctx: StageContext): string {
  const name = stageName.trim();
  const { crop } = ctx;
  const outdoorsCold = ctx.frost && ctx.setup.place === "outdoor";
  const slower = outdoorsCold ? " Cool soil slows this down, so the stage is longer here." : "";
  if (GERMINATION.test(name)) {
    const days = crop?.daysToGermination
      ? `Seeds sprout in about ${formatRange(crop.daysToGermination)} days.`
      : "Seeds sprout.";
    const keep = ctx.hydroponic
      ? "Keep the starter plugs moist, not wet, and warm."
      : `Keep the ${ctx.setup.medium === "cocopeat" ? "cocopeat" : "soil"} moist, not wet, and warm.`;
    return `${days} ${keep}${slower}`;
  }
  if (/^seed/i.test(name)) {
    if (!crop?.daysToGermination && crop) {
      return `The young ${ctx.name} settles in and roots out. Keep it watered and out of harsh midday sun for the first days.${slower}`;
    }
    const light =
      "Seedlings grow their first true leaves: give them bright light so they do not stretch";
    if (ctx.hydroponic) {
      return `${light}, and move them into the system once roots show through the plugs.${slower}`;
    }
    if (crop?.sowingMethod === "direct") {
      const thin = crop.spacingCm > 2 ? `, and thin them to ${crop.spacingCm} cm apart` : "";
      return `${light}${thin}.${slower}`;
    }
    if (crop) {
      const frost = outdoorsCold && isFrostTender(crop) ? " and the last frost has passed" : "";
      return `${light}, then plant them in their final place once they have 2–3 true leaves${frost}.${slower}`;
    }
    return `${light}.${slower}`;
  }
  let text: string;
  if (/^veg/i.test(name)) {
    text = `Leaves and stems grow fast: water steadily and ${feedingNote(ctx)}.`;
  } else if (/^flower/i.test(name)) {
    text = "Flowers open. Keep watering even.";
    if (ctx.setup.place === "indoor") {
      text +=
        " Indoors there are no insects: help pollination by gently shaking the plants or moving pollen with a soft brush.";
    }
  } else if (/^fruit/i.test(name)) {
    text =
      "Fruits set and swell. Water evenly: swings between dry and soaked split fruit and stress the plant.";
  } else if (/^harv/i.test(name)) {
    text = crop
      ? `First harvest about ${maturityText(crop)}. Pick regularly, in the cool of the morning, to keep the plant producing.`
      : "Harvest when ready. Pick regularly, in the cool of the morning, to keep the plant producing.";
    return text;
  } else {
    text = "Keep up watering and the weekly checks through this stage.";
  }
  if (crop && name === ctx.last) {
    if (crop.category === "flower" && /^flower/i.test(name)) {
      text += ` First flowers come about ${maturityText(crop)}.`;
    } else if (crop.category === "houseplant") {
      text += ` It is an established plant about ${maturityText(crop)}.`;
    }
  }
  return text;
}

/** The stages as a guide gives them: back to back from day 0, endDay inclusive. */
export function toGuideStages(
  plan: readonly StagePlanEntry[],
  describe: (name: string, index: number) => string,
): GuideStage[] {
  let start = 0;
  return plan.map((stage, index) => {
    const days = stageDays(stage.durationDays);
    const entry = {
      name: stage.name,
      startDay: start,
      endDay: start + days - 1,
      description: describe(stage.name, index),
    };
    start += days;
    return entry;
  });
}

/** A guide's stages as a plant's stage plan. */
export function guideStagesToPlan(stages: readonly GuideStage[]): StagePlanEntry[] {
  return stages.map((s) => ({ name: s.name, durationDays: stageDays(s.endDay - s.startDay + 1) }));
}

/** A guide as the plan a tracked plant is saved with (its tasks dated from the planting date). */
export function guideToPlan(guide: Pick<GrowGuide, "plant" | "stages" | "tasks" | "tips">): AiPlan {
  return {
    plant: guide.plant,
    stages: guideStagesToPlan(guide.stages),
    tasks: guide.tasks.map((task) => ({
      title: task.title,
      dueInDays: task.dueInDays,
      repeat: task.repeatEveryDays !== null,
      repeatEveryDays: task.repeatEveryDays,
      ...(task.type ? { type: task.type } : {}),
    })),
    tips: [...guide.tips],
  };
}

interface GuideContext {
  input: GuideInput;
  name: string;
  setup: GuideSetup;
  hydroponic: boolean;
  potted: boolean;
  traits: ClimateTraits;
}

function contextOf(input: GuideInput): GuideContext {
  const name = input.plantName.trim() || input.crop?.name || "Plant";
  return {
    input,
    name,
    setup: guideSetup(input),
    hydroponic: isHydroponic(input),
    potted: isPotted(input),
    traits: climateTraits(input.climate),
  };
}

/** Daily watering: a hot, dry climate, or pots in tropical heat. */
function watersDaily(ctx: GuideContext): boolean {
  const { traits } = ctx;
  return traits.hot && (traits.dry || ctx.potted) && ctx.setup.place === "outdoor";
}

/** The day seedlings go outside: the transplant, else the planting day. */
function outdoorStartDay(tasks: readonly AiPlanTask[]): number {
  return tasks.find((t) => /^transplant seedlings/i.test(t.title))?.dueInDays ?? 0;
}

/** Rule: a hydroponic system's solution tasks carry the crop's targets (baseline-care's three). */
export function hydroponicTasks(
  tasks: readonly AiPlanTask[],
  crop: GuideCrop | null,
): AiPlanTask[] {
  const ph = formatRange(crop?.hydroponic.ph ?? DEFAULT_NUTRIENT_PH);
  return tasks.flatMap((task): AiPlanTask[] => {
    if (/^check ec/i.test(task.title)) {
      return [
        {
          ...task,
          title: `Check EC/PPM and pH: ${hydroponicTargets(crop)}`,
          repeat: true,
          repeatEveryDays: EC_CHECK_EVERY_DAYS,
        },
      ];
    }
    if (/^change nutrient/i.test(task.title)) {
      return [
        {
          ...task,
          title: `Change the nutrient solution and set pH to ${ph}`,
          repeat: true,
          repeatEveryDays: SOLUTION_CHANGE_EVERY_DAYS,
        },
      ];
    }
    // A fresh solution every two weeks, kept at its EC between changes, is the feeding.
    if (task.type === "feeding") return [];
    return [task];
  });
}

const task = (
  title: string,
  dueInDays: number,
  repeatEveryDays: number | null,
  type: string,
): AiPlanTask => ({ title, dueInDays, repeat: repeatEveryDays !== null, repeatEveryDays, type });

/** Rule: grow lights get a timer setting with the crop's light hours; a window a weekly turn. */
export function lightTasks(ctx: GuideContext): AiPlanTask[] {
  const hours = growLightHours(ctx.input.crop);
  if (ctx.input.lighting === "led") {
    return [task(`Set the grow-light timer to ${hours} hours of light a day`, 0, null, "lights")];
  }
  if (ctx.input.lighting === "mixed") {
    return [
      task(
        `Top up daylight with the grow lights to ${hours} hours of light a day`,
        0,
        null,
        "lights",
      ),
    ];
  }
  if (ctx.setup.place === "indoor" && ctx.potted) {
    return [
      task("Turn the pot a quarter turn so it grows evenly toward the light", 7, 7, "lights"),
    ];
  }
  return [];
}

/** Rule: outdoors in a cold or alpine climate, a weekly frost watch from the day it goes out. */
export function frostTasks(ctx: GuideContext, startDay: number): AiPlanTask[] {
  if (!ctx.traits.frost || ctx.setup.place !== "outdoor") return [];
  const title = isFrostTender(ctx.input.crop)
    ? `Frost watch: check the night forecast and cover ${ctx.name} with fleece when it will drop to ${FROST_COVER_C} °C or below`
    : `Frost watch: check the night forecast and cover ${ctx.name} with fleece when a hard frost is coming`;
  return [task(title, startDay, 7, "frost")];
}

/**
 * Rule: outdoors in arid and desert heat, afternoon shade and a deep mulch; in the tropics,
 * shade for cool-season crops; in Mediterranean dry summers, the mulch.
 */
export function heatTasks(ctx: GuideContext): AiPlanTask[] {
  if (ctx.setup.place !== "outdoor") return [];
  const { climate, crop } = ctx.input;
  const tasks: AiPlanTask[] = [];
  const hotDry = climate === "arid" || climate === "desert";
  if (hotDry || (climate === "tropical" && isCoolSeason(crop))) {
    tasks.push(
      task(
        `Put up afternoon shade (shade cloth) over ${ctx.name} for the hottest months`,
        0,
        null,
        "heat",
      ),
    );
  }
  if (ctx.traits.dry && !ctx.hydroponic) {
    tasks.push(
      task(`Mulch ${MULCH_CM} cm deep to keep the roots cool and the soil moist`, 0, null, "mulch"),
    );
  }
  return tasks;
}

/** Rule: pots need drainage; balconies need shelter from wind. */
export function containerTasks(ctx: GuideContext): AiPlanTask[] {
  if (!ctx.potted) return [];
  const tasks = [
    task("Check the pot has drainage holes and fill it with fresh potting mix", 0, null, "setup"),
  ];
  if (ctx.input.gardenType === "balcony") {
    tasks.push(task("Secure pots and stake tall stems against the wind", 0, null, "setup"));
  }
  return tasks;
}

/** Rule: a soil bed is loosened and fed before sowing, at the crop's pH. */
export function bedTasks(ctx: GuideContext): AiPlanTask[] {
  const { gardenType, crop } = ctx.input;
  if (ctx.setup.medium !== "soil" || (gardenType !== "in-ground" && gardenType !== "raised-bed")) {
    return [];
  }
  const ph = crop ? ` (test it: ${ctx.name} likes pH ${formatRange(crop.ph)})` : "";
  return [task(`Prepare the bed: loosen the soil and work in compost${ph}`, 0, null, "setup")];
}

/**
 * The guide's tasks: the plan's (baseline care, transplanting, feeding, lights, harvest, pest and
 * leaf checks; the one-off heatwave task left out, as the climate rules cover heat), the
 * hydroponic targets, then the rules above; one per title, by due day.
 */
export function guideTasks(input: GuideInput, stages: readonly StagePlanEntry[]): GuideTask[] {
  const ctx = contextOf(input);
  let tasks = planTasks(
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
  ).filter((t) => t.type !== "heat");
  if (ctx.hydroponic) tasks = hydroponicTasks(tasks, input.crop);
  tasks.push(
    ...bedTasks(ctx),
    ...containerTasks(ctx),
    ...lightTasks(ctx),
    ...frostTasks(ctx, outdoorStartDay(tasks)),
    ...heatTasks(ctx),
  );
  const seen = new Set<string>();
  return tasks
    .filter((t) => {
      const key = t.title.trim().toLowerCase();
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    })
    .sort((a, b) => a.dueInDays - b.dueInDays)
    .map((t) => ({
      title: t.title,
      dueInDays: t.dueInDays,
      repeatEveryDays: t.repeat ? (t.repeatEveryDays ?? 7) : null,
      type: t.type ?? "custom",
    }));
}

function wateringTip(ctx: GuideContext): string | null {
  if (ctx.hydroponic) return null;
  const where = ctx.setup.medium === "cocopeat" ? "cocopeat" : "soil";
  const daily = watersDaily(ctx) ? " In this heat, check it every day." : "";
  switch (ctx.input.crop?.watering ?? "moderate") {
    case "low":
      return `${ctx.name} likes to dry out a little: water only when the top 2–3 cm of ${where} are dry.${daily}`;
    case "high":
      return `${ctx.name} is thirsty: never let the ${where} dry out.${daily}`;
    default:
      return `Keep the ${where} evenly moist but never waterlogged; water at the base, in the morning.${daily}`;
  }
}

/** Rule: the climate's advice (frost and later starts, heat, dry summers, humid heat). */
export function climateTips(ctx: GuideContext): string[] {
  const { climate, crop, location } = ctx.input;
  const { traits } = ctx;
  const tips: string[] = [];
  const where = location?.trim() ? ` in ${location.trim()}` : "";
  if (traits.frost) {
    if (ctx.setup.place === "outdoor") {
      tips.push(
        isFrostTender(crop)
          ? `Frost: ${ctx.name} is killed by frost, so sow or plant it outside${where} only after your last spring frost; start seeds indoors or under cover to gain weeks. The early stages here are planned longer, as cold soil slows them.`
          : `Frost: ${ctx.name} tolerates light frost, so it can go outside${where} in early spring once the soil can be worked; cover young plants when a hard frost is coming. The early stages here are planned longer, as cold soil slows them.`,
      );
      if (climate === "alpine") {
        tips.push(
          "Alpine summers are short, with strong sun, wind and cold nights: choose quick, cold-tolerant varieties, shelter plants from wind and keep fleece at hand even in summer.",
        );
      }
    } else {
      tips.push("On frosty nights keep the plant back from cold window glass and out of draughts.");
    }
  }
  if (traits.hot) {
    if (ctx.hydroponic) {
      tips.push(
        "Heat warms the nutrient solution: shade the reservoir and keep it at 18–22 °C, or roots run short of oxygen.",
      );
    } else if (ctx.setup.place === "outdoor") {
      tips.push(
        `In ${climate} heat, water deeply early in the morning rather than a little often, and shade in the afternoon.`,
      );
    } else {
      tips.push(
        "In hot weather move the plant back from hot window glass and check moisture daily.",
      );
    }
    if (isCoolSeason(crop)) {
      tips.push(
        `${ctx.name} is a cool-season crop and runs to seed in heat: grow it in the coolest months of the year.`,
      );
    }
  }
  if (climate === "mediterranean" && ctx.setup.place === "outdoor") {
    tips.push(
      "Mediterranean summers are long and dry: water deeply and less often, mulch, and grow cool-season crops from autumn to spring.",
    );
  }
  if (traits.humid && ctx.setup.place === "outdoor") {
    tips.push(
      "Humid heat and heavy rain: make sure beds and pots drain freely, skip watering after a good rain, and space plants for airflow against fungal disease.",
    );
  }
  return tips;
}

function lightTip(ctx: GuideContext): string | null {
  const { crop, lighting } = ctx.input;
  const darkness = "Give at least 8 hours of darkness too: plants need a rest.";
  if (lighting === "led") {
    return `Run the grow lights ${growLightHours(crop)} hours a day on a timer, and raise them as the plants grow so the top leaves never scorch. ${darkness}`;
  }
  if (lighting === "mixed") {
    return `${ctx.name} needs ${growLightHours(crop)} hours of light a day: count the daylight it gets and run the LEDs for the rest, morning or evening. ${darkness}`;
  }
  if (ctx.setup.place === "indoor") {
    return `Indoors ${ctx.name} needs ${sunHours(crop)}: give it your brightest window, and add a grow light if it stretches or leans.`;
  }
  return lighting === "partial-shade" && crop?.sunlight === "full-sun"
    ? `${ctx.name} prefers full sun (${sunHours(crop)}); in partial shade expect slower growth and a smaller harvest.`
    : null;
}

function hydroponicTips(ctx: GuideContext): string[] {
  if (!ctx.hydroponic) return [];
  const { crop } = ctx.input;
  const tips = [
    `Nutrient targets: ${hydroponicTargets(crop)}. Check after every top-up and change the whole solution every ${SOLUTION_CHANGE_EVERY_DAYS} days.`,
    "Keep the reservoir dark and at 18–22 °C to prevent algae and root rot.",
  ];
  if (crop && !crop.hydroponic.suitable) {
    tips.push(
      `${ctx.name} is not a typical hydroponic crop: expect slower growth than in soil or cocopeat.`,
    );
  }
  return tips;
}

function startTip(ctx: GuideContext): string | null {
  const { crop } = ctx.input;
  if (!crop || ctx.hydroponic) return null;
  if (!crop.daysToGermination) {
    return `${ctx.name} is usually started from a young plant, cutting, tuber or bulb rather than from seed.`;
  }
  if (crop.sowingMethod === "direct") {
    return `${ctx.name} is usually sown where it will grow, then thinned.`;
  }
  return "Raise seedlings in small pots or trays and plant them out once they have 2–3 true leaves.";
}

/** The guide's tips, most specific first (at most MAX_GUIDE_TIPS_BUILT). */
export function guideTips(input: GuideInput): string[] {
  const ctx = contextOf(input);
  const tips: (string | null)[] = [
    input.crop
      ? null
      : `${ctx.name} is not in the catalogue, so this guide uses a general timeline and care: adjust the stages as it grows.`,
    ...hydroponicTips(ctx),
    lightTip(ctx),
    ...climateTips(ctx),
    ctx.potted ? potSizeTip(ctx.name, input.crop) : null,
    ctx.potted && input.gardenType === "balcony"
      ? "Balconies are windy and pots there dry out fast: group pots together, out of the strongest wind."
      : null,
    wateringTip(ctx),
    input.experience === "beginner"
      ? "New to this? Start with a few plants, check them every day, and note what you did: you learn fastest from your own notes."
      : null,
    startTip(ctx),
  ];
  return tips.filter((tip) => tip !== null).slice(0, MAX_GUIDE_TIPS_BUILT);
}

/** The steps to get started, in order: set up, sow, light, water and feed, harvest. */
export function guideInstructions(input: GuideInput): string[] {
  const ctx = contextOf(input);
  const { crop } = input;
  const steps: string[] = [];
  if (ctx.hydroponic) {
    steps.push(
      `Set up the system: clean it, fill the reservoir, mix in nutrients to ${hydroponicTargets(crop)}, and let it run a day before planting.`,
    );
  } else if (ctx.potted) {
    steps.push(
      input.medium === "cocopeat"
        ? "Soak and rinse the cocopeat, then fill a pot with drainage holes. Cocopeat holds almost no nutrients, so the plant depends on your feeding."
        : "Fill a pot with drainage holes with fresh potting mix.",
    );
  } else if (input.medium === "cocopeat") {
    steps.push(
      "Soak and rinse the cocopeat before use. It holds almost no nutrients, so the plant depends on your feeding.",
    );
  } else {
    steps.push(
      `Loosen the soil and work in compost${crop ? `; ${ctx.name} likes pH ${formatRange(crop.ph)} and ${crop.soil.charAt(0).toLowerCase()}${crop.soil.slice(1)}` : ""}.`,
    );
  }

  const outdoorsCold = ctx.traits.frost && ctx.setup.place === "outdoor";
  const afterFrost = outdoorsCold
    ? isFrostTender(crop)
      ? " after your last frost"
      : " in early spring, once the soil can be worked"
    : "";
  if (ctx.hydroponic) {
    steps.push(
      "Sow into rockwool cubes or starter plugs kept moist, and move the seedlings into the system once roots show through.",
    );
  } else if (!crop) {
    steps.push(
      `Sow or plant ${ctx.name}${afterFrost}, at the spacing its seed packet or label gives.`,
    );
  } else if (!crop.daysToGermination) {
    steps.push(`Plant ${ctx.name}${afterFrost}, ${crop.spacingCm} cm apart.`);
  } else if (crop.sowingMethod === "direct") {
    const spacing =
      crop.spacingCm > 2 ? `, thinning the seedlings to ${crop.spacingCm} cm apart` : " thickly";
    steps.push(`Sow ${ctx.name} where it will grow${afterFrost}${spacing}.`);
  } else {
    const indoors = crop.sowingMethod === "start-indoors" ? "indoors " : "";
    steps.push(
      `Sow ${indoors}in small pots or trays, then plant the seedlings out${afterFrost} ${crop.spacingCm} cm apart once they have 2–3 true leaves${ctx.setup.place === "outdoor" && crop.sowingMethod === "start-indoors" ? ", after a week of hardening off" : ""}.`,
    );
  }

  if (input.lighting === "led" || input.lighting === "mixed") {
    steps.push(`Give ${growLightHours(crop)} hours of light a day, with the lights on a timer.`);
  } else {
    steps.push(`Give it ${sunHours(crop)}.`);
  }

  if (ctx.hydroponic) {
    steps.push(
      `Top up the reservoir as the level drops, check EC and pH every ${EC_CHECK_EVERY_DAYS} days and change the solution every ${SOLUTION_CHANGE_EVERY_DAYS} days.`,
    );
  } else {
    const feed =
      input.medium === "cocopeat"
        ? "feed weekly with a diluted nutrient solution"
        : "feed every two weeks once it is growing strongly";
    steps.push(`Water ${watersDaily(ctx) ? "daily" : "when needed"}, at the base, and ${feed}.`);
  }

  if (crop) {
    const what =
      crop.category === "flower"
        ? "First flowers come"
        : crop.category === "houseplant"
          ? "It is established"
          : "Expect the first harvest";
    steps.push(`${what} about ${maturityText(crop)}.`);
  }
  return steps;
}

/**
 * The built-in Grow Along guide (spec §2, §3 "Grow-along plan"): the crop's catalogue data fitted
 * to the gardener's setup, experience and climate. Same input, same guide.
 */
export function buildGrowGuide(input: GuideInput): GuideDraft {
  const ctx = contextOf(input);
  const plan = guideStagePlan(input.crop, ctx.setup.place, input.climate);
  const last = plan[plan.length - 1]?.name ?? "";
  const stageContext: StageContext = {
    name: ctx.name,
    crop: input.crop,
    setup: ctx.setup,
    hydroponic: ctx.hydroponic,
    frost: ctx.traits.frost,
    last,
  };
  return {
    plant: ctx.name,
    cropSlug: input.crop?.slug ?? null,
    custom: input.crop === null,
    stages: toGuideStages(plan, (name) => describeStage(name, stageContext)),
    tasks: guideTasks(input, plan),
    tips: guideTips(input),
    instructions: guideInstructions(input),
    setup: ctx.setup,
  };
}

/**
 * What a guide for this setup must cover, as sentences for a model writing one: the same rules
 * the built-in guide follows, with the catalogue's figures.
 */
export function guideRequirements(input: GuideInput): string[] {
  const ctx = contextOf(input);
  const { crop } = input;
  const needs: string[] = [];
  if (ctx.hydroponic) {
    needs.push(
      `Hydroponic system: give the nutrient targets exactly as ${hydroponicTargets(crop)}, an EC/pH check every ${EC_CHECK_EVERY_DAYS} days and a full solution change every ${SOLUTION_CHANGE_EVERY_DAYS} days.`,
    );
  }
  if (input.lighting === "led" || input.lighting === "mixed") {
    needs.push(`Grow lights: ${growLightHours(crop)} hours of light a day on a timer.`);
  } else if (ctx.setup.place === "indoor") {
    needs.push(`Indoors by a window: ${sunHours(crop)}.`);
  }
  if (ctx.traits.frost && ctx.setup.place === "outdoor") {
    needs.push(
      isFrostTender(crop)
        ? `${input.climate} climate: frost protection (cover at ${FROST_COVER_C} °C or below) and a later start outdoors, after the last frost; early stages last longer.`
        : `${input.climate} climate: frost protection against hard frost; the crop tolerates light frost, and early stages last longer.`,
    );
  }
  if (ctx.traits.hot && ctx.setup.place === "outdoor") {
    needs.push(
      `${input.climate} heat: afternoon shade and watering suited to the heat${watersDaily(ctx) ? " (daily)" : ""}.`,
    );
  }
  if (ctx.traits.dry && ctx.setup.place === "outdoor" && !ctx.hydroponic) {
    needs.push(`Dry climate: mulch ${MULCH_CM} cm deep and water deeply.`);
  }
  if (ctx.potted) {
    needs.push(`Pot: ${potSizeTip(ctx.name, crop)}`);
  }
  if (input.experience === "beginner" && !ctx.hydroponic) {
    needs.push("Beginner: a soil moisture check (finger test, 2–3 cm deep) on day 1.");
  }
  if (!crop) {
    needs.push("Not in the catalogue: use a general timeline and general care.");
  }
  return needs;
}
