import type { Task } from "../../../core/garden";
import { localizeUnits } from "../../../core/units-text";

// Plans are stored as written (metric); each answer shows their quantities in the units the
// gardener reads now, so a change of units shows on every task and tip at once.

export type Units = "C" | "F";

/** A task's title and notes in the gardener's units. */
export function taskInUnits<T extends Pick<Task, "title"> & { notes?: string | null }>(
  task: T,
  units: Units,
): T {
  if (units === "C") return task;
  const title = localizeUnits(task.title, units);
  return task.notes
    ? { ...task, title, notes: localizeUnits(task.notes, units) }
    : { ...task, title };
}

/** A plant's tips and next task in the gardener's units. */
export function plantInUnits<P extends { tips: string[]; nextTask?: Task | null }>(
  plant: P,
  units: Units,
): P {
  if (units === "C") return plant;
  const tips = plant.tips.map((tip) => localizeUnits(tip, units));
  return plant.nextTask
    ? { ...plant, tips, nextTask: taskInUnits(plant.nextTask, units) }
    : { ...plant, tips };
}
