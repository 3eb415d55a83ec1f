import type { IsoDate } from "./dates";
import { planStageIndex, plantSchedule, type RecordedStage, type StagePlanEntry } from "./schedule";

/** A stage the plant is planned to reach: its first day and last day on the timeline. */
export interface PlannedMilestone {
  stage: string;
  title: string;
  date: IsoDate;
  endDate: IsoDate;
}

/** "germination" → "Germination"; the stage's own words otherwise. */
export function stageTitle(stage: string): string {
  const name = stage.trim();
  return name.charAt(0).toUpperCase() + name.slice(1);
}

/**
 * Whether a recorded stage (the plant's `stage`, or a Plant ID growth stage) is this milestone's
 * stage, read as `startAtStage` reads it: "seed" is the germination stage, "flowering" a
 * "Blooming" one; other names match ignoring case and surrounding spaces.
 */
export function sameStage(
  milestoneStage: string | null | undefined,
  recorded: string | null | undefined,
): boolean {
  if (!milestoneStage?.trim() || !recorded?.trim()) return false;
  return planStageIndex([{ name: milestoneStage }], recorded) === 0;
}

/**
 * One milestone per stage of the plan, dated as the plant's one schedule dates the stage
 * (`plantSchedule`): planned for the stage's first day, to its last.
 */
export function plannedMilestones(
  stagePlan: readonly StagePlanEntry[],
  plantingDate: IsoDate,
  recorded?: RecordedStage | null,
): PlannedMilestone[] {
  return plantSchedule(stagePlan, plantingDate, recorded).stages.map((stage) => ({
    stage: stage.name,
    title: stageTitle(stage.name),
    date: stage.startDate,
    endDate: stage.endDate,
  }));
}

export type StageReached =
  /** Mark this milestone reached. */
  | { kind: "reach"; id: string }
  /** The stage has no milestone: record a new one, reached now. */
  | { kind: "create" }
  /** Every milestone of this stage is already reached: keep its date. */
  | { kind: "already" };

/**
 * What recording `stage` as reached does to a plant's milestones: the earliest unreached one of
 * that stage is reached; a stage with none gets one; a stage already reached keeps its date.
 */
export function stageReached(
  milestones: readonly { id: string; stage: string | null; reachedAt: string | null }[],
  stage: string,
): StageReached {
  const same = milestones.filter((m) => sameStage(m.stage, stage));
  const open = same.find((m) => m.reachedAt === null);
  if (open) return { kind: "reach", id: open.id };
  return same.length > 0 ? { kind: "already" } : { kind: "create" };
}
