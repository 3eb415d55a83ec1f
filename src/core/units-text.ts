// Quantities inside sentences, in the gardener's units. Tendril writes and stores text metric
// (the knowledge base adds imperial in brackets); a gardener who chose °F reads it in US
// customary units, rewritten as it is sent. The rules read temperatures as readings or
// thresholds ("above 12 °C"): a difference ("2 °C warmer") would convert with a wrong offset, so
// text never states one in figures.

import { celsiusToFahrenheit } from "./units";

/** A figure as written: "5", "−2", "1,000", "2.5" (a comma only groups thousands). */
const NUMBER = String.raw`[−-]?(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?`;
/** What joins the two ends of a range: "5–7", "5 - 7", "18 to 24", "18 and 24", "1 or 2". */
const RANGE_JOIN = String.raw`\s?[–-]\s?|\s(?:to|and|or)\s`;
/** The metric units rewritten, longest first so "mm" is never read as "m" and "km/h" not as "km". */
const METRIC_UNIT = String.raw`km\/h|kph|°\s?C|mm|cm|km|m²|m|ml|mL|L|litres?|liters?`;
/** A figure or range with its unit, not inside a word or a longer figure ("A4", "mS/cm", "m³"). */
const QUANTITY = String.raw`(?<![\w.,])(${NUMBER})(?:(${RANGE_JOIN})(${NUMBER}))?\s?(${METRIC_UNIT})(?![\w²³])`;

/** The US units an imperial bracket may give. */
const US_UNIT =
  "in|inch(?:es)?|ft|feet|foot|yd|°F|US gal|gal|qt|quarts?|pints?|cups?|fl oz|oz|lb|mph|sq ft|tsp|tbsp|tablespoons?|teaspoons?";
/**
 * The knowledge base's "metric (imperial)": "30 cm (12 in)", "5 L per square metre (1 US gal
 * per 10 sq ft)", "300 g/m² (6 lb per 100 sq ft)". The metric side may be a mass or a power
 * too; a rate's "per …" sits between the two.
 */
const PAIR = new RegExp(
  String.raw`(?<![\w.,])${NUMBER}(?:(?:${RANGE_JOIN})${NUMBER})?\s?(?:${METRIC_UNIT}|kg|g|W)(?![\w²³])` +
    String.raw`((?:\s?\/|\sper\s)[^()\d]{1,24}?)?\s\(([^()]*?[\d¼½¾⅛⅓⅔][^()]*?\s?(?:${US_UNIT})(?![\w])[^()]*)\)`,
  "g",
);
const QUANTITIES = new RegExp(QUANTITY, "g");

/** Metric lengths the knowledge base gives in words, not figures. */
const LENGTH_WORDS: [RegExp, string][] = [
  [/\ba few centimet(?:re|er)s\b/g, "an inch or two"],
  [/\bfew centimet(?:re|er)s\b/g, "inch or two"],
  [/\bseveral centimet(?:re|er)s\b/g, "a few inches"],
  [/\ba met(?:re|er) or two\b/g, "a few feet"],
  [/\bkilomet(?:re|er)s\b/g, "miles"],
];

const parse = (figure: string) => Number(figure.replace(/,/g, "").replace("−", "-"));

const FRACTIONS: Record<number, string> = { 0.125: "⅛", 0.25: "¼", 0.5: "½", 0.75: "¾" };

/** 1.5 → "1½", 0.25 → "¼", 12 → "12". */
function withFraction(value: number): string {
  const whole = Math.floor(value);
  const fraction = FRACTIONS[value - whole];
  if (!fraction) return String(value);
  return whole === 0 ? fraction : `${whole}${fraction}`;
}

/** Nearest multiple of `step`. */
const toStep = (value: number, step: number) => Math.round(value / step) * step;

/**
 * A length in inches as a gardener measures it: quarters under an inch (never a positive length
 * shown as 0: at least ⅛), halves under 3 in, whole inches above.
 */
function roundInches(inches: number): number {
  if (inches < 1) return inches > 0 ? Math.max(toStep(inches, 0.25), 0.125) : 0;
  return inches < 3 ? toStep(inches, 0.5) : Math.round(inches);
}

/** Halves under 3 (a 1½ ft spacing, 2½ gal), whole figures above. */
const roundHalves = (value: number) => (value < 3 ? toStep(value, 0.5) : Math.round(value));

interface UsUnit {
  unit: string;
  /** The figure in this unit, rounded for reading, from the metric one. */
  convert: (metric: number) => number;
}

