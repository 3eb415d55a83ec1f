import type { Climate, GuideSetup, GuideStage } from "../../schemas/grow-guide";
import { formatRange, planStages } from "../plan-generator";
import { type StagePlanEntry, stageDays } from "../schedule";
import { FROST_STRETCH, maturityText } from "./figures";
import { type ClimateTraits, climateTraits, type GuideCrop, isFrostTender } from "./setup";

const GERMINATION = /^germ/i;
const EARLY = /^(?:germ|seed)/i;

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

/** What a stage description reads: the plant, its setup and the plan around the stage. */
export interface StageContext {
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
