import { describe, expect, it } from "vitest";
import type { GrowGuide, GrowGuideRequest } from "../../../core/schemas/grow-guide";
import {
  disabledReason,
  type GrowDraft,
  initialDraft,
  listWords,
  missingFields,
  toRequest,
  trackPlantBody,
} from "./form";

const filled: GrowDraft = {
  location: "Leeds",
  plant: { name: "Tomato", slug: "tomato" },
  medium: "soil",
  gardenType: "container",
  lighting: "full-sun",
  experience: "beginner",
  climate: "temperate",
};

describe("the guide button's rule (spec §5 Grow Along)", () => {
  it("is enabled only when all seven fields are filled", () => {
    expect(missingFields(filled)).toEqual([]);
    expect(disabledReason(filled)).toBeNull();
    expect(toRequest(filled)).not.toBeNull();
  });

  it.each([
    ["location", { location: "" }],
    ["location", { location: "   " }],
    ["plant", { plant: null }],
    ["plant", { plant: { name: " ", slug: null } }],
    ["growing medium", { medium: "" }],
    ["gardening type", { gardenType: "" }],
    ["lighting", { lighting: "" }],
    ["experience", { experience: "" }],
    ["climate", { climate: "" }],
  ] as const)("is disabled without the %s", (name, change) => {
    const draft = { ...filled, ...change } as GrowDraft;
    expect(missingFields(draft)).toEqual([name]);
    expect(disabledReason(draft)).toBe(`Fill in the ${name} to get your guide.`);
    expect(toRequest(draft)).toBeNull();
  });

  it("names every missing field, in the form's order", () => {
    const draft = initialDraft({ location: null, experience: null, climate: null });
    expect(disabledReason(draft)).toBe(
      "Fill in the location, plant, growing medium, gardening type, lighting, experience and climate to get your guide.",
    );
  });

  it("starts from the stored location, experience and climate when they are valid options", () => {
    expect(
      initialDraft({ location: "94103", experience: "intermediate", climate: "arid" }),
    ).toMatchObject({ location: "94103", experience: "intermediate", climate: "arid" });
    expect(initialDraft({ location: null, experience: "expert", climate: "Humid" })).toMatchObject({
      location: "",
      experience: "",
      climate: "",
    });
  });

  it("sends the trimmed text, and the crop's slug only when one was picked", () => {
    expect(
      toRequest({ ...filled, location: "  Leeds ", plant: { name: " Tomato ", slug: "tomato" } }),
    ).toEqual({
      plant: "Tomato",
      cropSlug: "tomato",
      location: "Leeds",
      medium: "soil",
      gardenType: "container",
      lighting: "full-sun",
      experience: "beginner",
      climate: "temperate",
    });
    expect(toRequest({ ...filled, plant: { name: "Moonflower", slug: null } })).not.toHaveProperty(
      "cropSlug",
    );
  });

  it("lists words as a sentence does", () => {
    expect(listWords(["a"])).toBe("a");
    expect(listWords(["a", "b"])).toBe("a and b");
    expect(listWords(["a", "b", "c"])).toBe("a, b and c");
  });
});

const guide: GrowGuide = {
  plant: "Tomato",
  cropSlug: "tomato",
  custom: false,
  engine: "built-in",
  stages: [{ name: "Germination", startDay: 0, endDay: 9, description: "" }],
  tasks: [{ title: "Water", dueInDays: 0, repeatEveryDays: 2 }],
  tips: [],
  instructions: [],
  sources: [],
  setup: { medium: "soil", place: "outdoor", lights: "sun" },
};

const request = (change: Partial<GrowGuideRequest>): GrowGuideRequest => ({
  plant: "Tomato",
  location: "Leeds",
  medium: "soil",
  gardenType: "container",
  lighting: "full-sun",
  experience: "beginner",
  climate: "temperate",
  ...change,
});

describe("tracking a guide: the plant's place and lights (spec §9)", () => {
  const setupOf = (change: Partial<GrowGuideRequest>) => {
    const { medium, place, lights } = trackPlantBody(request(change), guide, "2026-05-01");
    return { medium, place, lights };
  };

  it("is outdoor in the sun for sun-lit types outdoors", () => {
    for (const gardenType of ["container", "raised-bed", "in-ground", "balcony"] as const)
      expect(setupOf({ gardenType })).toEqual({ medium: "soil", place: "outdoor", lights: "sun" });
    expect(setupOf({ lighting: "partial-shade" })).toEqual({
      medium: "soil",
      place: "outdoor",
      lights: "sun",
    });
  });

  it("is indoor when the type mentions indoor", () => {
    expect(setupOf({ gardenType: "indoor" })).toMatchObject({ place: "indoor", lights: "sun" });
  });

  it("is indoor under LED grow lights, tracked as LED", () => {
    expect(setupOf({ lighting: "led" })).toMatchObject({ place: "indoor", lights: "led" });
  });

  it("tracks mixed sun and LED as LED", () => {
    expect(setupOf({ lighting: "mixed" })).toMatchObject({ lights: "led" });
  });

  it("grows a hydroponic system in hydroponics", () => {
    expect(setupOf({ gardenType: "hydroponic-system" })).toMatchObject({
      medium: "hydroponics",
    });
    expect(setupOf({ medium: "cocopeat" })).toMatchObject({ medium: "cocopeat" });
  });

  it("sends the guide's plant, its crop and today, with the guide itself", () => {
    expect(trackPlantBody(request({}), guide, "2026-05-01")).toEqual({
      name: "Tomato",
      cropSlug: "tomato",
      medium: "soil",
      place: "outdoor",
      lights: "sun",
      plantingDate: "2026-05-01",
      guide,
    });
    const custom = { ...guide, plant: "Moonflower", cropSlug: null, custom: true };
    expect(trackPlantBody(request({}), custom, "2026-05-01")).not.toHaveProperty("cropSlug");
  });
});
