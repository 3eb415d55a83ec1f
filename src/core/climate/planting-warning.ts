import { compareDates, type IsoDate } from "../garden/dates";
import type { TemperatureUnits } from "../weather/format";
import type { ClimateProfile } from "./climate-profile";
import {
  type CalendarAction,
  type CalendarCrop,
  type CalendarWindow,
  plantingCalendar,
} from "./planting-calendar";
import { ACTION_WORDS, shortDate, whyNotWords } from "./verdict-words";

/** How the gardener starts the plant: from seed, or as a plant (a seedling, cutting, set or crown). */
export type StartedAs = "seed" | "plant";

export interface PlantingAttempt {
  /** The crop's name as the gardener sees it ("Tomato"). */
  name: string;
  crop: CalendarCrop;
  date: IsoDate;
  /** "either" when the gardener has not said: any window of the crop will do. */
  startedAs: StartedAs | "either";
  /** Indoors (or under lights, or in a hydroponic system): the weather outside does not apply. */
  indoors: boolean;
}

/**
 * The windows that fit how the gardener starts the crop: seed may be sown outside or started
 * indoors in trays; a plant goes out in the planting-out window, or for crops never transplanted
 * (carrots, radishes), when the seed would be sown. Seed may also go in while plants go out.
 */
function fittingActions(crop: CalendarCrop, startedAs: StartedAs | "either"): CalendarAction[] {
  if (startedAs === "either") return ["sow", "start-indoors", "plant-out"];
  // Seed sown while transplants can go out only crops later, as a plant bought then would.
  if (startedAs === "seed") return ["sow", "start-indoors", "plant-out"];
  const planted = crop.calendar.plantOut !== null || crop.calendar.autumn?.method === "plant";
  return planted ? ["plant-out"] : ["sow"];
}

const TOO_EARLY: Record<StartedAs | "either", string> = {
  seed: "sow outside",
  plant: "plant out",
  either: "plant",
};
const DONE: Record<StartedAs | "either", string> = {
  seed: "sown",
  plant: "planted out",
  either: "planted",
};

/**
 * The warning Add Plant, Grow Along and Track this plant show before saving (issue 23): null when
 * the date is inside one of the crop's windows for the place (or the plant grows indoors), else
 * what is wrong with the date, what to expect and when the next window opens. The gardener may
 * still go ahead.
 */
export function plantingWarning(
  profile: ClimateProfile,
  attempt: PlantingAttempt,
  units: TemperatureUnits,
): string | null {
  if (attempt.indoors || attempt.crop.calendar.season === "indoor") return null;
  const { windows, verdict } = plantingCalendar(profile, attempt.crop, attempt.date);
  const actions = fittingActions(attempt.crop, attempt.startedAs);
  const fits = (w: CalendarWindow) => actions.includes(w.action);
  // Windows open on the date start on it: the calendar clips them to the twelve months ahead.
  if (windows.some((w) => fits(w) && w.from === attempt.date)) return null;
  const zone = profile.zone ? ` in zone ${profile.zone}` : "";
  const head = `${attempt.name} ${DONE[attempt.startedAs]} on ${shortDate(attempt.date)}${zone}`;
  const why =
    verdict.status === "not-now"
      ? whyNotWords(verdict.reason, units)
      : verdict.status === "soon"
        ? "A few weeks early for your place."
        : verdict.status === "now"
          ? `It is the time to ${ACTION_WORDS[verdict.action].toLowerCase()}; too early to ${TOO_EARLY[attempt.startedAs]}.`
          : "Not the time for that here.";
  const next = windows.find((w) => fits(w) && compareDates(w.from, attempt.date) > 0);
  const instead = next
    ? ` ${ACTION_WORDS[next.action]} from ${shortDate(next.from)} instead.`
    : " There is no window for it outdoors here in the next twelve months.";
  return `${head}: ${why}${instead}`;
}
