import { addDays, daysBetween, type IsoDate } from "./dates";
import { isHarvestTask, type StagePlanEntry } from "./schedule";
import { DEFAULT_REPEAT_DAYS, DEFAULT_TASK_PRIORITY, DEFAULT_TASK_TYPE } from "./tasks";

/** Spec §3 "AI plan". `type` is ours: the built-in generator sets it, a model's reply never does. */
export interface AiPlanTask {
  title: string;
  dueInDays: number;
  repeat: boolean;
  repeatEveryDays: number | null;
  type?: string;
}

export interface AiPlan {
  plant: string;
  stages: StagePlanEntry[];
  tasks: AiPlanTask[];
  tips: string[];
}

export type ParsePlanResult = { ok: true; plan: AiPlan } | { ok: false; reason: string };

export const MIN_PLAN_TASKS = 4;
export const WEEKLY_REPEAT_DAYS = 7;

/** Spec §5: what the plan prompt asks the model for. */
export const PLAN_PROMPT_RULES = `Reply with one JSON object and nothing else, in this shape:
{"plant": string, "stages": [{"name": string, "durationDays": number}], "tasks": [{"title": string, "dueInDays": number, "repeat": boolean, "repeatEveryDays": number | null}], "tips": [string]}
- stages: the growth stages in order, each lasting at least 1 day.
- tasks: at least ${MIN_PLAN_TASKS} tasks; dueInDays counts days from the planting date (0 = the planting day).
- At least one task must repeat weekly ("repeat": true, "repeatEveryDays": ${WEEKLY_REPEAT_DAYS}).
- tips: 3 to 6 short, practical lines.`;

// Bounds the work on a pathological reply full of unmatched braces.
const MAX_CANDIDATES = 25;

