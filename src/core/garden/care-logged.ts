import { addDays, compareDates, type IsoDate, isWithinDateRange } from "./dates";
import { normalizeRepeat, type Task } from "./tasks";

/** Care a gardener can log in the journal ("watered", "fed"). */
export const careKindValues = ["watering", "feeding"] as const;
export type CareKind = (typeof careKindValues)[number];

/** The task types each kind of care stands for (plans and baseline care write these types). */
export const CARE_TASK_TYPES: Record<CareKind, readonly string[]> = {
  watering: ["watering"],
  feeding: ["feeding", "nutrients"],
};

/**
 * The tasks that care of `kind` done on `day` reschedules, with their new due date: each pending
 * repeating task of that kind moves to `day` + its interval, but only when that is later than its
 * current due date. Logging care never makes a task more urgent, so care logged long ago, or a
 * task already due later, changes nothing. A task with no due date keeps none (no date of its
 * own to follow), and none is moved past the last date Tendril keeps.
 */
export function careLoggedMoves(tasks: readonly Task[], kind: CareKind, day: IsoDate): Task[] {
  const types = CARE_TASK_TYPES[kind];
  const moved: Task[] = [];
  for (const task of tasks) {
    if (task.status !== "pending" || task.dueDate === null || !types.includes(task.type)) continue;
    const interval = normalizeRepeat(task.repeatEveryDays);
    if (interval === null) continue;
    const dueDate = addDays(day, interval);
    if (!isWithinDateRange(dueDate) || compareDates(dueDate, task.dueDate) <= 0) continue;
    moved.push({ ...task, dueDate });
  }
  return moved;
}
