import { describe, expect, it } from "vitest";
import type { GrowingMedium } from "./baseline-care";
import {
  GENERIC_STAGE_PLAN,
  type GeneratePlanInput,
  generatePlan,
  type PlanCrop,
  planStages,
} from "./plan-generator";
import { parseAiPlan } from "./plan-parsing";

const TOMATO: PlanCrop = {
  slug: "tomato",
  name: "Tomato",
  category: "vegetable",
  stagePlan: [
    { name: "Germination", durationDays: 7 },
    { name: "Seedling", durationDays: 21 },
    { name: "Vegetative", durationDays: 30 },
    { name: "Flowering", durationDays: 14 },
    { name: "Fruiting", durationDays: 30 },
    { name: "Harvest", durationDays: 30 },
  ],
  sowingMethod: "start-indoors",
  watering: "high",
  hydroponic: { suitable: true, ec: { min: 2, max: 3.5 }, ph: { min: 5.5, max: 6.5 } },
};

const RADISH: PlanCrop = {
  slug: "radish",
  name: "Radish",
  category: "vegetable",
  stagePlan: [
    { name: "Germination", durationDays: 5 },
    { name: "Root development", durationDays: 20 },
  ],
  sowingMethod: "direct",
  watering: "moderate",
  hydroponic: { suitable: false, ec: null, ph: null },
};

const BASE: GeneratePlanInput = {
  crop: TOMATO,
  plantName: "Tomato",
  medium: "soil",
  place: "outdoor",
  lights: "sun",
};

function gen(overrides: Partial<GeneratePlanInput> = {}) {
  return generatePlan({ ...BASE, ...overrides });
}

const MEDIA: GrowingMedium[] = ["soil", "cocopeat", "hydroponics"];

describe("planStages", () => {
  it("uses the crop's stage plan from seed", () => {
    expect(planStages(TOMATO, "seed")).toEqual(TOMATO.stagePlan);
    expect(planStages(TOMATO, null)).toEqual(TOMATO.stagePlan);
    expect(planStages(TOMATO, undefined)).toEqual(TOMATO.stagePlan);
  });

  it("skips germination for a seedling or a cutting", () => {
    for (const start of ["seedling", "cutting"] as const) {
      const names = planStages(TOMATO, start).map((s) => s.name);
      expect(names).toEqual(["Seedling", "Vegetative", "Flowering", "Fruiting", "Harvest"]);
    }
  });

  it("keeps a germination-only plan rather than leaving no stage", () => {
    const crop = { ...TOMATO, stagePlan: [{ name: "Germination", durationDays: 5 }] };
    expect(planStages(crop, "cutting")).toEqual([{ name: "Germination", durationDays: 5 }]);
  });

  it("gives a custom plant, or a crop without stages, the generic plan", () => {
    expect(GENERIC_STAGE_PLAN).toEqual([
      { name: "Seedling", durationDays: 14 },
      { name: "Vegetative", durationDays: 30 },
      { name: "Flowering", durationDays: 21 },
      { name: "Harvest", durationDays: 14 },
    ]);
    expect(planStages(null, "seed")).toEqual(GENERIC_STAGE_PLAN);
    expect(planStages(null, "seedling")).toEqual(GENERIC_STAGE_PLAN);
    expect(planStages({ ...TOMATO, stagePlan: [] }, "seed")).toEqual(GENERIC_STAGE_PLAN);
  });

  it("rounds durations to whole days, at least 1", () => {
    const crop = {
      ...TOMATO,
      stagePlan: [
        { name: "a", durationDays: 0.4 },
        { name: "b", durationDays: 1.6 },
      ],
    };
    expect(planStages(crop, "seed").map((s) => s.durationDays)).toEqual([1, 2]);
  });
});

