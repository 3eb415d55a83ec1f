import { addDays, compareDates, daysBetween, type IsoDate, isWithinDateRange } from "./dates";

export type TaskStatus = "pending" | "completed";

/** Why a task is due when it is: the rain watered its plant that day (issue 26). */
export interface TaskSkip {
  /** The day the rain fell (the gardener's place's date). */
  on: IsoDate;
  rainMm: number;
  /** The due date it had before; Undo restores it. */
  fromDueDate: IsoDate;
}

/** API.md `Task`. */
export interface Task {
  id: string;
  plantId: string | null;
  title: string;
  type: string;
  dueDate: IsoDate | null;
  status: TaskStatus;
  priority: number;
  notes: string | null;
  repeatEveryDays: number | null;
  /** ISO-8601 instant. */
  createdAt: string;
  completedAt: string | null;
  /** Set on task reads: the rain skip its due date came from, else null. */
  skip?: TaskSkip | null;
}

// Spec §3 and §9 "Task defaults".
export const DEFAULT_TASK_PRIORITY = 2;
export const DEFAULT_TASK_TYPE = "custom";
/** Interval used when a task is flagged as repeating but gives no interval. */
export const DEFAULT_REPEAT_DAYS = 7;
/** Spec §9 "Upcoming window". */
export const UPCOMING_WINDOW_DAYS = 7;

/**
 * Spec §5: a repeat interval counts only if it is an integer greater than 0. A string of digits
 * ("3") counts too, so a form's raw input value can be passed straight in; "1.5", "3 days", 1.5,
 * 0 and negatives do not. Anything that does not count means "no repeat".
 */
export function normalizeRepeat(value: unknown): number | null {
  let n: number;
  if (typeof value === "number") n = value;
  else if (typeof value === "string" && /^\s*\d+\s*$/.test(value)) n = Number(value);
  else return null;
  return Number.isSafeInteger(n) && n > 0 ? n : null;
}

/**
 * Sort order for task lists: by due date ascending, tasks without a due date last, then by
 * createdAt and id so equal dates never reshuffle between renders.
 */
export function compareTasks(a: Task, b: Task): number {
  if (a.dueDate !== b.dueDate) {
    if (a.dueDate === null) return 1;
    if (b.dueDate === null) return -1;
    const byDue = compareDates(a.dueDate, b.dueDate);
    if (byDue !== 0) return byDue;
  }
  if (a.createdAt !== b.createdAt) return a.createdAt < b.createdAt ? -1 : 1;
  if (a.id !== b.id) return a.id < b.id ? -1 : 1;
  return 0;
}

export function sortTasks(tasks: readonly Task[]): Task[] {
  return [...tasks].sort(compareTasks);
}

export interface TaskGroups {
  overdue: Task[];
  today: Task[];
  upcoming: Task[];
}

/**
 * The My Tasks sections (spec §4 "Task grouping", §9 "Upcoming window"), pending tasks only.
 * Overdue: due before today. Today: due today. Upcoming is the week ahead as the spec lists it,
 * "today's tasks plus those due within 7 days": due today to today+7 (today+8 is out), then the
 * tasks with no due date. So today's tasks are in both Today and Upcoming; tasks due later than
 * the window appear in no group (they still show on the plant page).
 */
export function groupTasks(tasks: readonly Task[], today: IsoDate): TaskGroups {
  const groups: TaskGroups = { overdue: [], today: [], upcoming: [] };
  for (const task of sortTasks(tasks)) {
    if (task.status !== "pending") continue;
    if (task.dueDate === null) {
      groups.upcoming.push(task);
      continue;
    }
    const daysAway = daysBetween(today, task.dueDate);
    if (daysAway < 0) groups.overdue.push(task);
    if (daysAway === 0) groups.today.push(task);
    if (daysAway >= 0 && daysAway <= UPCOMING_WINDOW_DAYS) groups.upcoming.push(task);
  }
  return groups;
}

/** API.md: a task title is 1 to 200 characters. */
const TASK_TITLE_MAX = 200;

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * A task title after its plant is renamed from `oldName` to `newName`: every occurrence of the old
 * name as a whole word or phrase, in any case ("Water Tomato", "check tomato leaves"), becomes the
 * new name. "Tomatoes" does not contain the name "Tomato". A title the new name would take past
 * 200 characters, or one without the old name, comes back unchanged.
 */
