import { addDays, compareDates, daysBetween, type IsoDate } from "../garden/dates";
import type { CropCalendar } from "../schemas/crop-calendar";
import {
  type ClimateProfile,
  hasFrost,
  meanTemperatureOn,
  monthRainOn,
  onYear,
} from "./climate-profile";

export type CalendarAction = "start-indoors" | "sow" | "plant-out" | "harvest";

export interface CalendarWindow {
  action: CalendarAction;
  /** First and last day, both inside the twelve months from today. */
  from: IsoDate;
  to: IsoDate;
}

/** Why now is not a time to sow or plant, for the words a screen puts on it. */
export type NotNowReason =
  | { code: "frost"; until: IsoDate }
  | { code: "too-cold"; meanC: number; needC: number }
  | { code: "too-hot"; meanC: number; limitC: number }
  | { code: "too-wet"; rainMm: number }
  | { code: "too-late"; firstFrost: IsoDate | null }
  | { code: "closed"; on: IsoDate }
  | { code: "no-window" };

export type CalendarVerdict =
  | {
      status: "now";
      action: CalendarAction;
      until: IsoDate;
      /** The window runs through the whole twelve months ahead: the weather suits it all year. */
      allYear: boolean;
    }
  | { status: "indoors"; action: null }
  | { status: "soon"; action: CalendarAction; from: IsoDate }
  | { status: "not-now"; reason: NotNowReason; next: CalendarWindow | null };

export interface CropYear {
  /** The windows of the next twelve months, by action, earliest first. */
  windows: CalendarWindow[];
  verdict: CalendarVerdict;
}

/** What the calendar needs of a catalogue crop. */
export interface CalendarCrop {
  calendar: CropCalendar;
  /** Days from sowing (or planting, for crops not raised from seed) to the first harvest. */
  daysToMaturity: { min: number; max: number };
}

/** How far back a window may have opened and still be open today, and the span computed. */
const LOOK_BACK = 240;
const SPAN = LOOK_BACK + 365 + 400;
const HORIZON = 365;
/** A window starting within this many days is "soon". */
export const SOON_DAYS = 28;
/** How far below a crop's least mean temperature a sowing may go, °C (days warm through a month). */
const COLD_MARGIN = 2;
/** A month this wet washes out sowings and rots transplants (a monsoon month), mm. */
const TOO_WET_MM = 300;
/** A frost-tender crop must be ready this many days before the first autumn frost. */
const TENDER_HARVEST_DAYS = 14;
/** A frost-tender crop goes out at a typical mean of at least this, °C (see leastMean). */
const TENDER_MIN_MEAN_C = 14;
/** A half-hardy one this many (it takes the first light frosts but not a cold month). */
const HALF_HARDY_DAYS = 14;
/** A window shorter than this is an accident of the averages, not a time to sow. */
const MIN_WINDOW_DAYS = 7;
/** Frost-free places: how many days ahead the weather must suit a crop once sown, at most. */
const ESTABLISH_DAYS = 90;

type Days = boolean[];

/** Days past the span the weather ahead of a sowing is read on. */
const AHEAD = ESTABLISH_DAYS + 15;

/** Each day's typical mean, its month's rain and its "MM-DD" from `origin`: read once per place. */
interface DayTable {
  means: Float64Array;
  rain: Float64Array;
  monthDay: string[];
}

const tables = new WeakMap<ClimateProfile, Map<IsoDate, DayTable>>();

function dayTable(profile: ClimateProfile, origin: IsoDate): DayTable {
  let byOrigin = tables.get(profile);
  if (!byOrigin) {
    byOrigin = new Map();
    tables.set(profile, byOrigin);
  }
  const known = byOrigin.get(origin);
  if (known) return known;
  const length = SPAN + AHEAD;
  const table: DayTable = {
    means: new Float64Array(length),
    rain: new Float64Array(length),
    monthDay: new Array<string>(length),
  };
  for (let i = 0; i < length; i++) {
    const day = addDays(origin, i);
    table.means[i] = meanTemperatureOn(profile, day);
    table.rain[i] = monthRainOn(profile, day);
    table.monthDay[i] = day.slice(5);
  }
  byOrigin.set(origin, table);
  return table;
}

/** A typical day this cold or colder freezes the ground: nothing more is planted in it, °C. */
const FROZEN_GROUND_C = 0;
/**
 * Without the months' temperatures, in zones this cold or colder (winter lows below −23 °C) the
 * ground is taken to freeze this many weeks after the first autumn frost.
 */