describe("generatePlan: guarantees", () => {
  const cases: [string, Partial<GeneratePlanInput>][] = [
    ...MEDIA.map((medium): [string, Partial<GeneratePlanInput>] => [
      `tomato in ${medium}`,
      { medium },
    ]),
    ...MEDIA.map((medium): [string, Partial<GeneratePlanInput>] => [
      `radish in ${medium}`,
      { medium, crop: RADISH, plantName: "Radish" },
    ]),
    ...MEDIA.map((medium): [string, Partial<GeneratePlanInput>] => [
      `custom plant in ${medium}`,
      { medium, crop: null, plantName: "Grandma's bean" },
    ]),
    [
      "indoor LED cutting",
      { crop: null, plantName: "Pothos", place: "indoor", lights: "led", startMethod: "cutting" },
    ],
  ];

  it.each(cases)("%s: at least 4 tasks, a weekly repeat, unique titles", (_, overrides) => {
    const { tasks } = gen(overrides);
    expect(tasks.length).toBeGreaterThanOrEqual(4);
    expect(tasks.some((t) => t.repeat && t.repeatEveryDays === 7)).toBe(true);
    const titles = tasks.map((t) => t.title.toLowerCase());
    expect(new Set(titles).size).toBe(titles.length);
  });

  it.each(cases)("%s: 3 to 6 tips", (_, overrides) => {
    const { tips } = gen(overrides);
    expect(tips.length).toBeGreaterThanOrEqual(3);
    expect(tips.length).toBeLessThanOrEqual(6);
  });

  it.each(cases)("%s: survives a round trip through the AI plan parser", (_, overrides) => {
    const plan = gen(overrides);
    const parsed = parseAiPlan(JSON.stringify(plan));
    expect(parsed.ok).toBe(true);
    if (parsed.ok) {
      expect(parsed.plan.stages).toEqual(plan.stages);
      expect(parsed.plan.tasks.map(({ type: _type, ...t }) => t)).toEqual(
        plan.tasks.map(({ type: _type, ...t }) => t),
      );
    }
  });

  it("is deterministic", () => {
    const input: GeneratePlanInput = {
      ...BASE,
      medium: "hydroponics",
      experience: "beginner",
      weather: { temperatureC: 33, conditions: "Sunny" },
    };
    expect(generatePlan(input)).toEqual(generatePlan(structuredClone(input)));
    expect(generatePlan({ ...BASE, crop: null })).toEqual(generatePlan({ ...BASE, crop: null }));
  });

  it("lists tasks by due day", () => {
    const days = gen().tasks.map((t) => t.dueInDays);
    expect(days).toEqual([...days].sort((a, b) => a - b));
  });
});

describe("generatePlan: content", () => {
  it("names the plant, falling back to the crop name", () => {
    expect(gen({ plantName: " Sungold " }).plant).toBe("Sungold");
    expect(gen({ plantName: "  " }).plant).toBe("Tomato");
    expect(gen({ plantName: "", crop: null }).plant).toBe("Plant");
  });

  it("includes the baseline care tasks", () => {
    const titles = gen({ experience: "beginner" }).tasks.map((t) => t.title);
    expect(titles).toContain("Water Tomato");
    expect(titles).toContain("Feed with fertiliser");
    expect(titles).toContain("Prune suckers and lower leaves");
    expect(titles).toContain("Check soil moisture (finger test, 2–3 cm deep)");
  });

  it("merges the tomato pest watch with the general one", () => {
    const pest = gen().tasks.filter((t) => t.type === "pest");
    expect(pest).toEqual([
      {
        title: "Pest watch: check under leaves",
        dueInDays: 7,
        repeat: true,
        repeatEveryDays: 7,
        type: "pest",
      },
    ]);
  });

  it("passes the weather to the baseline rules", () => {
    const hot = gen({ weather: { temperatureC: 30 } }).tasks;
    expect(hot.find((t) => t.type === "watering")?.repeatEveryDays).toBe(1);
    expect(hot.some((t) => t.type === "heat")).toBe(true);
    const mild = gen({ weather: { temperatureC: 29.9 } }).tasks;
    expect(mild.find((t) => t.type === "watering")?.repeatEveryDays).toBe(2);
    expect(mild.some((t) => t.type === "heat")).toBe(false);
  });

  it("schedules a weekly harvest check from the start of the harvest stage", () => {
    expect(gen().tasks.find((t) => t.type === "harvest")).toMatchObject({
      dueInDays: 102,
      repeatEveryDays: 7,
    });
    expect(gen({ crop: null }).tasks.find((t) => t.type === "harvest")?.dueInDays).toBe(65);
    expect(gen({ crop: RADISH }).tasks.some((t) => t.type === "harvest")).toBe(false);
  });

  it("hardens off and transplants an indoor-started crop grown outdoors from seed", () => {
    const tasks = gen().tasks.filter((t) => t.type === "transplant");
    expect(tasks.map((t) => [t.title, t.dueInDays])).toEqual([
      ["Harden off seedlings outdoors", 21],
      ["Transplant seedlings outdoors", 28],
    ]);
  });

  it("transplants without hardening off indoors, and into the system in hydroponics", () => {
    const indoor = gen({ place: "indoor" }).tasks.filter((t) => t.type === "transplant");
    expect(indoor.map((t) => [t.title, t.dueInDays])).toEqual([["Transplant seedlings", 28]]);
    const hydro = gen({ medium: "hydroponics" }).tasks.filter((t) => t.type === "transplant");
    expect(hydro.map((t) => t.title)).toEqual(["Move seedlings into the system"]);
  });

  it("uses day 21 for the transplant when the plan has no raising stage", () => {
    const crop = { ...TOMATO, stagePlan: [{ name: "Vegetative", durationDays: 60 }] };
    expect(
      gen({ crop, place: "indoor" }).tasks.find((t) => t.type === "transplant")?.dueInDays,
    ).toBe(21);
  });

  it("does not transplant direct-sown crops, seedlings, cuttings or custom plants", () => {
    const none = (o: Partial<GeneratePlanInput>) =>
      gen(o).tasks.filter((t) => t.type === "transplant");
    expect(none({ crop: RADISH })).toEqual([]);
    expect(none({ startMethod: "seedling" })).toEqual([]);
    expect(none({ startMethod: "cutting" })).toEqual([]);
    expect(none({ crop: null })).toEqual([]);
  });

  it("feeds cocopeat weekly and checks LED lights weekly", () => {
    const coco = gen({ medium: "cocopeat", lights: "led", place: "indoor" }).tasks;
    expect(
      coco.find((t) => t.title === "Feed with diluted nutrient solution")?.repeatEveryDays,
    ).toBe(7);
    expect(coco.find((t) => t.type === "lights")?.repeatEveryDays).toBe(7);
    const soil = gen().tasks;
    expect(soil.some((t) => t.title === "Feed with diluted nutrient solution")).toBe(false);
    expect(soil.some((t) => t.type === "lights")).toBe(false);
  });
});

