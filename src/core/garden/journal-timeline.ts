import type { IsoDate } from "./dates";

/**
 * One happening in a plant's timeline. `date` is the day it is shown under; `at` (an instant)
 * orders happenings of one day, newest first; `id` breaks the last ties, so the order never
 * depends on how the rows came back. New kinds (a harvest) only need these three.
 */
export interface TimelineKey {
  kind: string;
  id: string;
  date: IsoDate;
  at: string;
}

/**
 * Issue 26: a plant's timeline, newest day first; on one day the latest happening first, then
 * by kind and id. Sorts a copy; items from every source (entries, stages, tasks, harvests) mix.
 */
export function mergeTimeline<T extends TimelineKey>(items: readonly T[]): T[] {
  return [...items].sort(
    (a, b) =>
      compareDesc(a.date, b.date) ||
      compareDesc(a.at, b.at) ||
      compareAsc(a.kind, b.kind) ||
      compareAsc(a.id, b.id),
  );
}

const compareAsc = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
const compareDesc = (a: string, b: string) => compareAsc(b, a);

/** A milestone as the timeline reads it: only a reached one is a stage change. */
export interface ReachedMilestone {
  id: string;
  stage: string;
  title: string;
  reachedAt: string | null;
}

/** The gardener's day of an instant (their time zone); UTC's day when none is given. */
export type DayOf = (instant: string) => IsoDate;
const utcDay: DayOf = (instant) => instant.slice(0, 10);

/** The plant's stage changes: each milestone the gardener reached, on the day it was reached. */
export function stageChanges(milestones: readonly ReachedMilestone[], dayOf: DayOf = utcDay) {
  return milestones.flatMap((m) =>
    m.reachedAt
      ? [
          {
            kind: "stage" as const,
            id: m.id,
            date: dayOf(m.reachedAt),
            at: m.reachedAt,
            stage: m.stage,
            title: m.title,
          },
        ]
      : [],
  );
}

/** A task as the timeline reads it: only a completed one is a happening. */
export interface DoneTask {
  id: string;
  title: string;
  type: string;
  completedAt: string | null;
}

/** The plant's completed tasks, each on the day it was done. */
export function completedTasks(tasks: readonly DoneTask[], dayOf: DayOf = utcDay) {
  return tasks.flatMap((t) =>
    t.completedAt
      ? [
          {
            kind: "task" as const,
            id: t.id,
            date: dayOf(t.completedAt),
            at: t.completedAt,
            title: t.title,
            type: t.type,
          },
        ]
      : [],
  );
}
