import type {
  Climate,
  GardenType,
  GrowExperience,
  GrowLighting,
  GuideSetup,
} from "../../schemas/grow-guide";
import type { Medium } from "../../schemas/plant-setup";
import { inferPlace } from "../baseline-care";
import type { NumberRange, PlanCrop } from "../plan-generator";

/**
 * The catalogue fields the grow guide reads (a full catalogue entry fits), declared structurally
 * like `PlanCrop` so this module does not depend on the catalogue schema.
 */
export interface GuideCrop extends PlanCrop {
  sunlight: "full-sun" | "partial-shade" | "shade";
  spacingCm: number;
  /** The soil it likes, as a phrase ("Rich, well-drained loam"). */
  soil: string;
  /** Soil pH. */
  ph: NumberRange;
  /** The catalogue's climate note ("Cool season; bolts in heat"). */
  climate: string;
  /** Null where the crop is started from cuttings, crowns, tubers, bulbs or young plants. */
  daysToGermination: NumberRange | null;
  /** To first harvest or bloom (for houseplants, an established plant). */
  daysToMaturity: NumberRange;
}

/** The Grow Along form (spec §5), with the crop it names (null: a custom plant). */
export interface GuideInput {
  crop: GuideCrop | null;
  plantName: string;
  location?: string | null;
  medium: Medium;
  gardenType: GardenType;
  lighting: GrowLighting;
  experience: GrowExperience;
  climate: Climate;
}

const COOL_SEASON = /\bcool\b|bolts?\b/i;
const FROST_TENDER =
  /tender|sensitive|warm season|hot season|tropical|subtropical|needs heat|keep above|indoors/i;

/** Rule: hydroponics is the medium, or the garden type is a hydroponic system. */
export function isHydroponic(input: Pick<GuideInput, "medium" | "gardenType">): boolean {
  return input.medium === "hydroponics" || input.gardenType === "hydroponic-system";
}

/**
 * Rule: what the plant is tracked as. A hydroponic system's medium is hydroponics; the place is
 * inferred as spec §9 says (indoor for the indoor type or LED light); mixed light has LEDs.
 */
export function guideSetup(
  input: Pick<GuideInput, "medium" | "gardenType" | "lighting">,
): GuideSetup {
  return {
    medium: isHydroponic(input) ? "hydroponics" : input.medium,
    place: inferPlace({ gardeningType: input.gardenType, lighting: input.lighting }),
    lights: isLedLighting(input.lighting) ? "led" : "sun",
  };
}

const isLedLighting = (lighting: GrowLighting) => lighting === "led" || lighting === "mixed";

/**
 * Rule: the garden type and lighting a plant tracked from a guide keeps, each only where it
 * agrees with the place and lights it is saved with (an "indoor" type indoors; full sun or
 * partial shade with sun, LED or mixed with LED), so the plant never says two things.
 */
export function trackedSetup(
  guide: { gardenType?: GardenType; lighting?: GrowLighting },
  plant: Pick<GuideSetup, "place" | "lights">,
): { gardenType: GardenType | null; lighting: GrowLighting | null } {
  const { gardenType = null, lighting = null } = guide;
  return {
    gardenType: gardenType === "indoor" && plant.place !== "indoor" ? null : gardenType,
    lighting: lighting && isLedLighting(lighting) !== (plant.lights === "led") ? null : lighting,
  };
}

/** Rule: grown in a pot — containers, balconies, and indoors unless in a hydroponic system. */
export function isPotted(input: Pick<GuideInput, "medium" | "gardenType">): boolean {
  if (isHydroponic(input)) return false;
  return (
    input.gardenType === "container" ||
    input.gardenType === "balcony" ||
    input.gardenType === "indoor"
  );
}

export interface ClimateTraits {
  frost: "cold" | "alpine" | null;
  /** Hot enough for daily watering and afternoon shade. */
  hot: boolean;
  /** Long dry spells: mulch and deep watering. */
  dry: boolean;
  /** Humid heat: drainage and airflow. */
  humid: boolean;
}

/** Rule: what each climate of the form means for the guide. */
export function climateTraits(climate: Climate): ClimateTraits {
  return {
    frost: climate === "cold" || climate === "alpine" ? climate : null,
    hot: climate === "arid" || climate === "desert" || climate === "tropical",
    dry: climate === "arid" || climate === "desert" || climate === "mediterranean",
    humid: climate === "tropical" || climate === "subtropical",
  };
}

/** A cool-season crop (the catalogue's climate note says cool season or bolting). */
export function isCoolSeason(crop: GuideCrop | null): boolean {
  return crop !== null && COOL_SEASON.test(crop.climate);
}

/**
 * Frost kills it: the catalogue's climate note says tender, warm or hot season, tropical, or
 * "keep above"; a custom plant counts as tender, to be safe.
 */
export function isFrostTender(crop: GuideCrop | null): boolean {
  return crop === null || FROST_TENDER.test(crop.climate);
}

/** The form read once: the rules of this module applied, for the tasks, tips and steps. */
export interface GuideContext {
  input: GuideInput;
  name: string;
  setup: GuideSetup;
  hydroponic: boolean;
  potted: boolean;
  traits: ClimateTraits;
}

export function contextOf(input: GuideInput): GuideContext {
  const name = input.plantName.trim() || input.crop?.name || "Plant";
  return {
    input,
    name,
    setup: guideSetup(input),
    hydroponic: isHydroponic(input),
    potted: isPotted(input),
    traits: climateTraits(input.climate),
  };
}

/** Daily watering: a hot, dry climate, or pots in tropical heat. */
export function watersDaily(ctx: GuideContext): boolean {
  const { traits } = ctx;
  return traits.hot && (traits.dry || ctx.potted) && ctx.setup.place === "outdoor";
}
