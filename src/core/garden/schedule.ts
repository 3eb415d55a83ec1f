import { addDays, daysBetween, type IsoDate, isIsoDate } from "./dates";

export interface StagePlanEntry {
  name: string;
  durationDays: number;
}

/** Spec §4: every stage lasts at least 1 day. Durations are rounded to whole days. */
export function stageDays(durationDays: number): number {
  if (!Number.isFinite(durationDays)) return 1;
  return Math.max(1, Math.round(durationDays));
}

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
export function planStageIndex(stages: readonly { name: string }[], stage: string): number {
  const key = stage.trim().toLowerCase();
  const pattern = STAGE_PATTERNS[key];
  return stages.findIndex((s) => {
    const name = s.name.trim().toLowerCase();
    return pattern ? pattern.test(name) : name === key;
  });
}

/** A stage the plant is ready to pick in ("harvest", "Harvesting"). */
export function isHarvestStage(name: string): boolean {
  return /^harv/i.test(name.trim());
}

/**
 * A task that checks for or starts the harvest: the plans' "harvest" type, or a title that says
 * harvest (an AI plan's tasks carry no type).
 */
export function isHarvestTask(task: { title: string; type?: string | null }): boolean {
  return task.type === "harvest" || /\bharvest/i.test(task.title);
}

/** The stage the gardener recorded and the day it began (the plant's stage and stageStartedAt). */
export interface RecordedStage {
  stage: string;
  since: IsoDate;
}

/**
 * A plant's recorded stage (`Plant.stage`) and `stageStartedAt`, written as the UTC midnight of
 * the gardener's day the stage began, as a `RecordedStage`; null when either is missing.
 */
export function recordedStage(
  stage: string | null | undefined,
  startedAt: string | null | undefined,
): RecordedStage | null {
  const since = startedAt?.slice(0, 10);
  if (!stage || !since || !isIsoDate(since)) return null;
  return { stage, since };
}

/** A stage's days, counted from the planting date (0 = the planting day), both ends included. */
export interface StageSpan {
  name: string;
  durationDays: number;
  startDay: number;
  endDay: number;
}

/**
 * The stages' days from the planting date (the arithmetic of `plantSchedule`, without dates, for
 * lists of many plants). Stages run back to back from the planting date (spec §4). A recorded
 * stage after the first moves the plan to what happened: it starts on the day it was recorded
 * and the stages after it follow; the stage before it ends the day before (longer or shorter
 * than planned), and earlier stages that would run past that day are cut short. The first
 * stage always starts on the planting date, which the gardener gives.
 */
export function stageSpans(
  stagePlan: readonly StagePlanEntry[],
  plantingDate: IsoDate,
  recorded?: RecordedStage | null,
): StageSpan[] {
  let offset = 0;
  const planned = stagePlan.map((entry) => {
    const durationDays = stageDays(entry.durationDays);
    const startDay = offset;
    offset += durationDays;
    return { name: entry.name, durationDays, startDay, endDay: startDay + durationDays - 1 };
  });
  const anchor = recorded ? planStageIndex(stagePlan, recorded.stage) : -1;
  const anchorStage = planned[anchor];
  if (!recorded || anchor <= 0 || !anchorStage) return planned;
  const shift = daysBetween(plantingDate, recorded.since) - anchorStage.startDay;
  if (shift === 0) return planned;
  const lastBefore = anchorStage.startDay + shift - 1;
  return planned.map((span, index) => {
    if (index >= anchor) {
      return { ...span, startDay: span.startDay + shift, endDay: span.endDay + shift };
    }
    const endDay = index === anchor - 1 ? lastBefore : Math.min(span.endDay, lastBefore);
    const startDay = Math.min(span.startDay, endDay);
    return { name: span.name, durationDays: endDay - startDay + 1, startDay, endDay };
  });
}

export interface ScheduledStage {
  name: string;
  durationDays: number;
  startDate: IsoDate;
  /** Its last day, inclusive. */
  endDate: IsoDate;
}

export interface PlantSchedule {
  stages: ScheduledStage[];
  /** The first day of the first harvest stage: when the plant should be ready; null without one. */
  harvestDate: IsoDate | null;
}

/**
 * The one schedule of a plant (issue 24): every stage's first and last day and the harvest
 * date, from its stage plan, planting date and the stage the gardener recorded (`stageSpans`).
 * The stage timeline, the milestones' planned dates, the harvest check's due date, the
 * assistant's "when will it be ready" and a Grow Along guide's dates all come from here.
 */
export function plantSchedule(
  stagePlan: readonly StagePlanEntry[],
  plantingDate: IsoDate,
  recorded?: RecordedStage | null,
): PlantSchedule {
  const stages = stageSpans(stagePlan, plantingDate, recorded).map((span) => ({
    name: span.name,
    durationDays: span.durationDays,
    startDate: addDays(plantingDate, span.startDay),
    endDate: addDays(plantingDate, span.endDay),
  }));
  const harvest = stages.find((stage) => isHarvestStage(stage.name));
  return { stages, harvestDate: harvest?.startDate ?? null };
}