/** Index of the brace closing the object that opens at `start`, or -1. Skips braces in strings. */
function balancedEnd(text: string, start: number): number {
  let depth = 0;
  let inString = false;
  for (let i = start; i < text.length; i++) {
    const ch = text[i];
    if (inString) {
      if (ch === "\\") i++;
      else if (ch === '"') inString = false;
    } else if (ch === '"') inString = true;
    else if (ch === "{") depth++;
    else if (ch === "}" && --depth === 0) return i;
  }
  return -1;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/**
 * The first outermost balanced {...} in the text that parses as a JSON object, so prose and
 * ```json fences around it are ignored. A balanced candidate that fails to parse is skipped as a
 * whole, so an object nested inside broken JSON is never mistaken for the plan. Broken JSON is
 * not repaired.
 */
export function extractJsonObject(text: string): Record<string, unknown> | null {
  let from = 0;
  for (let attempt = 0; attempt < MAX_CANDIDATES; attempt++) {
    const start = text.indexOf("{", from);
    if (start === -1) return null;
    const end = balancedEnd(text, start);
    if (end === -1) {
      from = start + 1;
      continue;
    }
    try {
      const value: unknown = JSON.parse(text.slice(start, end + 1));
      if (isRecord(value)) return value;
    } catch {
      // Not JSON: try the next candidate after it.
    }
    from = end + 1;
  }
  return null;
}

/**
 * A finite number, or a string holding only one (" 7 ", "2.5"): models often quote numbers.
 * "7 days", "", booleans and null are not numeric.
 */
export function toNumber(value: unknown): number | null {
  if (typeof value === "number") return Number.isFinite(value) ? value : null;
  if (typeof value === "string" && value.trim() !== "") {
    const n = Number(value);
    return Number.isFinite(n) ? n : null;
  }
  return null;
}

function nonEmptyString(value: unknown): string | null {
  return typeof value === "string" && value.trim() !== "" ? value.trim() : null;
}

function parseStage(raw: unknown): StagePlanEntry | null {
  if (!isRecord(raw)) return null;
  const name = nonEmptyString(raw.name);
  const duration = toNumber(raw.durationDays);
  if (name === null || duration === null) return null;
  return { name, durationDays: Math.max(1, Math.round(duration)) };
}

function parseTask(raw: unknown): AiPlanTask | null {
  if (!isRecord(raw)) return null;
  const title = nonEmptyString(raw.title);
  const due = toNumber(raw.dueInDays);
  if (title === null || due === null) return null;

  // "Set" means a positive interval; 0 or a negative number next to "repeat": false is a model
  // saying "no repeat", not "repeat daily".
  const interval = toNumber(raw.repeatEveryDays);
  const intervalSet = interval !== null && interval > 0;
  const repeat = raw.repeat === true || intervalSet;
  let repeatEveryDays: number | null = null;
  if (intervalSet) repeatEveryDays = Math.max(1, Math.round(interval));
  else if (repeat) repeatEveryDays = DEFAULT_REPEAT_DAYS;

  return { title, dueInDays: Math.max(0, Math.round(due)), repeat, repeatEveryDays };
}

/**
 * Spec §5 "AI plan parsing". The object needs a non-empty plant string and stages and tasks
 * arrays. Stage and task entries that break the rules are dropped, not fatal, but a plan left with
 * no stage or no task is rejected: it could not build a timeline or schedule anything. Tips keep
 * their non-empty strings; a missing tips field is an empty list.
 */
export function parseAiPlan(replyText: string): ParsePlanResult {
  const root = extractJsonObject(replyText);
  if (root === null) return { ok: false, reason: "No JSON object found in the reply." };

  const plant = nonEmptyString(root.plant);
  if (plant === null) return { ok: false, reason: "The plan has no plant name." };
  if (!Array.isArray(root.stages)) return { ok: false, reason: "The plan has no stages list." };
  if (!Array.isArray(root.tasks)) return { ok: false, reason: "The plan has no tasks list." };

  const stages = root.stages.map(parseStage).filter((s) => s !== null);
  if (stages.length === 0) return { ok: false, reason: "The plan has no valid stage." };
  const tasks = root.tasks.map(parseTask).filter((t) => t !== null);
  if (tasks.length === 0) return { ok: false, reason: "The plan has no valid task." };

  const tips = Array.isArray(root.tips)
    ? root.tips.map(nonEmptyString).filter((t) => t !== null)
    : [];

  return { ok: true, plan: { plant, stages, tasks, tips } };
}

export interface PlannedTask {
  title: string;
  type: string;
  dueDate: IsoDate;
  repeatEveryDays: number | null;
  priority: number;
  notes: null;
}

/**
 * Plan tasks as dated task drafts: due `dueInDays` after the planting date. A repeating task whose
 * first date is already past when the plant is added (a backdated planting date) starts at its first
 * occurrence on or after `today`, so "water every 2 days" is not weeks overdue on day one. One-off
 * tasks keep their date: a missed one-off is a real reminder the gardener ticks off.
 * A harvest task is first due on `harvestDate` (the plant's schedule's) when there is one,
 * whatever day the plan gave it: an AI plan's tasks are not tied to its stages.
 */
export function planToTasks(
  plan: Pick<AiPlan, "tasks">,
  plantingDate: IsoDate,
  today: IsoDate = plantingDate,
  harvestDate: IsoDate | null = null,
): PlannedTask[] {
  return plan.tasks.map((task) => {
    const repeatEveryDays = task.repeat ? (task.repeatEveryDays ?? DEFAULT_REPEAT_DAYS) : null;
    const firstDue =
      harvestDate && isHarvestTask(task) ? harvestDate : addDays(plantingDate, task.dueInDays);
    return {
      title: task.title,
      type: task.type ?? DEFAULT_TASK_TYPE,
      dueDate: repeatEveryDays ? firstOccurrenceFrom(firstDue, repeatEveryDays, today) : firstDue,
      repeatEveryDays,
      priority: DEFAULT_TASK_PRIORITY,
      notes: null,
    };
  });
}

/** The first date on or after `today` in the series `start`, `start + every`, … (or `start`). */
export function firstOccurrenceFrom(start: IsoDate, every: number, today: IsoDate): IsoDate {
  const behind = daysBetween(start, today);
  if (behind <= 0) return start;
  return addDays(start, Math.ceil(behind / every) * every);
}
