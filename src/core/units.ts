// The one place Tendril converts between temperature scales. Rules compare in °C; these give a
// reading in the other scale unrounded, and each caller rounds as its display needs (whole °F in
// sentences and on cards, one decimal in the weather payload's temperatureF).

/** °C → °F. Written (c × 9) / 5 + 32 rather than c × 1.8 + 32: the two differ in the last bit for
 * some inputs, and a rounding caller at a .5 boundary would show it. */
export function celsiusToFahrenheit(celsius: number): number {
  return (celsius * 9) / 5 + 32;
}

/** °F → °C (a provider that answered in °F). */
export function fahrenheitToCelsius(fahrenheit: number): number {
  return ((fahrenheit - 32) * 5) / 9;
}

/** A metric quantity followed by its imperial one in brackets: "5 cm (2 in)", "21 °C (70 °F)". */
const METRIC_THEN_IMPERIAL =
  /(−?-?[\d.,]+(?:[–-]−?-?[\d.,]+)?\s?(?:mm|cm|m|km|L|ml|°C|kg|g)\b)\s\(([^()]*?\d[^()]*?\s?(?:in|ft|yd|°F|US gal|gal|qt|lb|oz)\b[^()]*)\)/g;

/**
 * Text written metric first (the knowledge base's rule) in the gardener's units: for "F" (US
 * customary) each "metric (imperial)" pair is turned round; for "C" the text is kept as written.
 */
export function localizeUnits(text: string, units: "C" | "F"): string {
  if (units !== "F") return text;
  return text.replace(
    METRIC_THEN_IMPERIAL,
    (_, metric: string, imperial: string) => `${imperial} (${metric})`,
  );
}
