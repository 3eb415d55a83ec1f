import type { GardenType, GrowLighting } from "../../../core/schemas/grow-guide";
import type { Plant } from "../../../core/schemas/plant";

type Medium = Plant["medium"];
type PlacePlant = Plant["place"];
type Lights = Plant["lights"];
type StartMethod = NonNullable<Plant["startMethod"]>;

/** The spec's labels for the lower-case wire values (spec §5 Add Plant). */
export const mediumLabels: Record<Medium, string> = {
  hydroponics: "Hydroponics",
  cocopeat: "Cocopeat",
  soil: "Soil",
};
export const placeLabels: Record<PlacePlant, string> = { indoor: "Indoor", outdoor: "Outdoor" };
export const lightsLabels: Record<Lights, string> = { sun: "Sun", led: "LED" };
export const startMethodLabels: Record<StartMethod, string> = {
  seed: "Seed",
  seedling: "Seedling",
  cutting: "Cutting",
};

/** Spec §5 Grow Along's labels: a plant tracked from a guide keeps its type and lighting. */
export const gardenTypeLabels: Record<GardenType, string> = {
  container: "Container",
  "raised-bed": "Raised Bed",
  "in-ground": "In-Ground",
  "hydroponic-system": "Hydroponic System",
  indoor: "Indoor",
  balcony: "Balcony",
};
export const lightingLabels: Record<GrowLighting, string> = {
  "full-sun": "Full Sun",
  "partial-shade": "Partial Shade",
  led: "LED Grow Lights",
  mixed: "Mixed (Sun + LED)",
};

/**
 * A plant's setup in words, as a Grow Along guide writes it: "Soil · Container · Outdoor ·
 * Full Sun". The guide's garden type and lighting, when it was tracked from one, say more than
 * the place and lights ("Indoor" is not said twice).
 */
export function setupWords(
  plant: Pick<Plant, "medium" | "place" | "lights" | "gardenType" | "growLighting">,
): string {
  const { gardenType, growLighting } = plant;
  return [
    mediumLabels[plant.medium],
    gardenType ? gardenTypeLabels[gardenType] : null,
    gardenType === "indoor" ? null : placeLabels[plant.place],
    growLighting ? lightingLabels[growLighting] : lightsLabels[plant.lights],
  ]
    .filter((word) => word !== null)
    .join(" · ");
}

export const options = <T extends string>(labels: Record<T, string>) =>
  (Object.entries(labels) as [T, string][]).map(([value, label]) => ({ value, label }));