const COLD_ZONE = 5;
const COLD_ZONE_AUTUMN_WEEKS = 2;
const coldWinters = (profile: ClimateProfile) =>
  !profile.monthlyMeanC && profile.zone !== null && Number.parseInt(profile.zone, 10) <= COLD_ZONE;

const none = (): Days => new Array<boolean>(SPAN).fill(false);

/** Marks the days from `from` to `to` (both included) in a span starting at `origin`. */
function mark(
  days: Days,
  origin: IsoDate,
  from: IsoDate,
  to: IsoDate,
  keep = (_i: number) => true,
) {
  const start = Math.max(0, daysBetween(origin, from));
  const end = Math.min(SPAN - 1, daysBetween(origin, to));
  for (let i = start; i <= end; i++) if (keep(i)) days[i] = true;
}

/** The weeks a transplant spends indoors before it goes out: how much of its maturity is behind it. */
function indoorDays(calendar: CropCalendar): number {
  const { startIndoors, plantOut } = calendar;
  if (!startIndoors || !plantOut) return 0;
  return Math.max(0, (plantOut.from - (startIndoors.from + startIndoors.to) / 2) * 7);
}

/**
 * The first day a crop sown or planted out on `date` may be ready: its shortest days to maturity
 * (less the weeks a transplant grew indoors). Null for perennials and fruit, which crop in their
 * own season whenever they were planted.
 */
export function readyFrom(
  crop: CalendarCrop,
  action: Exclude<CalendarAction, "harvest">,
  date: IsoDate,
): IsoDate | null {
  if (crop.calendar.harvest) return null;
  const { min } = crop.daysToMaturity;
  if (action === "plant-out") return addDays(date, Math.max(0, min - indoorDays(crop.calendar)));
  // Seed started indoors goes out its usual weeks later, then grows on.
  return addDays(date, min);
}

/**
 * Whether the typical weather from a day on suits a crop sown or planted then: the day's mean is
 * in its range (a little below it where `coldMargin` allows: a spring day warms through its month)
 * and stays near the range while the crop establishes (up to three months).
 */
function suiter(
  profile: ClimateProfile,
  crop: CalendarCrop,
  origin: IsoDate,
  coldMargin: number,
  action: "sow" | "plant",
) {
  const { max } = crop.calendar.growsInMeanC;
  const min = leastMean(crop.calendar, action);
  const establish = Math.min(crop.daysToMaturity.min, ESTABLISH_DAYS);
  // Without the monthly means only the frost dates can say when.
  if (!profile.monthlyMeanC) return () => true;
  const { means } = dayTable(profile, origin);
  return (i: number) => {
    const now = means[i] ?? Number.NaN;
    if (now < min - coldMargin || now > max) return false;
    for (let ahead = 15; ahead <= establish; ahead += 15) {
      const later = means[i + ahead] ?? Number.NaN;
      if (later < min - COLD_MARGIN || later > max + COLD_MARGIN) return false;
    }
    return true;
  };
}

/**
 * The least typical mean a crop is sown or planted out at, °C: its range's lower end, for seed
 * the soil its seed needs (the soil is about as warm as the air's mean in spring), and for a
 * frost-tender crop at least 14 °C, under which it sits still and a late frost is likely.
 */
function leastMean(calendar: CropCalendar, action: "sow" | "plant"): number {
  return Math.max(
    calendar.growsInMeanC.min,
    action === "sow" ? (calendar.minSoilC ?? 0) : 0,
    calendar.frost === "tender" ? TENDER_MIN_MEAN_C : Number.NEGATIVE_INFINITY,
  );
}

/** Marks the days of a transplant's indoor sowing: its usual weeks before each planting day. */
function markIndoors(calendar: CropCalendar, plant: Days, indoors: Days) {
  const { startIndoors, plantOut } = calendar;
  if (!startIndoors || !plantOut) return;
  const longest = (plantOut.from - startIndoors.from) * 7;
  const shortest = (plantOut.from - startIndoors.to) * 7;
  for (let i = 0; i < SPAN; i++) {
    if (!plant[i]) continue;
    for (let j = Math.max(0, i - longest); j <= i - shortest; j++) indoors[j] = true;
  }
}

/**
 * The days of each action for a place with frost: the crop's windows counted from each year's
 * frost dates. Annuals are sown and planted only on days whose typical weather suits them (a
 * maritime spring warms slowly after its last frost; a cool crop stops in summer heat), and their
 * windows stretch while there is still time to crop before the first frost.
 */
