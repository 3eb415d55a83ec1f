import * as chrono from "chrono-node";

export interface Reminder {
  /** "Feed the tomatoes". */
  title: string;
  /** YYYY-MM-DD; the gardener's today when the text names no day. */
  dueDate: string;
  /** Whether the text named the day (otherwise the reply says it is due today). */
  dated: boolean;
  repeatEveryDays: number | null;
}

const ASK =
  /^\s*(?:(?:hey|hi|ok|okay|please|can you|could you|would you|will you)[\s,]+)*(?:remind me(?: to\b)?|add (?:a )?(?:task|reminder)(?: to\b)?|create (?:a )?(?:task|reminder)(?: to\b)?|set (?:a )?reminder(?: to\b)?|schedule (?:a task )?(?:to )?)\s*/i;

/** Whether the message asks for a reminder or a task ("Remind me to…", "Add a task to…"). */
export const asksForReminder = (message: string) => ASK.test(message);

const REPEAT =
  /\b(?:every|each)\s+(?:(\d{1,3}|other)\s+)?(day|week|fortnight|month)s?\b|\b(daily|weekly|fortnightly|monthly)\b/i;
const UNIT_DAYS: Record<string, number> = { day: 1, week: 7, fortnight: 14, month: 30 };
const ADVERB_DAYS: Record<string, number> = { daily: 1, weekly: 7, fortnightly: 14, monthly: 30 };

function repeatIn(text: string): { days: number | null; match: string | null } {
  const found = REPEAT.exec(text);
  if (!found) return { days: null, match: null };
  if (found[3]) return { days: ADVERB_DAYS[found[3].toLowerCase()] ?? null, match: found[0] };
  const count = found[1] === "other" ? 2 : Number(found[1] ?? 1);
  return { days: count * (UNIT_DAYS[(found[2] ?? "day").toLowerCase()] ?? 1), match: found[0] };
}

const pad = (n: number) => String(n).padStart(2, "0");
const isoLocal = (date: Date) =>
  `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;

/**
 * Reads "Remind me to feed the tomatoes next Friday" as a task: the date with chrono (always
 * forward from `today`, the gardener's YYYY-MM-DD), the rest as the title. Null when the message
 * is not a reminder request or names nothing to do.
 */
export function parseReminder(message: string, today: string): Reminder | null {
  if (!asksForReminder(message)) return null;
  let rest = message.replace(ASK, "");
  const [y, m, d] = today.split("-").map(Number) as [number, number, number];
  // Noon, so the day cannot slip across midnight in any time zone arithmetic chrono does.
  const reference = new Date(y, m - 1, d, 12);
  const repeat = repeatIn(rest);
  if (repeat.match) rest = rest.replace(repeat.match, " ");
  const when = chrono.parse(rest, reference, { forwardDate: true })[0];
  let dueDate = today;
  if (when) {
    dueDate = isoLocal(when.start.date());
    rest = `${rest.slice(0, when.index)} ${rest.slice(when.index + when.text.length)}`;
  }
  const title = rest
    .replace(/\s+/g, " ")
    .replace(/^\s*(?:to|that i should|that i need to|i need to)\s+/i, "")
    .replace(/\s+(?:on|at|by|for|in)\s*$/i, "")
    .replace(/[\s.!?,;:]+$/, "")
    .trim();
  if (!title) return null;
  return {
    title: (title[0]?.toUpperCase() ?? "") + title.slice(1, 200),
    dueDate,
    dated: Boolean(when),
    repeatEveryDays: repeat.days,
  };
}
