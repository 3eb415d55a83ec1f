import type { CalendarAction } from "../../../core/climate/planting-calendar";
import { ACTION_WORDS, monthName, shortDate } from "../../../core/climate/verdict-words";
import { daysBetween, type IsoDate } from "../../../core/garden/dates";

export interface CalendarWindow {
  action: CalendarAction;
  from: IsoDate;
  to: IsoDate;
}

/** The chart's rows, top to bottom, in the order a crop is grown. */
export const ACTIONS: readonly CalendarAction[] = ["start-indoors", "sow", "plant-out", "harvest"];

/** The twelve months the chart shows: from the first of today's month to the day before it a year on. */
export interface ChartSpan {
  start: IsoDate;
  /** The first day after the chart. */
  end: IsoDate;
  days: number;
}

export interface MonthColumn {
  first: IsoDate;
  /** "N" on a phone, "Nov" wider. */
  initial: string;
  short: string;
  /** Where the month starts and how wide it is, in % of the chart. */
  left: number;
  width: number;
}

export interface Band {
  /** In % of the chart. */
  left: number;
  width: number;
}

/**
 * The narrowest band drawn, in %: the calendar's shortest window (7 days) is about 2%, but a
 * window cut by the chart's end can be a day or two, which would otherwise be a hairline.
 */
export const MIN_BAND_PERCENT = 1;

const firstOfMonth = (date: IsoDate, monthsOn: number): IsoDate => {
  const index = Number(date.slice(0, 4)) * 12 + Number(date.slice(5, 7)) - 1 + monthsOn;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, "0")}-01`;
};

export function chartSpan(today: IsoDate): ChartSpan {
  const start = firstOfMonth(today, 0);
  const end = firstOfMonth(today, 12);
  return { start, end, days: daysBetween(start, end) };
}

const percent = (span: ChartSpan, days: number) => (days / span.days) * 100;

export function monthColumns(span: ChartSpan): MonthColumn[] {
  return Array.from({ length: 12 }, (_, i) => {
    const first = firstOfMonth(span.start, i);
    const name = monthName(first);
    return {
      first,
      initial: name.slice(0, 1),
      short: name.slice(0, 3),
      left: percent(span, daysBetween(span.start, first)),
      width: percent(span, daysBetween(first, firstOfMonth(span.start, i + 1))),
    };
  });
}

/**
 * A window placed by day: from the start of its first day to the end of its last, cut to the
 * chart; null when it falls wholly outside it (the calendar's windows reach a year from today,
 * past the end of the twelfth month).
 */
export function bandOf(window: { from: IsoDate; to: IsoDate }, span: ChartSpan): Band | null {
  const first = Math.max(0, daysBetween(span.start, window.from));
  const last = Math.min(span.days - 1, daysBetween(span.start, window.to));
  if (last < first) return null;
  const width = Math.max(MIN_BAND_PERCENT, percent(span, last - first + 1));
  return { left: Math.min(percent(span, first), 100 - width), width };
}

/** Today's line: through the middle of today's day, in % of the chart. */
export const todayAt = (today: IsoDate, span: ChartSpan) =>
  percent(span, daysBetween(span.start, today) + 0.5);

/**
 * The chart in words, for a screen reader: "Sow outdoors 1 Mar – 15 Apr, 1 Sep – 30 Sep.
 * Harvest 1 Jun – 30 Sep." Windows are listed whole, as the calendar gives them.
 */
export function windowsInWords(windows: readonly CalendarWindow[]): string {
  return ACTIONS.flatMap((action) => {
    const spans = windows
      .filter((w) => w.action === action)
      .map((w) => `${shortDate(w.from)} – ${shortDate(w.to)}`);
    return spans.length > 0 ? [`${ACTION_WORDS[action]} ${spans.join(", ")}.`] : [];
  }).join(" ");
}