function frostDays(profile: ClimateProfile, crop: CalendarCrop, origin: IsoDate) {
  const { calendar, daysToMaturity } = crop;
  const annual = calendar.season === "cool" || calendar.season === "warm";
  const suits = {
    sow: suiter(profile, crop, origin, COLD_MARGIN, "sow"),
    plant: suiter(profile, crop, origin, COLD_MARGIN, "plant"),
  };
  const result = { sow: none(), plant: none(), indoors: none() };
  // Bulbs, cloves and bare-root plants go in until the ground freezes.
  const { means } = dayTable(profile, origin);
  const unfrozen = (i: number) => !profile.monthlyMeanC || (means[i] ?? 0) >= FROZEN_GROUND_C;
  const spare =
    calendar.frost === "hardy"
      ? 0
      : calendar.frost === "half-hardy"
        ? HALF_HARDY_DAYS
        : TENDER_HARVEST_DAYS;
  const firstYear = Number(origin.slice(0, 4));
  for (let year = firstYear - 1; year <= firstYear + 3; year++) {
    const lastFrost = onYear(profile.lastFrost ?? "", year);
    const autumnThisYear = onYear(profile.firstFrost ?? "", year);
    const firstFrost =
      compareDates(autumnThisYear, lastFrost) > 0
        ? autumnThisYear
        : onYear(profile.firstFrost ?? "", year + 1);
    const spring = (
      weeks: { from: number; to: number },
      days: Days,
      matureFromHere: number,
      action: "sow" | "plant",
    ) => {
      const start = addDays(lastFrost, weeks.from * 7);
      let end = addDays(lastFrost, weeks.to * 7);
      if (annual) {
        const lastUseful = addDays(firstFrost, -matureFromHere - spare);
        if (compareDates(lastUseful, end) > 0) end = lastUseful;
      }
      mark(days, origin, start, end, annual ? suits[action] : undefined);
    };
    if (calendar.sowOutdoors) spring(calendar.sowOutdoors, result.sow, daysToMaturity.max, "sow");
    if (calendar.plantOut) {
      const fromPlanting = Math.max(0, daysToMaturity.max - indoorDays(calendar));
      spring(calendar.plantOut, result.plant, fromPlanting, "plant");
    } else if (calendar.startIndoors) {
      mark(
        result.indoors,
        origin,
        addDays(lastFrost, calendar.startIndoors.from * 7),
        addDays(lastFrost, calendar.startIndoors.to * 7),
      );
    }
    if (calendar.autumn) {
      const target = calendar.autumn.method === "sow" ? result.sow : result.plant;
      const lastWeek = coldWinters(profile)
        ? Math.min(calendar.autumn.weeks.to, COLD_ZONE_AUTUMN_WEEKS)
        : calendar.autumn.weeks.to;
      mark(
        target,
        origin,
        addDays(firstFrost, calendar.autumn.weeks.from * 7),
        addDays(firstFrost, lastWeek * 7),
        unfrozen,
      );
    }
  }
  markIndoors(calendar, result.plant, result.indoors);
  return result;
}

/**
 * The days of each action where there is no frost: a day suits sowing or planting when its typical
 * mean is in the crop's range and stays within a little of it while the crop establishes (up to
 * three months), and its month is not a monsoon month. Seed for transplants is sown in trays the
 * crop's usual indoor weeks before.
 */
function frostFreeDays(profile: ClimateProfile, crop: CalendarCrop, origin: IsoDate) {
  const { calendar } = crop;
  const { rain } = dayTable(profile, origin);
  const goodFor = (action: "sow" | "plant") => {
    const suits = suiter(profile, crop, origin, 0, action);
    const good = none();
    for (let i = 0; i < SPAN; i++) {
      good[i] = (rain[i] ?? 0) < TOO_WET_MM && suits(i);
    }
    return good;
  };
  const sows = Boolean(calendar.sowOutdoors || calendar.autumn?.method === "sow");
  const plants = Boolean(calendar.plantOut || calendar.autumn?.method === "plant");
  const result = {
    sow: sows ? goodFor("sow") : none(),
    plant: plants ? goodFor("plant") : none(),
    indoors: none(),
  };
  if (calendar.startIndoors && !calendar.plantOut) {
    // Raised in trays and set out when the weather suits: the trays go in its usual weeks before.
    const good = goodFor("plant");
    const lead = -calendar.startIndoors.from * 7;
    for (let i = 0; i + lead < SPAN; i++) result.indoors[i] = good[i + lead] ?? false;
    if (!sows) result.plant = good;
  }
  markIndoors(calendar, result.plant, result.indoors);
  return result;
}

