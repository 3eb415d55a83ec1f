import { describe, expect, it } from "vitest";
import { EC_CHECK_EVERY_DAYS, hydroponicTargets, SOLUTION_CHANGE_EVERY_DAYS } from "./figures";
import type { GuideCrop } from "./setup";
import { type GuideCareTask, hydroponicTasks, outdoorStartDay } from "./tasks";

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
