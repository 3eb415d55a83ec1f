import type { Climate } from "../schemas/grow-guide";

/** What the climate kind needs of a place's climate (GET /api/me/climate's answer has it). */
export interface ClimateFigures {
  zone: string | null;
  frostFree: boolean;
  monthlyMeanC: readonly number[] | null;
  monthlyRainMm: readonly number[] | null;
  hemisphere: "north" | "south";
}

/** Annual rainfall below these is desert, then arid (semi-arid), mm. */
const DESERT_MM = 250;
const ARID_MM = 500;
/** A coldest month this warm is tropical (Köppen's A climates), °C. */
const TROPICAL_C = 18;
/** A coldest month this mild, without tropical warmth, grows subtropical crops (Delhi, Brisbane). */
const SUBTROPICAL_C = 13;
/** A coldest month below this freezes the ground (Köppen's D climates), °C. */
const COLD_C = -3;
/**
 * A summer this much drier than its winter, with winters this mild, is Mediterranean (San
 * Francisco, Perth, Athens, Rome); Seattle's dry summers come with colder winters, and a gardener
 * there plans a temperate year.
 */
const DRY_SUMMER_SHARE = 0.3;
const MEDITERRANEAN_WINTER_C = 8;

const sum = (values: readonly number[]) => values.reduce((a, b) => a + b, 0);

/** The three months of summer and of winter, January first (0-based), in the place's hemisphere. */
function seasons(hemisphere: "north" | "south") {
  const northSummer = [5, 6, 7];
  const northWinter = [11, 0, 1];
  return hemisphere === "north"
    ? { summer: northSummer, winter: northWinter }
    : { summer: northWinter, winter: northSummer };
}

function fromZone(zone: string | null, frostFree: boolean): Climate {
  const number = zone ? Number.parseInt(zone, 10) : Number.NaN;
  if (number >= 11) return "tropical";
  if (number >= 10 || frostFree) return "subtropical";
  if (number <= 5) return "cold";
  return "temperate";
}

/**
 * The Grow Along climate that fits a place (issue 23: Grow Along fills its climate from the
 * place), a simplified Köppen reading of its monthly means and rainfall; by the hardiness zone
 * alone when the months are unknown. Alpine is never guessed: elevation is not known here.
 */
export function climateKind(place: ClimateFigures): Climate {
  const means = place.monthlyMeanC;
  if (!means || means.length !== 12) return fromZone(place.zone, place.frostFree);
  const coldest = Math.min(...means);
  const rain =
    place.monthlyRainMm && place.monthlyRainMm.length === 12 ? place.monthlyRainMm : null;
  if (rain && sum(rain) < DESERT_MM) return "desert";
  if (rain && sum(rain) < ARID_MM) return "arid";
  if (coldest >= TROPICAL_C) return "tropical";
  if (rain && coldest >= MEDITERRANEAN_WINTER_C) {
    const { summer, winter } = seasons(place.hemisphere);
    const summerRain = sum(summer.map((m) => rain[m] ?? 0));
    const winterRain = sum(winter.map((m) => rain[m] ?? 0));
    if (summerRain < DRY_SUMMER_SHARE * winterRain) return "mediterranean";
  }
  if (coldest >= SUBTROPICAL_C) return "subtropical";
  if (coldest < COLD_C) return "cold";
  return "temperate";
}
