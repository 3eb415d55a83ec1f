import { guideSetup } from "../../../core/garden/grow-guide";
import {
  type Climate,
  climateValues,
  type GardenType,
  type GrowExperience,
  type GrowGuide,
  type GrowGuideRequest,
  type GrowLighting,
  growExperienceValues,
} from "../../../core/schemas/grow-guide";
import type { PlantCreate } from "../../../core/schemas/plant";
import type { Medium } from "../../../core/schemas/plant-setup";

/** Spec §5 Grow Along: each option's label, in the spec's order, for the wire values. */
export const mediumLabels: Record<Medium, string> = {
  soil: "Soil",
  cocopeat: "Cocopeat",
  hydroponics: "Hydroponics",
};
// Shared with the plant page, which shows a tracked plant's garden type and lighting.
export { gardenTypeLabels, lightingLabels } from "../../components/plant-fields/setup-words";
export const experienceLabels: Record<GrowExperience, string> = {
  beginner: "Beginner",
  some: "Some Experience",
  intermediate: "Intermediate",
  advanced: "Advanced",
};
export const climateLabels: Record<Climate, string> = {
  tropical: "Tropical",
  subtropical: "Subtropical",
  temperate: "Temperate",
  arid: "Arid",
  desert: "Desert",
  mediterranean: "Mediterranean",
  cold: "Cold",
  alpine: "Alpine",
};

export interface GrowDraft {
  location: string;
  plant: { name: string; slug: string | null } | null;
  medium: Medium | "";
  gardenType: GardenType | "";
  lighting: GrowLighting | "";
  experience: GrowExperience | "";
  climate: Climate | "";
}

/** A stored value (a browser key) when it is one of the options, else nothing chosen. */
function optionOrEmpty<T extends string>(values: readonly T[], value: string | null): T | "" {
  return values.includes(value as T) ? (value as T) : "";
}

/**
 * The form as it opens: the stored location, experience (onboarding's) and climate (the last
 * guide's) filled in where this browser has them; everything else is the gardener's to choose.
 */
export function initialDraft(stored: {
  location: string | null;
  experience: string | null;
  climate: string | null;
}): GrowDraft {
  return {
    location: stored.location ?? "",
    plant: null,
    medium: "",
    gardenType: "",
    lighting: "",
    experience: optionOrEmpty(growExperienceValues, stored.experience),
    climate: optionOrEmpty(climateValues, stored.climate),
  };
}

/** What each field is called when the form says what is still missing. */
const fieldNames: Record<keyof GrowDraft, string> = {
  location: "location",
  plant: "plant",
  medium: "growing medium",
  gardenType: "gardening type",
  lighting: "lighting",
  experience: "experience",
  climate: "climate",
};

/**
 * Spec §5 Grow Along: the guide button is enabled only when location, plant, medium, type,
 * light, experience and climate are all non-empty. Returns the names of the empty ones, in the
 * form's order.
 */
export function missingFields(draft: GrowDraft): string[] {
  return (Object.keys(fieldNames) as (keyof GrowDraft)[])
    .filter((field) => {
      const value = draft[field];
      if (field === "plant") return !draft.plant?.name.trim();
      return typeof value !== "string" || value.trim() === "";
    })
    .map((field) => fieldNames[field]);
}

/** "a", "a and b", "a, b and c". */
export function listWords(words: readonly string[]): string {
  if (words.length <= 1) return words.join("");
  return `${words.slice(0, -1).join(", ")} and ${words[words.length - 1]}`;
}

/** Why the guide button is disabled, or null when it is not. */
export function disabledReason(draft: GrowDraft): string | null {
  const missing = missingFields(draft);
  if (missing.length === 0) return null;
  return `Fill in the ${listWords(missing)} to get your guide.`;
}

/** The POST /api/gardening/grow-guide body, or null while a field is empty. */
export function toRequest(draft: GrowDraft): GrowGuideRequest | null {
  const { plant, medium, gardenType, lighting, experience, climate } = draft;
  const location = draft.location.trim();
  if (!plant?.name.trim() || !location) return null;
  if (!medium || !gardenType || !lighting || !experience || !climate) return null;
  return {
    plant: plant.name.trim(),
    ...(plant.slug ? { cropSlug: plant.slug } : {}),
    location,
    medium,
    gardenType,
    lighting,
    experience,
    climate,
  };
}

export type TrackPlantBody = PlantCreate & { guide: GrowGuide };

/**
 * 'Track this plant': POST /api/plants with the guide. The plant is set up as the form described
 * it — spec §9: indoor if the type mentions indoor or the light mentions LED or grow; LED or mixed
 * light is tracked as LED, and a hydroponic system grows in hydroponics.
 */
export function trackPlantBody(
  request: GrowGuideRequest,
  guide: GrowGuide,
  today: string,
): TrackPlantBody {
  const setup = guideSetup(request);
  return {
    name: guide.plant,
    ...(guide.cropSlug ? { cropSlug: guide.cropSlug } : {}),
    medium: setup.medium,
    place: setup.place,
    lights: setup.lights,
    plantingDate: today,
    guide,
  };
}