/** Runs of marked days as [first, last] indexes. */
function runs(days: Days): [number, number][] {
  const found: [number, number][] = [];
  let start = -1;
  for (let i = 0; i <= days.length; i++) {
    if (days[i] && start < 0) start = i;
    if (!days[i] && start >= 0) {
      found.push([start, i - 1]);
      start = -1;
    }
  }
  return found;
}

/**
 * Harvest days: annuals from each sowing or planting day plus their days to maturity (from
 * planting out, less the weeks already grown indoors), frost-tender ones ending at the first frost;
 * perennials and fruit in their own weeks from the last frost.
 */
function harvestDays(
  profile: ClimateProfile,
  crop: CalendarCrop,
  origin: IsoDate,
  sow: Days,
  plant: Days,
): Days {
  const { calendar, daysToMaturity } = crop;
  const days = none();
  if (calendar.harvest) {
    if (!hasFrost(profile)) return days;
    const firstYear = Number(origin.slice(0, 4));
    for (let year = firstYear - 1; year <= firstYear + 3; year++) {
      const lastFrost = onYear(profile.lastFrost ?? "", year);
      mark(
        days,
        origin,
        addDays(lastFrost, calendar.harvest.from * 7),
        addDays(lastFrost, calendar.harvest.to * 7),
      );
    }
    return days;
  }
  const fromPlanting = Math.max(0, daysToMaturity.min - indoorDays(calendar));
  const spread = daysToMaturity.max - daysToMaturity.min;
  const add = (marked: Days, ready: number) => {
    for (const [start, end] of runs(marked)) {
      for (let i = start + ready; i <= Math.min(SPAN - 1, end + ready + spread); i++)
        days[i] = true;
    }
  };
  add(sow, daysToMaturity.min);
  add(plant, fromPlanting);
  const table = dayTable(profile, origin);
  // A frozen month crops nothing, whatever the plant survives (NaN, unknown, is not below 0).
  for (let i = 0; i < SPAN; i++) {
    if (days[i] && (table.means[i] ?? 0) < 0) days[i] = false;
  }
  if (calendar.frost === "tender" && hasFrost(profile)) {
    // Nothing of a frost-tender crop survives from the first autumn frost to the last spring one.
    for (let i = 0; i < SPAN; i++) {
      const monthDay = table.monthDay[i] ?? "";
      const spring = profile.lastFrost ?? "";
      const autumn = profile.firstFrost ?? "";
      const winter =
        autumn > spring
          ? monthDay >= autumn || monthDay < spring
          : monthDay >= autumn && monthDay < spring;
      if (winter) days[i] = false;
    }
  }
  return days;
}

/** Why a crop is not sown or planted now, judged on today's typical weather. */
function reasonToday(
  profile: ClimateProfile,
  crop: CalendarCrop,
  today: IsoDate,
  lastFrostAhead: IsoDate | null,
  firstFrostBehind: IsoDate | null,
  lastClosed: IsoDate | null,
): NotNowReason {
  // Where frost sets the season, a window that has just closed says more than "too late".
  const late = (): NotNowReason =>
    lastClosed
      ? { code: "closed", on: lastClosed }
      : { code: "too-late", firstFrost: firstFrostBehind };
  const { max } = crop.calendar.growsInMeanC;
  const min = leastMean(crop.calendar, "plant");
  const winter = lastFrostAhead && firstFrostBehind;
  if (winter && crop.calendar.frost === "tender") return { code: "frost", until: lastFrostAhead };
  if (!profile.monthlyMeanC) return hasFrost(profile) ? late() : { code: "no-window" };
  // Today's weather, or the weeks ahead that a crop sown today would have to grow in.
  const ahead = [0, 15, 30, 45, 60].map(
    (days) => Math.round(meanTemperatureOn(profile, addDays(today, days)) * 10) / 10,
  );
  const coldest = Math.min(...ahead);
  const hottest = Math.max(...ahead);
  if (coldest < min - COLD_MARGIN) return { code: "too-cold", meanC: coldest, needC: min };
  if (hottest > max + COLD_MARGIN || (ahead[0] ?? 0) > max) {
    return { code: "too-hot", meanC: hottest, limitC: max };
  }
  const rainMm = monthRainOn(profile, today);
  if (!hasFrost(profile) && rainMm >= TOO_WET_MM) return { code: "too-wet", rainMm };
  if (hasFrost(profile)) return late();
  return { code: "no-window" };
}

