import type { GardenerContext, GardenPlant } from "../../src/server/providers/ai/assistant";

/** A gardener with no plants, tasks, place or forecast: answers come from the knowledge alone. */
export function gardenerContext(overrides: Partial<GardenerContext> = {}): GardenerContext {
  return {
    today: "2026-05-01",
    displayName: "Sam",
    experience: "beginner",
    units: "C",
    zip: null,
    zone: null,
    zoneTitle: null,
    tempRange: null,
    location: null,
    plants: [],
    focusPlant: null,
    overdue: [],
    dueToday: [],
    upcoming: [],
    weather: null,
    ...overrides,
  };
}

/** A tomato growing outdoors in soil, 30 days old; any field can be changed. */
export function gardenPlant(overrides: Partial<GardenPlant> = {}): GardenPlant {
  return {
    id: "plant-1",
    name: "Tomato",
    cropSlug: "tomato",
    cropName: "Tomato",
    medium: "soil",
    place: "outdoor",
    plantingDate: "2026-04-01",
    lights: "sun",
    ageDays: 30,
    stage: "Vegetative",
    stageDay: 5,
    stageLength: 30,
    nextStage: null,
    harvestDate: null,
    notes: null,
    ...overrides,
  };
}
