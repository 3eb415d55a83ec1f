import type { IsoDate } from "../garden/dates";

/** The zone a gardener's reminders use until they choose one (API.md: `Me.timeZone`). */
export const DEFAULT_TIME_ZONE = "UTC";
/** The hour of the day reminders go out until the gardener picks another. */
export const DEFAULT_REMINDER_HOUR = 8;
/** IANA names are at most about 30 characters; anything much longer is not one. */
export const MAX_TIME_ZONE_LENGTH = 64;

const formatters = new Map<string, Intl.DateTimeFormat>();
// About 600 IANA names exist; the bound keeps a flood of odd names from growing the cache.
const MAX_FORMATTERS = 1000;

function formatterFor(timeZone: string): Intl.DateTimeFormat | null {
  const cached = formatters.get(timeZone);
  if (cached) return cached;
  if (timeZone.length === 0 || timeZone.length > MAX_TIME_ZONE_LENGTH) return null;
  let formatter: Intl.DateTimeFormat;
  try {
    formatter = new Intl.DateTimeFormat("en-US", {
      timeZone,
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      // h23: midnight is hour 0 (some engines write "24" with hour12: false).
      hourCycle: "h23",
    });
  } catch {
    return null;
  }
  if (formatters.size < MAX_FORMATTERS) formatters.set(timeZone, formatter);
  return formatter;
}

/**
 * A zone name Intl knows, in its own capitals ("europe/london" → "Europe/London"), or null when
 * it knows no such zone. Aliases stay as given ("Asia/Kolkata" is not turned into Node's
 * "Asia/Calcutta", nor "EST" into "America/Panama"), so the browser reads back the name it sent.
 */
export function canonicalTimeZone(name: string): string | null {
  const given = name.trim();
  // Node 24's Intl also takes a fixed UTC offset ("+05:00") as a zone; a gardener's zone is a
  // place, whose clock changes with daylight saving, and no browser reports an offset as one.
  if (/^[+-]/.test(given)) return null;
  const resolved = formatterFor(given)?.resolvedOptions().timeZone;
  if (!resolved) return null;
  return resolved.toLowerCase() === given.toLowerCase() ? resolved : given;
}

export interface LocalMoment {
  /** The calendar date on the wall clock of the zone. */
  date: IsoDate;
  /** 0–23. */
  hour: number;
  minute: number;
}

/** What a wall clock in `timeZone` shows at `instant`; an unknown zone reads as UTC. */
export function localMoment(instant: Date, timeZone: string): LocalMoment {
  const formatter =
    formatterFor(timeZone) ?? (formatterFor(DEFAULT_TIME_ZONE) as Intl.DateTimeFormat);
  const parts = formatter.formatToParts(instant);
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    parts.find((p) => p.type === type)?.value ?? "00";
  return {
    date: `${part("year")}-${part("month")}-${part("day")}`,
    hour: Number(part("hour")) % 24,
    minute: Number(part("minute")),
  };
}

export interface ReminderClock {
  /** The local date the reminder would be for. */
  localDate: IsoDate;
  /** True once the gardener's local time has reached their reminder hour on that date. */
  due: boolean;
}

/**
 * Whether a gardener's daily reminder is due at `now`: from their reminder hour until local
 * midnight. A day whose hour was skipped by a daylight-saving jump (02:00 → 03:00) still counts
 * from the first hour after it; a repeated hour (the autumn change) is the same local date, and
 * the caller sends at most once per `localDate`. After downtime the reminder for today is still
 * due; yesterday's never is, since only today's local date is ever considered.
 */
export function reminderClock(now: Date, timeZone: string, reminderHour: number): ReminderClock {
  const local = localMoment(now, timeZone);
  return { localDate: local.date, due: local.hour >= reminderHour };
}