/** The frost dates around today: the next last-spring frost if winter is on, and the one before. */
function frostAround(profile: ClimateProfile, today: IsoDate) {
  if (!hasFrost(profile)) return { lastFrostAhead: null, firstFrostBehind: null };
  const year = Number(today.slice(0, 4));
  const dates = (monthDay: string) => [year - 1, year, year + 1].map((y) => onYear(monthDay, y));
  const lastFrostAhead =
    dates(profile.lastFrost ?? "").find((d) => compareDates(d, today) > 0) ?? null;
  const firstFrostBehind =
    dates(profile.firstFrost ?? "")
      .filter((d) => compareDates(d, today) <= 0)
      .at(-1) ?? null;
  // Winter is on when the last autumn frost came after the last spring frost before today.
  const lastSpringBehind = dates(profile.lastFrost ?? "")
    .filter((d) => compareDates(d, today) <= 0)
    .at(-1);
  const inWinter =
    firstFrostBehind !== null &&
    (lastSpringBehind === undefined || compareDates(firstFrostBehind, lastSpringBehind) > 0);
  return inWinter
    ? { lastFrostAhead, firstFrostBehind }
    : { lastFrostAhead: null, firstFrostBehind };
}

/** Order of preference when several actions are open: what goes outside first. */
const ACTIONS: Exclude<CalendarAction, "harvest">[] = ["plant-out", "sow", "start-indoors"];

/**
 * A crop's next twelve months at a place (ASSISTANT.md and issue 23): when to start it indoors,
 * sow it outside, plant it out and harvest it, and whether today is a time to do so. Works from the
 * frost dates where the place has frost (either hemisphere) and from monthly temperature and
 * rainfall where it has none. Houseplants are planted any time indoors.
 */
export function plantingCalendar(
  profile: ClimateProfile,
  crop: CalendarCrop,
  today: IsoDate,
): CropYear {
  if (crop.calendar.season === "indoor") {
    return { windows: [], verdict: { status: "indoors", action: null } };
  }
  const origin = addDays(today, -LOOK_BACK);
  const days = hasFrost(profile)
    ? frostDays(profile, crop, origin)
    : frostFreeDays(profile, crop, origin);
  const harvest = harvestDays(profile, crop, origin, days.sow, days.plant);
  const byAction: Record<CalendarAction, Days> = {
    "start-indoors": days.indoors,
    sow: days.sow,
    "plant-out": days.plant,
    harvest,
  };
  const windows: CalendarWindow[] = [];
  let lastClosed: number | null = null;
  for (const action of ["start-indoors", "sow", "plant-out", "harvest"] as const) {
    for (const [start, end] of runs(byAction[action])) {
      if (action !== "harvest" && end < LOOK_BACK && end - start + 1 >= MIN_WINDOW_DAYS) {
        lastClosed = Math.max(lastClosed ?? end, end);
      }
      const from = Math.max(start, LOOK_BACK);
      const to = Math.min(end, LOOK_BACK + HORIZON - 1);
      // A few days where a month's typical weather only just suits are no window to plan by.
      if (from > to || end - start + 1 < MIN_WINDOW_DAYS) continue;
      windows.push({ action, from: addDays(origin, from), to: addDays(origin, to) });
    }
  }
  windows.sort((a, b) => compareDates(a.from, b.from));
  const open = ACTIONS.map((action) =>
    windows.find((w) => w.action === action && w.from === today),
  ).find(Boolean);
  if (open) {
    const allYear = open.to === addDays(today, HORIZON - 1);
    return { windows, verdict: { status: "now", action: open.action, until: open.to, allYear } };
  }
  const upcoming = windows.filter((w) => w.action !== "harvest");
  const next = upcoming[0] ?? null;
  if (next && daysBetween(today, next.from) <= SOON_DAYS) {
    return { windows, verdict: { status: "soon", action: next.action, from: next.from } };
  }
  const { lastFrostAhead, firstFrostBehind } = frostAround(profile, today);
  return {
    windows,
    verdict: {
      status: "not-now",
      reason: reasonToday(
        profile,
        crop,
        today,
        lastFrostAhead,
        firstFrostBehind,
        lastClosed === null ? null : addDays(origin, lastClosed),
      ),
      next,
    },
  };
}