describe("generatePlan: tips", () => {
  it("gives the crop's EC and pH ranges for hydroponics", () => {
    expect(gen({ medium: "hydroponics" }).tips).toContain(
      "Keep EC at 2–3.5 mS/cm and pH at 5.5–6.5.",
    );
  });

  it("falls back to pH 5.8–6.2 when the ranges are unknown", () => {
    expect(gen({ medium: "hydroponics", crop: null }).tips).toContain(
      "Keep pH at 5.8–6.2 and check EC/PPM after every top-up.",
    );
    const phOnly = { ...TOMATO, hydroponic: { suitable: true, ec: null, ph: { min: 6, max: 6 } } };
    expect(gen({ medium: "hydroponics", crop: phOnly }).tips).toContain(
      "Keep pH at 6 and check EC/PPM after every top-up.",
    );
  });

  it("warns when the crop is not suited to hydroponics", () => {
    const tips = gen({ medium: "hydroponics", crop: RADISH, plantName: "Radish" }).tips;
    expect(tips.some((t) => t.includes("not a typical hydroponic crop"))).toBe(true);
    expect(gen({ medium: "hydroponics" }).tips.some((t) => t.includes("not a typical"))).toBe(
      false,
    );
  });

  it("gives no EC/pH tip outside hydroponics", () => {
    expect(gen().tips.some((t) => t.includes("pH"))).toBe(false);
  });

  it("says when a custom plant uses the generic timeline", () => {
    expect(gen({ crop: null, plantName: "Mystery vine" }).tips[0]).toContain(
      "Mystery vine is not in the catalogue",
    );
    expect(gen().tips.some((t) => t.includes("not in the catalogue"))).toBe(false);
  });

  it("matches the tip to the crop's watering needs and the light", () => {
    expect(gen().tips).toContain(
      "Tomato is thirsty: check the soil daily and never let it dry out.",
    );
    expect(gen({ lights: "led" }).tips.some((t) => t.includes("14–16 hours"))).toBe(true);
    expect(gen().tips.some((t) => t.includes("6 hours of direct sun"))).toBe(true);
  });

  it("adds a mulch tip outdoors in heat only", () => {
    const mulch = (o: Partial<GeneratePlanInput>) =>
      gen(o).tips.some((t) => t.includes("mulch 5–7 cm"));
    expect(mulch({ weather: { temperatureC: 30 } })).toBe(true);
    expect(mulch({ weather: { temperatureC: 29.9 } })).toBe(false);
    expect(mulch({ weather: { temperatureC: 30 }, place: "indoor" })).toBe(false);
  });
});
