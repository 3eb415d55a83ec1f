import type { TemperatureUnits } from "../weather/format";
import { formatTemperature } from "../weather/format";
import type { CalendarAction, CalendarVerdict, NotNowReason } from "./planting-calendar";

export const MONTHS: readonly string[] = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
];

/** "November" for "2026-11-25". */
export const monthName = (date: string) => MONTHS[Number(date.slice(5, 7)) - 1] ?? "";

/** "25 Nov" for "2026-11-25". */
export const shortDate = (date: string) =>
  `${Number(date.slice(8, 10))} ${monthName(date).slice(0, 3)}`;

/** What each window is for, as the verdict sentences and the calendar page say it. */
export const ACTION_WORDS: Record<CalendarAction, string> = {
  "start-indoors": "Start seeds indoors",
  sow: "Sow outdoors",
  "plant-out": "Plant out",
  harvest: "Harvest",
};

/** Whole degrees: a typical mean is no more precise than that. */
const degrees = (celsius: number, units: TemperatureUnits) =>
  formatTemperature(units === "C" ? Math.round(celsius) : celsius, units);

/** Why a crop cannot be sown or planted today, as a sentence. */
export function whyNotWords(reason: NotNowReason, units: TemperatureUnits): string {
  switch (reason.code) {
    case "frost":
      return `Frost is likely until about ${shortDate(reason.until)}.`;
    case "too-cold":
      return `Too cold: the typical mean ahead is ${degrees(reason.meanC, units)}; it needs about ${degrees(reason.needC, units)}.`;
    case "too-hot":
      return `Too hot: the typical mean ahead is ${degrees(reason.meanC, units)}; it grows below about ${degrees(reason.limitC, units)}.`;
    case "too-wet":
      return `Too wet: about ${Math.round(reason.rainMm)} mm of rain falls this month.`;
    case "too-late":
      return "Too late this season to crop before the first frost.";
    case "closed":
      return `Its window here closed on ${shortDate(reason.on)}.`;
    case "no-window":
      return "Not a crop for this climate outdoors.";
  }
}

/** The sentence a screen shows for a crop's verdict today, in the gardener's units. */
export function verdictWords(verdict: CalendarVerdict, units: TemperatureUnits): string {
  switch (verdict.status) {
    case "indoors":
      return "Any time indoors.";
    case "now":
      return verdict.allYear
        ? `${ACTION_WORDS[verdict.action]} now: the weather here suits it all year.`
        : `${ACTION_WORDS[verdict.action]} now, until ${shortDate(verdict.until)}.`;
    case "soon":
      return `${ACTION_WORDS[verdict.action]} from ${shortDate(verdict.from)}.`;
    case "not-now": {
      const next = verdict.next
        ? ` Next: ${ACTION_WORDS[verdict.next.action].toLowerCase()} from ${shortDate(verdict.next.from)}.`
        : "";
      return `${whyNotWords(verdict.reason, units)}${next}`;
    }
  }
}
