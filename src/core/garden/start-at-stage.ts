import { addDays, type IsoDate } from "./dates";
import type { AiPlan } from "./plan-parsing";
import { stageDays } from "./timeline";

/** Spec §5 Plant ID growth stages, and the plan stage names each one means. */
const STAGE_PATTERNS: Record<string, RegExp> = {
  seed: /^(seed$|germ|sow)/,
  seedling: /^seedling/,
  vegetative: /^veg/,
  flowering: /^(flow|bloom)/,
  fruiting: /^fruit/,
  harvest: /^harv/,
};

/** Index of the plan stage the gardener's stage names, or -1 when it names none of them. */
export function planStageIndex(stages: AiPlan["stages"], stage: string): number {
  const key = stage.trim().toLowerCase();
  const pattern = STAGE_PATTERNS[key];
  return stages.findIndex((s) => {
    const name = s.name.trim().toLowerCase();
    return pattern ? pattern.test(name) : name === key;
  });
}

/**
 * A plant saved at a later stage than its plan's first (a flowering tomato from Plant ID): its
 * timeline is dated back by the plan's earlier stages, so that stage starts today (`startDate`),
 * and the one-off tasks of the stages it has already passed are left out. Repeating tasks stay:
 * they are scheduled from today on. A stage the plan does not have changes nothing.
 */
export function startAtStage(
  plan: AiPlan,
  stage: string | null | undefined,
  startDate: IsoDate,
): { plan: AiPlan; plantingDate: IsoDate } {
  const index = stage ? planStageIndex(plan.stages, stage) : -1;
  if (index <= 0) return { plan, plantingDate: startDate };
  const passedDays = plan.stages
    .slice(0, index)
    .reduce((sum, s) => sum + stageDays(s.durationDays), 0);
  return {
    plan: { ...plan, tasks: plan.tasks.filter((t) => t.repeat || t.dueInDays >= passedDays) },
    plantingDate: addDays(startDate, -passedDays),
  };
}
