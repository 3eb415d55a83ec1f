import { addDays, daysBetween, type IsoDate } from "./dates";

export interface StagePlanEntry {
  name: string;
  durationDays: number;
}

export interface TimelineStage {
  name: string;
  durationDays: number;
  startDate: IsoDate;
  /** Last day of the stage, inclusive: startDate + durationDays - 1. */
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
}

/** Spec §4: every stage lasts at least 1 day. Durations are rounded to whole days. */
export function stageDays(durationDays: number): number {
  if (!Number.isFinite(durationDays)) return 1;
  return Math.max(1, Math.round(durationDays));
}

function clamp01(value: number): number {
  return Math.min(1, Math.max(0, value));
}

/**
 * Spec §4 "Stage timeline". Stages run back-to-back from the planting date; a stage of D days
 * starting on S covers S..S+D-1, so the next one starts on S+D.
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
): Timeline {
  const elapsedSincePlanting = daysBetween(plantingDate, today);
  if (stagePlan.length === 0) {
    return { stages: [], currentStage: null, currentIndex: -1, progress: 0, eta: null };
  }

  let offset = 0;
  let currentIndex = -1;
  const stages = stagePlan.map((entry, index) => {
    const durationDays = stageDays(entry.durationDays);
    const startDate = addDays(plantingDate, offset);
    const endDate = addDays(startDate, durationDays - 1);
    const elapsed = elapsedSincePlanting - offset;
    if (currentIndex === -1 && elapsed >= 0 && elapsed < durationDays) currentIndex = index;
    offset += durationDays;
    return {
      name: entry.name,
      durationDays,
      startDate,
      endDate,
      progress: clamp01(elapsed / durationDays),
      current: false,
      eta: endDate,
    };
  });
  if (currentIndex === -1 && elapsedSincePlanting >= 0) currentIndex = stages.length - 1;

  const current = stages[currentIndex];
  if (current) current.current = true;
  const last = stages[stages.length - 1];

  return {
    stages,
    currentStage: current?.name ?? null,
    currentIndex,
    progress: clamp01(elapsedSincePlanting / offset),
    eta: last?.endDate ?? null,
  };
}

/**
 * `buildTimeline(...).currentStage` without building the stages: lists of many plants need only
 * the name, and date strings for every stage of every plant are the expensive part.
 */
export function currentStageName(
  stagePlan: readonly StagePlanEntry[],
  plantingDate: IsoDate,
  today: IsoDate,
): string | null {
  const elapsed = daysBetween(plantingDate, today);
  if (stagePlan.length === 0) return null;
  if (elapsed < 0) return null;
  let end = 0;
  for (const entry of stagePlan) {
    end += stageDays(entry.durationDays);
    if (elapsed < end) return entry.name;
  }
  return stagePlan[stagePlan.length - 1]?.name ?? null;
}
