// Spec §5 Add Plant options, lower-case on the wire. Apart from plant.ts so the grow-guide schema
// (which plant.ts takes for tracking) can use them without an import cycle.
export const mediumValues = ["soil", "cocopeat", "hydroponics"] as const;
export const placeValues = ["indoor", "outdoor"] as const;
export const lightsValues = ["sun", "led"] as const;
export const startMethodValues = ["seed", "seedling", "cutting"] as const;

export type Medium = (typeof mediumValues)[number];
export type PlaceValue = (typeof placeValues)[number];
export type LightsValue = (typeof lightsValues)[number];
