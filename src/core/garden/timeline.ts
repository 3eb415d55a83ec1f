import { daysBetween, type IsoDate } from "./dates";
import { plantSchedule, type RecordedStage, type StagePlanEntry, stageSpans } from "./schedule";

export interface TimelineStage {
  name: string;
  durationDays: number;
  startDate: IsoDate;
  /** Last day of the stage, inclusive. */
  endDate: IsoDate;
  /** Share of the stage's days already elapsed, 0..1. */
  progress: number;
  current: boolean;
  /** When the stage is expected to finish: its endDate. */
  eta: IsoDate;
}

export interface Timeline {
  stages: TimelineStage[];
  currentStage: string | null;
  /** Index into `stages`; -1 when there are none or the planting date is still ahead. */
  currentIndex: number;
  progress: number;
  eta: IsoDate | null;
  /** When the plant should be ready: the first day of its harvest stage (null without one). */
  harvestDate: IsoDate | null;
}

function clamp01(value: number): number {
  return Math.min(1, Math.max(0, value));
}

/** Index of the stage holding day `elapsed` (days since planting), as spec §4 picks it. */
function currentIndexOf(spans: readonly { startDay: number; endDay: number }[], elapsed: number) {
  const first = spans[0];
  if (!first || elapsed < first.startDay) return -1;
  const index = spans.findIndex((span) => elapsed >= span.startDay && elapsed <= span.endDay);
  return index === -1 ? spans.length - 1 : index;
}

/**
 * Spec §4 "Stage timeline", over the plant's one schedule (`plantSchedule`): stages back to back
 * from the planting date (or from the stage the gardener recorded), a stage of D days starting on
 * S covering S..S+D-1.
 *
 * Progress counts days fully elapsed, so it is 0 on the first day of a stage, (D-1)/D on its last
 * day and 1 from the day after. The current stage is the one containing today, and after the
 * last stage ends the last one (spec). Before the planting date there is none (a departure, see
 * docs/decisions.md): the plan has not started, and the web shows "Starts {date}".
 */
export function buildTimeline(
  stagePlan: readonly StagePlanEntry[],
  plantingDate: IsoDate,
  today: IsoDate,
  recorded?: RecordedStage | null,
): Timeline {
  const elapsed = daysBetween(plantingDate, today);
  const schedule = plantSchedule(stagePlan, plantingDate, recorded);
  const first = schedule.stages[0];
  const last = schedule.stages[schedule.stages.length - 1];
  if (!first || !last) {
    return {
      stages: [],
      currentStage: null,
      currentIndex: -1,
      progress: 0,
      eta: null,
      harvestDate: null,
    };
  }
  const currentIndex = currentIndexOf(stageSpans(stagePlan, plantingDate, recorded), elapsed);
  const stages = schedule.stages.map((stage, index) => ({
    ...stage,
    progress: clamp01(daysBetween(stage.startDate, today) / stage.durationDays),
    current: index === currentIndex,
    eta: stage.endDate,
  }));
  const span = daysBetween(first.startDate, last.endDate) + 1;
  return {
    stages,
    currentStage: stages[currentIndex]?.name ?? null,
    currentIndex,
    progress: clamp01(daysBetween(first.startDate, today) / span),
    eta: last.endDate,
    harvestDate: schedule.harvestDate,
  };
}

/**
 * `buildTimeline(...)`'s current stage and its progress without building the stages: lists of
 * many plants need only these, and date strings for every stage of every plant are the
 * expensive part. Null when no stage is current.
 */
export function currentStageOf(
  stagePlan: readonly StagePlanEntry[],
  plantingDate: IsoDate,
  today: IsoDate,
  recorded?: RecordedStage | null,
): { name: string; progress: number } | null {
  const spans = stageSpans(stagePlan, plantingDate, recorded);
  const elapsed = daysBetween(plantingDate, today);
  const span = spans[currentIndexOf(spans, elapsed)];
  if (!span) return null;
  return { name: span.name, progress: clamp01((elapsed - span.startDay) / span.durationDays) };
}

/** `buildTimeline(...).currentStage`, as `currentStageOf` finds it. */
export function currentStageName(
  stagePlan: readonly StagePlanEntry[],
  plantingDate: IsoDate,
  today: IsoDate,
  recorded?: RecordedStage | null,
): string | null {
  return currentStageOf(stagePlan, plantingDate, today, recorded)?.name ?? null;
}
