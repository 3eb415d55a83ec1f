import { addDays, type IsoDate } from "./dates";
import type { AiPlan } from "./plan-parsing";
import { planStageIndex, stageDays } from "./schedule";

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
