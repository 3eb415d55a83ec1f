import type { ClimateProfile } from "../../../core/climate/climate-profile";
import { hasFrost } from "../../../core/climate/climate-profile";
import {
  type CalendarAction,
  type CalendarWindow,
  plantingCalendar,
  readyFrom,
} from "../../../core/climate/planting-calendar";
import { monthName, shortDate, verdictWords } from "../../../core/climate/verdict-words";
import type { Crop } from "../../../core/schemas/crop";
import type { CropCalendar } from "../../../core/schemas/crop-calendar";
import type { SuggestionBody } from "../../../core/schemas/weather";
import type { TemperatureUnits } from "../../../core/weather";

/** What to Plant Now's lists and summary, from the planting calendar. */
export interface CalendarSuggestions {
  summary: string[];
  vegetables: SuggestionBody[];
  herbs: SuggestionBody[];
  flowers: SuggestionBody[];
}

const METHOD: Record<Exclude<CalendarAction, "harvest">, SuggestionBody["method"]> = {
  sow: "direct",
  "plant-out": "transplant",
  "start-indoors": "start-indoors",
};
/** Each list shows at most this many, what can be done now first. */
const PER_LIST = 12;

/**
 * When a crop sown or planted on `from` is first picked, in the harvest windows: "Harvest from
 * January." Not before its days to maturity have passed, whatever earlier sowings give.
 */
function harvestAfter(
  windows: readonly CalendarWindow[],
  from: string,
  ready: string | null,
  flower: boolean,
): string {
  const earliest = ready ?? from;
  const harvest = windows.find((w) => w.action === "harvest" && w.to >= earliest);
  if (!harvest) return "";
  const month = monthName(harvest.from > earliest ? harvest.from : earliest);
  return flower ? ` In flower from ${month}.` : ` Harvest from ${month}.`;
}

/**
 * What can be sown or planted out now and in the next few weeks at a place, by the calendar:
 * "Garlic — Plant out now, until 29 Nov. Harvest from June." Vegetables, herbs and flowers;
 * fruit and houseplants are planted by other rules (dormant season, any time indoors).
 */
export function calendarSuggestions(
  profile: ClimateProfile,
  crops: readonly Crop[],
  calendars: ReadonlyMap<string, CropCalendar>,
  date: string,
  units: TemperatureUnits,
): CalendarSuggestions {
  const lists: Record<"vegetable" | "herb" | "flower", (SuggestionBody & { soon: boolean })[]> = {
    vegetable: [],
    herb: [],
    flower: [],
  };
  for (const crop of crops) {
    if (crop.category !== "vegetable" && crop.category !== "herb" && crop.category !== "flower") {
      continue;
    }
    const calendar = calendars.get(crop.slug);
    if (!calendar) continue;
    const calendarCrop = { calendar, daysToMaturity: crop.daysToMaturity };
    const year = plantingCalendar(profile, calendarCrop, date);
    const { verdict } = year;
    if (verdict.status !== "now" && verdict.status !== "soon") continue;
    if (verdict.action === "harvest") continue;
    const from = verdict.status === "soon" ? verdict.from : date;
    const ready = readyFrom(calendarCrop, verdict.action, from);
    // A rose or a lavender planted now flowers in its own season, not its days to maturity on.
    const perennial = calendar.season === "perennial" && !calendar.harvest;
    lists[crop.category].push({
      name: crop.name,
      method: METHOD[verdict.action],
      notes: `${verdictWords(verdict, units)}${perennial ? "" : harvestAfter(year.windows, from, ready, crop.category === "flower")}`,
      soon: verdict.status === "soon",
    });
  }
  const pick = (list: (SuggestionBody & { soon: boolean })[]) =>
    [...list.filter((s) => !s.soon), ...list.filter((s) => s.soon)]
      .slice(0, PER_LIST)
      .map(({ soon: _soon, ...suggestion }) => suggestion);
  const summary = hasFrost(profile)
    ? [
        `Planting calendar for your frost dates: last spring frost about ${shortDate(`2001-${profile.lastFrost}`)}, first autumn frost about ${shortDate(`2001-${profile.firstFrost}`)}.`,
      ]
    : [
        "Planting calendar for a place without frost: sowing follows the months' temperatures and rain.",
      ];
  return {
    summary,
    vegetables: pick(lists.vegetable),
    herbs: pick(lists.herb),
    flowers: pick(lists.flower),
  };
}

/** Distinct places and days kept; a day's lists are the same for every gardener of a place. */
const KEPT = 500;

/**
 * calendarSuggestions, kept per climate, day and unit: working out every crop's year takes tens
 * of milliseconds, and What to Plant Now is asked on every visit to My Garden.
 */
export function keptCalendarSuggestions(
  crops: readonly Crop[],
  calendars: ReadonlyMap<string, CropCalendar>,
) {
  const kept = new Map<string, CalendarSuggestions>();
  return (profile: ClimateProfile, date: string, units: TemperatureUnits) => {
    const key = `${JSON.stringify(profile)}|${date}|${units}`;
    const found = kept.get(key);
    if (found) return found;
    const made = calendarSuggestions(profile, crops, calendars, date, units);
    if (kept.size >= KEPT) kept.clear();
    kept.set(key, made);
    return made;
  };
}
