import type { GardenType, GrowLighting } from "../../../core/schemas/grow-guide";
import type { Plant } from "../../../core/schemas/plant";
import { lightsLabels, mediumLabels, placeLabels } from "./labels";

// Apart from labels.ts, which the home page's plant cards load: only the plant page and Grow
// Along need these.

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
