import type { GrowGuide } from "../../schemas/grow-guide";
import type { AiPlan } from "../plan-parsing";
import { guideInstructions } from "./instructions";
import { contextOf, type GuideInput } from "./setup";
import {
  describeStage,
  guideStagePlan,
  guideStagesToPlan,
  type StageContext,
  toGuideStages,
} from "./stages";
import { guideTasks } from "./tasks";
import { guideTips } from "./tips";

export * from "./figures";
export * from "./instructions";
export * from "./requirements";
export * from "./setup";
export * from "./stages";
export * from "./tasks";
export * from "./tips";

/** A guide before an engine signs it (`engine`) and names what it read (`sources`). */
export type GuideDraft = Omit<GrowGuide, "engine" | "sources">;

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
    gardenType: input.gardenType,
    lighting: input.lighting,
  };
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
