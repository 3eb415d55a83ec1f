import { localizeUnits } from "../units-text";
import { formatTemperature, type TemperatureUnits } from "./format";
import { PLANTING_LISTS, type Suggestion } from "./planting-lists";
import { type Hemisphere, type SeasonName, seasonNotes } from "./season";
import { DEFAULT_AVERAGE_C, type TemperatureBand, temperatureBand } from "./temperature-band";

export { averageForecastC, temperatureBand } from "./temperature-band";

export interface PlantingInput {
  averageC: number;
  /** "default" when no forecast could be had and averageC is the spec's default 20 °C. */
  averageFrom?: "forecast" | "default";
  season: SeasonName;
  hemisphere: Hemisphere;
  countryCode?: string | null;
}

export interface PlantingSuggestions {
  band: TemperatureBand;
  summary: string[];
  vegetables: Suggestion[];
  herbs: Suggestion[];
  flowers: Suggestion[];
}

export const LAST_FROST_TIP =
  "Check your local last-frost date and soil temperature before sowing: a soil thermometer at 5–10 cm deep tells you more than the air does.";

const BAND_SUMMARY: Readonly<Record<TemperatureBand, string>> = {
  "very-cold":
    "very cold: the ground may be frozen, so start slow crops indoors and wait to sow outside.",
  cool: "cool: ideal for peas, leafy greens and root crops; protect seedlings on frosty nights.",
  mild: "mild: most seeds germinate well; plant out frost-tender crops only after the last frost.",
  warm: "warm: heat-loving crops grow fast now; water regularly and mulch to keep moisture in.",
  hot: "hot: choose heat-tolerant crops, sow in the cool of the morning or evening, and shade young seedlings.",
};

// India's seasons (spec §9) come with their own sowing calendar: kharif crops with the monsoon,
// rabi crops in the cool months that follow.
const INDIA_NOTES: Readonly<Partial<Record<SeasonName, string>>> = {
  Monsoon:
    "Monsoon is kharif sowing time: okra, beans, gourds and maize go in as the rains settle; use raised beds or free-draining pots so roots never sit in water.",
  "Post-monsoon":
    "Post-monsoon starts the rabi (cool-season) sowing across most of India: peas, carrots, radish, spinach, fenugreek and coriander.",
  Winter:
    "Winter on the Indian plains suits cool-season crops such as peas, cauliflower, carrots, spinach and coriander; sow the last of them early.",
  Summer:
    "Indian summer heat is hard on seedlings: sow heat-lovers like okra, gourds and amaranth, give afternoon shade and mulch well.",
};

function regionalNotes(input: PlantingInput): string[] {
  const indiaNote = input.countryCode === "IN" ? INDIA_NOTES[input.season] : undefined;
  return [...seasonNotes(input.season, input.hemisphere), ...(indiaNote ? [indiaNote] : [])];
}

function bandLine(
  averageC: number,
  band: TemperatureBand,
  units: TemperatureUnits,
  from: PlantingInput["averageFrom"],
): string {
  const temperature = formatTemperature(averageC, units);
  return from === "default"
    ? `No live forecast, so a typical ${temperature} is assumed, which is ${BAND_SUMMARY[band]}`
    : `Average forecast ${temperature} is ${BAND_SUMMARY[band]}`;
}

// Notes in the built-in lists are written metric; the reader gets their own units.
function localized(items: readonly Suggestion[], units: TemperatureUnits): Suggestion[] {
  return items.map((item) => ({ ...item, notes: localizeUnits(item.notes, units) }));
}

function usableAverage(averageC: number): number {
  return Number.isFinite(averageC) ? averageC : DEFAULT_AVERAGE_C;
}

/** "Season: Autumn (northern hemisphere).": a summary line whatever the lists come from. */
export function seasonLine(season: string, hemisphere: "north" | "south"): string {
  return `Season: ${season} (${hemisphere === "north" ? "northern" : "southern"} hemisphere).`;
}

/**
 * The What to Plant Now card: built-in lists for the temperature band, plus summary bullets.
 * The band is chosen in °C; temperatures in the bullets and notes are written in `units`.
 */
export function plantingSuggestions(
  input: PlantingInput,
  units: TemperatureUnits = "C",
): PlantingSuggestions {
  const averageC = usableAverage(input.averageC);
  const band = temperatureBand(averageC);
  const lists = PLANTING_LISTS[band];
  const summary = [
    bandLine(averageC, band, units, input.averageFrom),
    seasonLine(input.season, input.hemisphere),
    ...regionalNotes(input),
    LAST_FROST_TIP,
  ];

  // Copies, so a caller editing its result cannot change the built-in lists.
  return {
    band,
    summary,
    vegetables: localized(lists.vegetables, units),
    herbs: localized(lists.herbs, units),
    flowers: localized(lists.flowers, units),
  };
}

const METHOD_WORDS: Readonly<Record<Suggestion["method"], string>> = {
  direct: "sow direct",
  transplant: "transplant",
  "start-indoors": "start indoors",
};

// The weather card has room for a line per list, so only the first few names are given.
function listLine(label: string, items: readonly Suggestion[]): string {
  const names = items.slice(0, 4).map((item) => `${item.name} (${METHOD_WORDS[item.method]})`);
  return `${label}: ${names.join(", ")}.`;
}

/** The Insights object's plantingAdvice: the same guidance as short lines for the weather card. */
export function plantingAdvice(input: PlantingInput, units: TemperatureUnits = "C"): string[] {
  const { band, vegetables, herbs, flowers } = plantingSuggestions(input, units);
  const lines = [
    bandLine(usableAverage(input.averageC), band, units, input.averageFrom),
    listLine("Vegetables to plant now", vegetables),
    listLine("Herbs", herbs),
    listLine("Flowers", flowers),
    ...regionalNotes(input),
    LAST_FROST_TIP,
  ];
  return lines.map((line) => localizeUnits(line, units));
}
