import { describe, expect, it } from "vitest";
import { EC_CHECK_EVERY_DAYS, hydroponicTargets, SOLUTION_CHANGE_EVERY_DAYS } from "./figures";
import type { GuideCrop, GuideInput } from "./setup";
import { guideStagePlan } from "./stages";
import {
  establishedDay,
  type GuideCareTask,
  guideTasks,
  hydroponicTasks,
  outdoorStartDay,
} from "./tasks";

const LETTUCE: GuideCrop = {
  slug: "lettuce",
  name: "Lettuce",
  category: "vegetable",
  sunlight: "partial-shade",
  watering: "moderate",
  soil: "Loose, fertile, moisture-retentive soil",
  ph: { min: 6, max: 7 },
  climate: "Cool season; tolerates light frost, bolts in heat",
  daysToGermination: { min: 2, max: 10 },
  daysToMaturity: { min: 45, max: 75 },
  stagePlan: [{ name: "vegetative", durationDays: 35 }],
  spacingCm: 25,
  sowingMethod: "direct",
  hydroponic: { suitable: true, ec: { min: 0.8, max: 1.2 }, ph: { min: 5.5, max: 6.5 } },
};

const care = (kind: GuideCareTask["kind"], title: string, dueInDays = 0): GuideCareTask => ({
  title,
  dueInDays,
  repeatEveryDays: null,
  type: "nutrients",
  kind,
});

describe("hydroponicTasks: finds baseline care's tasks by kind, not by title", () => {
  it("rewrites a reworded EC check and solution change and drops the reworded feeding", () => {
    const tasks = hydroponicTasks(
      [
        care("check-ec", "Measure the solution's strength"),
        care("change-solution", "Refresh the reservoir", 7),
        care("feed-solution", "Give the plants their nutrients", 7),
      ],
      LETTUCE,
    );
    expect(tasks).toEqual([
      {
        ...care("check-ec", `Check EC/PPM and pH: ${hydroponicTargets(LETTUCE)}`),
        repeatEveryDays: EC_CHECK_EVERY_DAYS,
      },
      {
        ...care("change-solution", "Change the nutrient solution and set pH to 5.5–6.5", 7),
        repeatEveryDays: SOLUTION_CHANGE_EVERY_DAYS,
      },
    ]);
  });

  it("leaves a task alone whose title only reads like one of them", () => {
    const lookalikes = [
      care("check-lights", "Check EC/PPM meter batteries"),
      care("top-up-reservoir", "Change nutrient reservoir lid"),
    ];
    expect(hydroponicTasks(lookalikes, LETTUCE)).toEqual(lookalikes);
  });
});

describe("outdoorStartDay", () => {
  it("is the transplant's day, whatever the transplant is called", () => {
    expect(outdoorStartDay([care("harden-off", "Transplant seedlings soon", 33)])).toBe(0);
    expect(
      outdoorStartDay([
        care("harden-off", "Transplant seedlings soon", 33),
        care("transplant", "Plant out the young ones", 40),
      ]),
    ).toBe(40);
  });
});

const TOMATO: GuideCrop = {
  ...LETTUCE,
  slug: "tomato",
  name: "Tomato",
  sunlight: "full-sun",
  climate: "Warm season; frost-tender, needs nights above 10 °C to set fruit",
  stagePlan: [
    { name: "germination", durationDays: 8 },
    { name: "seedling", durationDays: 32 },
    { name: "vegetative", durationDays: 32 },
    { name: "harvest", durationDays: 35 },
  ],
  sowingMethod: "start-indoors",
};

const guideFor = (input: Partial<GuideInput>) => {
  const full: GuideInput = {
    crop: TOMATO,
    plantName: "Tomato",
    medium: "soil",
    gardenType: "container",
    lighting: "full-sun",
    experience: "beginner",
    climate: "mediterranean",
    ...input,
  };
  return guideTasks(full, guideStagePlan(full.crop, "outdoor", full.climate));
};

describe("guideTasks: on the same day, what must happen first comes first", () => {
  it("a container is filled with potting mix before anything else, and not mulched on sowing day", () => {
    const tasks = guideFor({ gardenType: "container", climate: "mediterranean" });
    expect(tasks[0]?.title).toBe(
      "Check the pot has drainage holes and fill it with fresh potting mix",
    );
    const mulch = tasks.find((t) => t.title.startsWith("Mulch"));
    expect(mulch?.dueInDays).toBe(40);
    expect(tasks.filter((t) => t.dueInDays === 0).some((t) => /mulch/i.test(t.title))).toBe(false);
    expect(tasks.map((t) => t.dueInDays)).toEqual(
      [...tasks.map((t) => t.dueInDays)].sort((a, b) => a - b),
    );
  });

  it("a bed is prepared before the first watering", () => {
    const tasks = guideFor({ gardenType: "in-ground", climate: "temperate" });
    expect(tasks[0]?.title).toMatch(/^Prepare the bed/);
    const water = tasks.findIndex((t) => /^Water/.test(t.title));
    expect(water).toBeGreaterThan(0);
  });

  it("mulch goes down once the plants are past germination and seedling", () => {
    expect(establishedDay(TOMATO.stagePlan)).toBe(40);
    expect(establishedDay([{ name: "vegetative", durationDays: 30 }])).toBe(0);
  });
});
