import { addDays, type IsoDate } from "./dates";
import { planStageIndex } from "./start-at-stage";
import { type StagePlanEntry, stageDays } from "./timeline";

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
  return planStageIndex([{ name: milestoneStage, durationDays: 1 }], recorded) === 0;
}

/**
 * One milestone per stage of the plan, dated as the stage timeline dates it (spec §4 "Stage
 * timeline": back to back from the planting date, each at least 1 day).
 */
export function plannedMilestones(
  stagePlan: readonly StagePlanEntry[],
  plantingDate: IsoDate,
): PlannedMilestone[] {
  let offset = 0;
  return stagePlan.map((entry) => {
    const days = stageDays(entry.durationDays);
    const date = addDays(plantingDate, offset);
    offset += days;
    return {
      stage: entry.name,
      title: stageTitle(entry.name),
      date,
      endDate: addDays(date, days - 1),
    };
  });
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
