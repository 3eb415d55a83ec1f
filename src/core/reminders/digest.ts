import { addDays, compareDates, type IsoDate, isWithinDateRange, laterDate } from "../garden/dates";

/** A task as a reminder lists it. */
export interface DueTask {
  id: string;
  title: string;
  dueDate: IsoDate;
  plantName: string | null;
}

/** A reminder lists at most this many tasks by name, then "and n more". */
export const MAX_LISTED_TASKS = 10;
/**
 * Push services take about 4 KB of encrypted payload (RFC 8291 adds a few dozen bytes, and
 * some services less); the JSON is kept under this, titles shortened first, then fewer tasks.
 */
export const MAX_PUSH_PAYLOAD_BYTES = 3000;
/** Where a reminder opens the app: the garden, with its task list. */
export const REMINDER_URL = "/plants";
const PUSH_TITLE_CHARS = 80;
const PUSH_PLANT_CHARS = 40;

export interface Digest {
  /** "3 garden tasks today" or "4 garden tasks: 1 due today, 3 overdue". */
  title: string;
  /** One line per listed task, then "and n more" when some are not listed. */
  lines: string[];
  listed: DueTask[];
  /** Tasks due but not listed. */
  more: number;
  dueToday: number;
  overdue: number;
}

/**
 * The tasks a reminder for `today` is about: due today or before (overdue), oldest first, then
 * by title and id so the order never changes between runs.
 */
export function dueTasks(tasks: readonly DueTask[], today: IsoDate): DueTask[] {
  return tasks
    .filter((task) => compareDates(task.dueDate, today) <= 0)
    .sort(
      (a, b) =>
        compareDates(a.dueDate, b.dueDate) ||
        a.title.localeCompare(b.title) ||
        (a.id < b.id ? -1 : a.id > b.id ? 1 : 0),
    );
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;

/** "Water — Tomato", with "(overdue since 2026-05-01)" for a task due before today. */
export function taskLine(task: DueTask, today: IsoDate): string {
  const what = task.plantName ? `${task.title} — ${task.plantName}` : task.title;
  return compareDates(task.dueDate, today) < 0 ? `${what} (overdue since ${task.dueDate})` : what;
}

export interface DigestOptions {
  /** Tasks listed by name (default 10). */
  max?: number;
  /**
   * How many are due, when `tasks` holds only the first of them (a gardener back after months
   * may have hundreds overdue; the database counts them and sends the first few).
   */
  counts?: { overdue: number; dueToday: number };
}

/** The daily reminder's words: the same list for the push notification and the e-mail. */
export function reminderDigest(
  tasks: readonly DueTask[],
  today: IsoDate,
  { max = MAX_LISTED_TASKS, counts }: DigestOptions = {},
): Digest {
  const due = dueTasks(tasks, today);
  const overdue =
    counts?.overdue ?? due.filter((task) => compareDates(task.dueDate, today) < 0).length;
  const dueToday = counts?.dueToday ?? due.length - overdue;
  const total = Math.max(overdue + dueToday, due.length);
  const listed = due.slice(0, Math.max(0, max));
  const more = total - listed.length;
  const title =
    overdue === 0
      ? `${plural(total, "garden task")} today`
      : dueToday === 0
        ? `${plural(total, "garden task")} overdue`
        : `${plural(total, "garden task")}: ${dueToday} due today, ${overdue} overdue`;
  const lines = listed.map((task) => taskLine(task, today));
  if (more > 0) lines.push(`and ${more} more`);
  return { title, lines, listed, more, dueToday, overdue };
}

/** API.md: the JSON a push message carries; the service worker shows it as one notification. */
export interface PushPayload {
  title: string;
  body: string;
  tasks: DueTask[];
  /** Tasks due but not in `tasks`. */
  more: number;
  url: string;
}

const shorten = (text: string, max: number) =>
  text.length <= max ? text : `${text.slice(0, max - 1).trimEnd()}…`;

const byteLength = (text: string) => new TextEncoder().encode(text).length;

/**
 * The push message for a digest, small enough for every push service: titles and plant names
 * are shortened, and if it is still too long, tasks move from the list to `more`.
 */
export function pushPayload(digest: Digest, today: IsoDate, url = REMINDER_URL): PushPayload {
  const all = digest.listed.map((task) => ({
    ...task,
    title: shorten(task.title, PUSH_TITLE_CHARS),
    plantName: task.plantName === null ? null : shorten(task.plantName, PUSH_PLANT_CHARS),
  }));
  const total = all.length + digest.more;
  for (let count = all.length; ; count--) {
    const tasks = all.slice(0, count);
    const more = total - tasks.length;
    const lines = tasks.map((task) => taskLine(task, today));
    if (more > 0) lines.push(`and ${more} more`);
    const payload: PushPayload = { title: digest.title, body: lines.join("\n"), tasks, more, url };
    if (count === 0 || byteLength(JSON.stringify(payload)) <= MAX_PUSH_PAYLOAD_BYTES) {
      return payload;
    }
  }
}

/**
 * Snoozing never dates a task in the past: `days` after the later of today and its due date.
 * null when that is past LATEST_DATE, a date Tendril does not keep (the caller refuses the snooze).
 */
export function snoozedDueDate(
  dueDate: IsoDate | null,
  today: IsoDate,
  days: number,
): IsoDate | null {
  const snoozed = addDays(dueDate ? laterDate(dueDate, today) : today, days);
  return isWithinDateRange(snoozed) ? snoozed : null;
}
