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

export const options = <T extends string>(labels: Record<T, string>) =>
  (Object.entries(labels) as [T, string][]).map(([value, label]) => ({ value, label }));