export function renameInTitle(title: string, oldName: string, newName: string): string {
  const from = oldName.trim();
  const to = newName.trim();
  if (!from || !to || from === to) return title;
  const pattern = new RegExp(`(?<![\\p{L}\\p{N}])${escapeRegExp(from)}(?![\\p{L}\\p{N}])`, "giu");
  const renamed = title.replace(pattern, () => to);
  return renamed.length > TASK_TITLE_MAX ? title : renamed;
}

/** How often a task repeats, in words: "every day", "every 3 days". */
export function repeatPhrase(everyDays: number): string {
  return everyDays === 1 ? "every day" : `every ${everyDays} days`;
}

/** The earliest pending task (no due date last, ties by createdAt), or null. */
export function nextTask(tasks: readonly Task[]): Task | null {
  let best: Task | null = null;
  for (const task of tasks) {
    if (task.status !== "pending") continue;
    if (best === null || compareTasks(task, best) < 0) best = task;
  }
  return best;
}

export interface TaskDraft {
  title: string;
  dueDate?: IsoDate | null;
  plantId?: string | null;
  type?: string;
  priority?: number;
  notes?: string | null;
  repeatEveryDays?: unknown;
}

export interface NewTaskContext {
  id: string;
  /** ISO-8601 instant used as createdAt. */
  nowIso: string;
  today: IsoDate;
}

/**
 * A pending task with the spec's defaults filled in: due today when no due date is given
 * (spec §5 Add Task; pass `dueDate: null` explicitly for an undated task), priority 2, type
 * "custom", repeat only when it passes `normalizeRepeat`.
 */
export function newTask(draft: TaskDraft, ctx: NewTaskContext): Task {
  return {
    id: ctx.id,
    plantId: draft.plantId ?? null,
    title: draft.title.trim(),
    type: draft.type ?? DEFAULT_TASK_TYPE,
    dueDate: draft.dueDate === undefined ? ctx.today : draft.dueDate,
    status: "pending",
    priority: draft.priority ?? DEFAULT_TASK_PRIORITY,
    notes: draft.notes ?? null,
    repeatEveryDays: normalizeRepeat(draft.repeatEveryDays),
    createdAt: ctx.nowIso,
    completedAt: null,
  };
}

export interface CompletedTask {
  completed: Task;
  next: Task | null;
}

/**
 * Spec §4 "Task": completing sets status and completedAt. A repeating task schedules a new
 * pending copy due `repeatEveryDays` after today, the day it was done (issue 26 departs from the
 * spec's "later of today and the old due date", docs/decisions.md): care follows what the
 * gardener did, so watering two days early brings the next watering two days forward, and
 * catching up on an overdue task does not leave its repeat overdue too.
 *
 * Completing an already completed task changes nothing and schedules nothing, so a double
 * submit cannot create two repeats. Nor is a repeat scheduled past LATEST_DATE: the task is done
 * and its series ends there (an export must re-import, and the import refuses later dates).
 */
export function completeTask(
  task: Task,
  today: IsoDate,
  newId: string,
  nowIso: string,
): CompletedTask {
  if (task.status === "completed") return { completed: task, next: null };

  const at = completionInstant(task.createdAt, nowIso);
  const completed: Task = { ...task, status: "completed", completedAt: at };
  const interval = normalizeRepeat(task.repeatEveryDays);
  if (interval === null) return { completed, next: null };

  const dueDate = addDays(today, interval);
  if (!isWithinDateRange(dueDate)) return { completed, next: null };
  const next: Task = {
    id: newId,
    plantId: task.plantId,
    title: task.title,
    type: task.type,
    dueDate,
    status: "pending",
    priority: task.priority,
    notes: task.notes,
    repeatEveryDays: interval,
    createdAt: at,
    completedAt: null,
  };
  return { completed, next };
}

/**
 * The completion's stamp: now, but always after the task was made. A repeat is found again (to
 * undo a completion) as the task stamped with its completion's instant, so a task made and done
 * within one millisecond, whose own repeat would carry the same stamp as itself, is stamped one
 * millisecond later.
 */
export function completionInstant(createdAt: string, nowIso: string): string {
  const earliest = Date.parse(createdAt) + 1;
  return Date.parse(nowIso) >= earliest ? nowIso : new Date(earliest).toISOString();
}
