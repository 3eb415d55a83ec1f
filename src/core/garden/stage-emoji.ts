import { daysBetween, type IsoDate } from "./dates";

const STAGE_EMOJI: readonly (readonly [prefix: string, emoji: string])[] = [
  ["germ", "🌱"],
  ["veg", "🌿"],
  ["flow", "🌸"],
  ["harv", "🧺"],
  ["fruit", "🍅"],
];
const DEFAULT_STAGE_EMOJI = "🌱";

/** Spec §2 plant cards: an emoji chosen by stage prefix (germ, veg, flow, harv or fruit). */
export function stageEmoji(stage: string | null | undefined): string {
  const name = (stage ?? "").trim().toLowerCase();
  return STAGE_EMOJI.find(([prefix]) => name.startsWith(prefix))?.[1] ?? DEFAULT_STAGE_EMOJI;
}

/**
 * How far a due date is from today, in STYLE.md's words: "Today", "Tomorrow", "in 3 days",
 * "1 day overdue", "2 days overdue". Past dates say "overdue" rather than "Yesterday" because
 * these labels are for tasks, where lateness is the point.
 */
export function relativeDay(dueDate: IsoDate | null, today: IsoDate): string {
  if (dueDate === null) return "No due date";
  const days = daysBetween(today, dueDate);
  if (days === 0) return "Today";
  if (days === 1) return "Tomorrow";
  if (days > 1) return `in ${days} days`;
  return days === -1 ? "1 day overdue" : `${-days} days overdue`;
}
