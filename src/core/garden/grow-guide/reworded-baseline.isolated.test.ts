import { describe, expect, it, vi } from "vitest";
import {
  buildGrowGuide,
  EC_CHECK_EVERY_DAYS,
  type GuideInput,
  SOLUTION_CHANGE_EVERY_DAYS,
} from "./index";

// Baseline care with every title reworded: the guide must still find its tasks (by kind).
vi.mock("../baseline-care", async (importOriginal) => {
  const actual = await importOriginal<typeof import("../baseline-care")>();
  return {
    ...actual,
    baselineCareTasks: (input: Parameters<typeof actual.baselineCareTasks>[0]) =>
      actual.baselineCareTasks(input).map((task) => ({ ...task, title: `Reworded: ${task.kind}` })),
  };
});

const TOMATO: GuideInput["crop"] = {
  slug: "tomato",
  name: "Tomato",
  category: "vegetable",
  sunlight: "full-sun",
  watering: "moderate",
  soil: "Rich, well-drained loam high in organic matter",
  ph: { min: 6, max: 6.8 },
  climate: "Warm season; frost-tender, needs nights above 10 °C to set fruit",
  daysToGermination: { min: 5, max: 10 },
  daysToMaturity: { min: 100, max: 130 },
  stagePlan: [
    { name: "germination", durationDays: 8 },
    { name: "seedling", durationDays: 32 },
    { name: "harvest", durationDays: 35 },
  ],
  spacingCm: 60,
  sowingMethod: "start-indoors",
  hydroponic: { suitable: true, ec: { min: 2, max: 5 }, ph: { min: 5.5, max: 6.5 } },
};

const BASE: GuideInput = {
  crop: TOMATO,
  plantName: "Tomato",
  location: "Portland, OR",
  medium: "soil",
  gardenType: "in-ground",
  lighting: "full-sun",
  experience: "intermediate",
  climate: "temperate",
};

describe("a grow guide over reworded baseline tasks", () => {
  it("still sets the hydroponic targets and drops the separate feeding", () => {
    const { tasks } = buildGrowGuide({ ...BASE, medium: "hydroponics" });
    expect(tasks.find((t) => t.title.startsWith("Check EC/PPM and pH:"))).toMatchObject({
      dueInDays: 0,
      repeatEveryDays: EC_CHECK_EVERY_DAYS,
    });
    expect(tasks).toContainEqual({
      title: "Change the nutrient solution and set pH to 5.5–6.5",
      dueInDays: 7,
      repeatEveryDays: SOLUTION_CHANGE_EVERY_DAYS,
      type: "nutrients",
    });
    expect(tasks.map((t) => t.title)).toContain("Reworded: top-up-reservoir");
    expect(tasks.some((t) => /^Reworded: (check-ec|change-solution)/.test(t.title))).toBe(false);
    expect(tasks.some((t) => t.type === "feeding")).toBe(false);
  });

  it("still leaves out the one-off heatwave task and merges the two pest watches", () => {
    const { tasks } = buildGrowGuide({ ...BASE, climate: "desert" });
    expect(tasks.find((t) => t.title === "Reworded: water")?.repeatEveryDays).toBe(1);
    expect(tasks.some((t) => t.title === "Reworded: heatwave")).toBe(false);
    expect(tasks.filter((t) => t.type === "pest").map((t) => t.title)).toEqual([
      "Reworded: pest-watch",
    ]);
  });
});
