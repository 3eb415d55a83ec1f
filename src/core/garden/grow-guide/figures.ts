import { EC_UNIT, formatRange, type NumberRange } from "../plan-generator";
import type { GuideCrop } from "./setup";

/** Spec §9 baseline care: the pH of a nutrient change when the crop gives none. */
export const DEFAULT_NUTRIENT_PH: NumberRange = { min: 5.8, max: 6.2 };
/** How often the guide has the EC and pH of a hydroponic solution checked. */
export const EC_CHECK_EVERY_DAYS = 3;
/** How often the guide has a hydroponic solution replaced. */
export const SOLUTION_CHANGE_EVERY_DAYS = 14;
/**
 * Cold soil slows germination and early growth: outdoors, the germination and seedling stages
 * last this much longer, which also moves transplanting later.
 */
export const FROST_STRETCH: Record<"cold" | "alpine", number> = { cold: 1.25, alpine: 1.5 };
/** Spec §9 garden health: a frost-cover tip at or below this temperature. */
export const FROST_COVER_C = 2;
/** Spec §9: mulch 5–7 cm in heat. */
export const MULCH_CM = "5–7";
/** The two scales hydroponic TDS meters read EC in: ppm per mS/cm. */
export const PPM_PER_EC = { nacl: 500, k442: 700 } as const;

const LONG_NIGHTS = /long nights|short-day/i;

const round1 = (n: number) => Math.round(n * 10) / 10;

/** EC in mS/cm as ppm on a meter of the given scale, to the nearest 10. */
export function ecToPpm(ec: number, perEc: number): number {
  return Math.round((ec * perEc) / 10) * 10;
}

/**
 * Rule: the nutrient-solution targets, from the catalogue only. A crop without hydroponic data
 * (or a custom plant) gets spec §9's pH and the nutrient maker's dose instead of an EC figure.
 */
export function hydroponicTargets(crop: GuideCrop | null): string {
  const ph = formatRange(crop?.hydroponic.ph ?? DEFAULT_NUTRIENT_PH);
  const ec = crop?.hydroponic.ec ?? null;
  if (!ec) return `pH ${ph}; for strength, follow the nutrient maker's dose`;
  const ppm = (scale: number) =>
    formatRange({ min: ecToPpm(ec.min, scale), max: ecToPpm(ec.max, scale) });
  return `EC ${formatRange({ min: round1(ec.min), max: round1(ec.max) })} ${EC_UNIT} (${ppm(PPM_PER_EC.nacl)} ppm on a 500-scale meter, ${ppm(PPM_PER_EC.k442)} on a 700-scale one), pH ${ph}`;
}

/** Rule: hours of light a day by the crop's sun needs, under grow lights. */
export function growLightHours(crop: GuideCrop | null): string {
  if (crop && LONG_NIGHTS.test(crop.climate)) return "10–12";
  switch (crop?.sunlight ?? "full-sun") {
    case "shade":
      return "10–12";
    case "partial-shade":
      return "12–14";
    default:
      return "14–16";
  }
}

/** Rule: hours of direct sun a day by the crop's sun needs. */
export function sunHours(crop: GuideCrop | null): string {
  switch (crop?.sunlight ?? "full-sun") {
    case "shade":
      return "bright, indirect light, with little or no direct sun";
    case "partial-shade":
      return "3–6 hours of direct sun a day";
    default:
      return "at least 6 hours of direct sun a day";
  }
}

/** "100–130 days from sowing" (from planting where the crop is not grown from seed). */
export function maturityText(crop: GuideCrop): string {
  const from = crop.daysToGermination ? "sowing" : "planting";
  return `${formatRange(crop.daysToMaturity)} days from ${from}`;
}