const inches = (perUnit: number): UsUnit => ({
  unit: "in",
  convert: (value) => roundInches((value * perUnit) / 25.4),
});
const feet = (perUnit: number): UsUnit => ({
  unit: "ft",
  convert: (value) => roundHalves((value * perUnit) / 304.8),
});
const MILLILITRES_PER: Record<string, number> = {
  tsp: 4.929,
  tbsp: 14.787,
  "fl oz": 29.574,
  qt: 946.353,
  gal: 3785.41,
};
const volume = (unit: string, millilitresPerUnit: number): UsUnit => ({
  unit,
  convert: (value) => {
    const figure = (value * millilitresPerUnit) / (MILLILITRES_PER[unit] ?? 1);
    if (unit === "tsp") return Math.max(toStep(figure, 0.25), 0.25);
    return unit === "fl oz" ? Math.max(Math.round(figure), 1) : roundHalves(figure);
  },
});

/** Millimetres in one of each length unit. */
const MILLIMETRES: Record<string, number> = { mm: 1, cm: 10, m: 1000 };

/**
 * The US unit for a metric quantity whose largest figure is `largest`: one unit for both ends
 * of a range, chosen by its larger end ("60–120 cm" is "2–4 ft", not "24 in–4 ft").
 */
function usUnitFor(unit: string, largest: number): UsUnit {
  const mm = MILLIMETRES[unit];
  if (mm !== undefined) return (largest * mm) / 25.4 >= 35 ? feet(mm) : inches(mm);
  if (unit === "km") return { unit: "mi", convert: (km) => roundHalves(km / 1.609344) };
  if (unit === "m²") return { unit: "sq ft", convert: (m2) => Math.round(m2 * 10.7639) };
  if (unit === "km/h" || unit === "kph")
    return { unit: "mph", convert: (kmh) => Math.round(kmh / 1.609344) };
  const ml = unit === "ml" || unit === "mL" ? 1 : 1000;
  const total = largest * ml;
  if (total < 14.5) return volume("tsp", ml);
  if (total < 29.5) return volume("tbsp", ml);
  if (total < 900) return volume("fl oz", ml);
  return total < 3700 ? volume("qt", ml) : volume("gal", ml);
}

/** A °F reading in whole degrees, written with the minus sign the text used. */
function fahrenheit(figure: string): string {
  const value = Math.round(celsiusToFahrenheit(parse(figure)));
  return value < 0 ? `${figure.includes("−") ? "−" : "-"}${-value}` : String(value);
}

function toUsCustomary(
  from: string,
  join: string | undefined,
  to: string | undefined,
  unit: string,
) {
  if (unit.startsWith("°")) {
    return to === undefined
      ? `${fahrenheit(from)} °F`
      : `${fahrenheit(from)}${join}${fahrenheit(to)} °F`;
  }
  const low = parse(from);
  const high = to === undefined ? low : parse(to);
  const us = usUnitFor(unit.startsWith("l") ? "L" : unit, Math.max(Math.abs(low), Math.abs(high)));
  const first = us.convert(low);
  const second = us.convert(high);
  if (to === undefined || first === second) return `${withFraction(first)} ${us.unit}`;
  return `${withFraction(first)}${join}${withFraction(second)} ${us.unit}`;
}

/**
 * Text in the gardener's units. "C": as written (metric, with the knowledge base's imperial in
 * brackets). "F": each "metric (imperial)" pair keeps its imperial side, and every other metric
 * length, temperature, volume, area and speed is rewritten in US customary units, rounded as a
 * gardener measures ("5–7 cm" → "2–3 in", "16 °C" → "61 °F", "2 L" → "2 qt"), as are a few
 * lengths in words ("the top few centimetres" → "the top inch or two"). Rates by mass or area
 * without an imperial pair ("5 g per litre") are left as written.
 */
export function localizeUnits(text: string, units: "C" | "F"): string {
  if (units !== "F") return text;
  const words = LENGTH_WORDS.reduce((out, [metric, us]) => out.replace(metric, us), text);
  return words
    .replace(PAIR, (_, rate: string | undefined, imperial: string) =>
      rate && !/\bper\b|\//.test(imperial) ? `${imperial}${rate}` : imperial,
    )
    .replace(
      QUANTITIES,
      (_, from: string, join: string | undefined, to: string | undefined, unit: string) =>
        toUsCustomary(from, join, to, unit),
    );
}
