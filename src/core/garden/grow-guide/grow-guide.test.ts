import { describe, expect, it } from "vitest";
import {
  climateValues,
  gardenTypeValues,
  growExperienceValues,
  growGuideSchema,
  growLightingValues,
} from "../../schemas/grow-guide";
import { mediumValues } from "../../schemas/plant-setup";
import { GENERIC_STAGE_PLAN } from "../plan-generator";
import {
  buildGrowGuide,
  climateTraits,
  describeStage,
  EC_CHECK_EVERY_DAYS,
  ecToPpm,
  type GuideCrop,
  type GuideInput,
  growLightHours,
  guideRequirements,
  guideSetup,
  guideStagePlan,
  guideStagesToPlan,
  guideToPlan,
  hydroponicTargets,
  isFrostTender,
  isHydroponic,
  isPotted,
  potSizeTip,
  SOLUTION_CHANGE_EVERY_DAYS,
  sunHours,
} from "./index";

// Catalogue entries (data/crops/catalogue.json), the fields the guide reads.
const TOMATO: GuideCrop = {
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
    { name: "vegetative", durationDays: 32 },
    { name: "flowering", durationDays: 13 },
    { name: "fruiting", durationDays: 30 },
    { name: "harvest", durationDays: 35 },
  ],
  spacingCm: 60,
  sowingMethod: "start-indoors",
  hydroponic: { suitable: true, ec: { min: 2, max: 5 }, ph: { min: 5.5, max: 6.5 } },
};

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
  stagePlan: [
    { name: "germination", durationDays: 6 },
    { name: "seedling", durationDays: 19 },
    { name: "vegetative", durationDays: 35 },
    { name: "harvest", durationDays: 14 },
  ],
  spacingCm: 25,
  sowingMethod: "direct",
  hydroponic: { suitable: true, ec: { min: 0.8, max: 1.2 }, ph: { min: 5.5, max: 6.5 } },
};

const CARROT: GuideCrop = {
  ...LETTUCE,
  slug: "carrot",
  name: "Carrot",
  sunlight: "full-sun",
  climate: "Cool to mild season",
  spacingCm: 5,
  hydroponic: { suitable: false, ec: null, ph: null },
};

const MARIGOLD: GuideCrop = {
  ...TOMATO,
  slug: "marigold",
  name: "Marigold",
  category: "flower",
  daysToMaturity: { min: 50, max: 60 },
  stagePlan: [
    { name: "germination", durationDays: 7 },
    { name: "seedling", durationDays: 14 },
    { name: "vegetative", durationDays: 21 },
    { name: "flowering", durationDays: 60 },
  ],
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

const guide = (overrides: Partial<GuideInput> = {}) => buildGrowGuide({ ...BASE, ...overrides });
const titles = (overrides: Partial<GuideInput> = {}) => guide(overrides).tasks.map((t) => t.title);
const taskLike = (overrides: Partial<GuideInput>, pattern: RegExp) =>
  guide(overrides).tasks.find((t) => pattern.test(t.title));

describe("rule: hydroponic systems", () => {
  it("is hydroponic by medium or by garden type, not otherwise", () => {
    expect(isHydroponic({ medium: "hydroponics", gardenType: "indoor" })).toBe(true);
    expect(isHydroponic({ medium: "soil", gardenType: "hydroponic-system" })).toBe(true);
    expect(isHydroponic({ medium: "cocopeat", gardenType: "container" })).toBe(false);
  });

  it("gives EC/PPM and pH targets from the catalogue, converted on both meter scales", () => {
    expect(ecToPpm(0.8, 500)).toBe(400);
    expect(ecToPpm(1.2, 700)).toBe(840);
    expect(hydroponicTargets(LETTUCE)).toBe(
      "EC 0.8–1.2 mS/cm (400–600 ppm on a 500-scale meter, 560–840 on a 700-scale one), pH 5.5–6.5",
    );
  });

  it("invents no EC for a crop the catalogue has no hydroponic data for (nor a custom plant)", () => {
    for (const crop of [CARROT, null]) {
      const text = hydroponicTargets(crop);
      expect(text).toBe("pH 5.8–6.2; for strength, follow the nutrient maker's dose");
      expect(text).not.toMatch(/EC|ppm|mS/);
    }
  });

  it("schedules EC/pH checks, solution changes and top-ups, and no separate feeding", () => {
    for (const setup of [
      { medium: "hydroponics" as const, gardenType: "indoor" as const },
      { medium: "soil" as const, gardenType: "hydroponic-system" as const },
    ]) {
      const tasks = guide({ crop: LETTUCE, plantName: "Lettuce", ...setup }).tasks;
      expect(tasks).toContainEqual({
        title: `Check EC/PPM and pH: ${hydroponicTargets(LETTUCE)}`,
        dueInDays: 0,
        repeatEveryDays: EC_CHECK_EVERY_DAYS,
        type: "nutrients",
      });
      expect(tasks).toContainEqual({
        title: "Change the nutrient solution and set pH to 5.5–6.5",
        dueInDays: 7,
        repeatEveryDays: SOLUTION_CHANGE_EVERY_DAYS,
        type: "nutrients",
      });
      expect(tasks.map((t) => t.title)).toContain("Top up the reservoir");
      expect(tasks.some((t) => t.type === "feeding")).toBe(false);
      expect(guide({ crop: LETTUCE, ...setup }).setup.medium).toBe("hydroponics");
    }
  });

  it("names the targets in a tip and warns about a crop that is not a typical hydroponic one", () => {
    const tips = guide({ crop: CARROT, plantName: "Carrot", medium: "hydroponics" }).tips;
    expect(tips[0]).toContain("follow the nutrient maker's dose");
    expect(tips).toContain(
      "Carrot is not a typical hydroponic crop: expect slower growth than in soil or cocopeat.",
    );
  });

  it("soil and cocopeat get no nutrient-solution tasks", () => {
    for (const medium of ["soil", "cocopeat"] as const) {
      expect(
        titles({ medium }).some((t) => /EC|Change the nutrient solution|reservoir/.test(t)),
      ).toBe(false);
    }
  });
});

describe("rule: light", () => {
  it("gives grow-light hours by the crop's sun needs", () => {
    expect(growLightHours(TOMATO)).toBe("14–16");
    expect(growLightHours(LETTUCE)).toBe("12–14");
    expect(growLightHours({ ...TOMATO, sunlight: "shade" })).toBe("10–12");
    expect(growLightHours(null)).toBe("14–16");
    expect(
      growLightHours({ ...TOMATO, climate: "Forest cactus; long nights and cool temperatures" }),
    ).toBe("10–12");
  });

  it("LED lighting sets the timer to those hours and checks the lights weekly", () => {
    const tasks = guide({ crop: LETTUCE, plantName: "Lettuce", lighting: "led" }).tasks;
    expect(tasks).toContainEqual({
      title: "Set the grow-light timer to 12–14 hours of light a day",
      dueInDays: 0,
      repeatEveryDays: null,
      type: "lights",
    });
    expect(tasks.find((t) => t.title === "Check grow light height and timer")).toMatchObject({
      repeatEveryDays: 7,
    });
  });

  it("mixed light tops up daylight with the LEDs", () => {
    expect(titles({ lighting: "mixed" })).toContain(
      "Top up daylight with the grow lights to 14–16 hours of light a day",
    );
    expect(guide({ lighting: "mixed" }).setup.lights).toBe("led");
  });

  it("indoors by a window: the sun hours it needs and a weekly turn of the pot", () => {
    const indoor = guide({ gardenType: "indoor", lighting: "full-sun" });
    expect(indoor.setup).toEqual({ medium: "soil", place: "indoor", lights: "sun" });
    expect(indoor.tips.join(" ")).toContain(`Indoors Tomato needs ${sunHours(TOMATO)}`);
    expect(indoor.tasks.map((t) => t.title)).toContain(
      "Turn the pot a quarter turn so it grows evenly toward the light",
    );
  });

  it("outdoors in full sun: no light hours and no light tasks", () => {
    const g = guide();
    expect(g.tasks.some((t) => t.type === "lights")).toBe(false);
    expect(g.tips.join(" ")).not.toMatch(/hours of light|grow light/);
  });
});

describe("rule: cold and alpine climates", () => {
  it("stretch the germination and seedling stages outdoors, rounded up", () => {
    expect(guideStagePlan(TOMATO, "outdoor", "temperate")).toEqual(TOMATO.stagePlan);
    const cold = guideStagePlan(TOMATO, "outdoor", "cold").map((s) => s.durationDays);
    expect(cold).toEqual([10, 40, 32, 13, 30, 35]);
    const alpine = guideStagePlan(TOMATO, "outdoor", "alpine").map((s) => s.durationDays);
    expect(alpine).toEqual([12, 48, 32, 13, 30, 35]);
    expect(guideStagePlan(null, "outdoor", "cold")[0]).toEqual({
      name: "Seedling",
      durationDays: 18,
    });
  });

  it("leave stages alone indoors", () => {
    expect(guideStagePlan(TOMATO, "indoor", "alpine")).toEqual(TOMATO.stagePlan);
  });

  it("move transplanting later and watch for frost weekly from then", () => {
    const temperate = taskLike({}, /^Transplant seedlings/);
    const cold = taskLike({ climate: "cold" }, /^Transplant seedlings/);
    expect(temperate?.dueInDays).toBe(40);
    expect(cold?.dueInDays).toBe(50);
    expect(taskLike({ climate: "cold" }, /^Frost watch/)).toEqual({
      title:
        "Frost watch: check the night forecast and cover Tomato with fleece when it will drop to 2 °C or below",
      dueInDays: 50,
      repeatEveryDays: 7,
      type: "frost",
    });
    // A direct-sown crop is out from day 0.
    expect(
      taskLike({ crop: LETTUCE, plantName: "Lettuce", climate: "alpine" }, /^Frost watch/)
        ?.dueInDays,
    ).toBe(0);
  });

  it("say to wait for the last frost (naming the place); alpine adds shelter", () => {
    const tips = guide({ climate: "cold" }).tips.join(" ");
    expect(tips).toContain("plant it outside in Portland, OR only after your last spring frost");
    expect(tips).not.toContain("Alpine");
    expect(guide({ climate: "alpine" }).tips.join(" ")).toContain("Alpine summers are short");
  });

  it("tell frost-tender crops from hardy ones", () => {
    expect(isFrostTender(TOMATO)).toBe(true);
    expect(isFrostTender(null)).toBe(true);
    expect(isFrostTender({ ...TOMATO, climate: "Succulent; keep above about 5 °C" })).toBe(true);
    expect(isFrostTender(LETTUCE)).toBe(false);
    expect(isFrostTender({ ...TOMATO, climate: "Hardy perennial; very cold-tolerant" })).toBe(
      false,
    );
    const lettuce = guide({ crop: LETTUCE, plantName: "Lettuce", climate: "cold" });
    expect(lettuce.tips.join(" ")).toContain("Lettuce tolerates light frost, so it can go outside");
    expect(lettuce.tasks.map((t) => t.title)).toContain(
      "Frost watch: check the night forecast and cover Lettuce with fleece when a hard frost is coming",
    );
    expect(lettuce.instructions).toContain(
      "Sow Lettuce where it will grow in early spring, once the soil can be worked, thinning the seedlings to 25 cm apart.",
    );
  });

  it("no frost task for a plant indoors, or in a temperate climate", () => {
    expect(taskLike({ climate: "cold", gardenType: "indoor" }, /^Frost/)).toBeUndefined();
    expect(taskLike({ climate: "temperate" }, /^Frost/)).toBeUndefined();
    expect(guide({ climate: "cold", gardenType: "indoor" }).tips.join(" ")).toContain(
      "cold window glass",
    );
  });
});

describe("rule: hot and dry climates", () => {
  it("classify each climate", () => {
    expect(climateTraits("desert")).toEqual({ frost: null, hot: true, dry: true, humid: false });
    expect(climateTraits("arid")).toEqual({ frost: null, hot: true, dry: true, humid: false });
    expect(climateTraits("tropical")).toEqual({ frost: null, hot: true, dry: false, humid: true });
    expect(climateTraits("mediterranean")).toMatchObject({ hot: false, dry: true });
    expect(climateTraits("subtropical")).toMatchObject({ hot: false, humid: true });
    expect(climateTraits("temperate")).toEqual({
      frost: null,
      hot: false,
      dry: false,
      humid: false,
    });
    expect(climateTraits("cold").frost).toBe("cold");
  });

  it("arid and desert: daily watering, afternoon shade and a 5–7 cm mulch", () => {
    for (const climate of ["arid", "desert"] as const) {
      const tasks = guide({ climate }).tasks;
      expect(tasks.find((t) => t.title === "Water Tomato")?.repeatEveryDays).toBe(1);
      expect(tasks.map((t) => t.title)).toEqual(
        expect.arrayContaining([
          "Put up afternoon shade (shade cloth) over Tomato for the hottest months",
          "Mulch 5–7 cm deep to keep the roots cool and the soil moist",
        ]),
      );
      // The climate rules replace the one-off heatwave task of the plan.
      expect(tasks.some((t) => /^Heatwave/.test(t.title))).toBe(false);
    }
    expect(
      guide({ climate: "temperate" }).tasks.find((t) => t.title === "Water Tomato"),
    ).toMatchObject({ repeatEveryDays: 2 });
  });

  it("tropical: shade for a cool-season crop only; daily watering only in pots", () => {
    const lettuce = { crop: LETTUCE, plantName: "Lettuce", climate: "tropical" as const };
    expect(taskLike(lettuce, /^Put up afternoon shade/)).toBeDefined();
    expect(taskLike({ climate: "tropical" }, /^Put up afternoon shade/)).toBeUndefined();
    expect(taskLike(lettuce, /^Water Lettuce/)?.repeatEveryDays).toBe(2);
    expect(
      taskLike({ ...lettuce, gardenType: "container" }, /^Water Lettuce/)?.repeatEveryDays,
    ).toBe(1);
    expect(guide(lettuce).tips.join(" ")).toContain("cool-season crop and runs to seed in heat");
  });

  it("mediterranean: mulch without shade; a hydroponic system in the desert gets shade, no mulch", () => {
    expect(taskLike({ climate: "mediterranean" }, /^Mulch/)).toBeDefined();
    expect(taskLike({ climate: "mediterranean" }, /^Put up afternoon shade/)).toBeUndefined();
    const hydro = { climate: "desert" as const, gardenType: "hydroponic-system" as const };
    expect(taskLike(hydro, /^Put up afternoon shade/)).toBeDefined();
    expect(taskLike(hydro, /^Mulch/)).toBeUndefined();
    expect(guide(hydro).tips.join(" ")).toContain("shade the reservoir");
  });

  it("indoors, heat gives a tip and no outdoor tasks", () => {
    const g = guide({ climate: "desert", gardenType: "indoor" });
    expect(g.tasks.some((t) => /shade|Mulch/.test(t.title))).toBe(false);
    expect(g.tips).toContain(
      "In hot weather move the plant back from hot window glass and check moisture daily.",
    );
  });
});

describe("rule: containers and balconies", () => {
  it("are potted; indoors too unless in a hydroponic system", () => {
    expect(isPotted({ medium: "soil", gardenType: "container" })).toBe(true);
    expect(isPotted({ medium: "cocopeat", gardenType: "balcony" })).toBe(true);
    expect(isPotted({ medium: "soil", gardenType: "indoor" })).toBe(true);
    expect(isPotted({ medium: "hydroponics", gardenType: "indoor" })).toBe(false);
    expect(isPotted({ medium: "soil", gardenType: "raised-bed" })).toBe(false);
    expect(isPotted({ medium: "soil", gardenType: "in-ground" })).toBe(false);
  });

  it("size the pot from the catalogue's spacing, at its boundaries", () => {
    expect(potSizeTip("Microgreens", { ...LETTUCE, spacingCm: 2 })).toMatch(
      /^Sow Microgreens densely in a shallow tray/,
    );
    expect(potSizeTip("Radish", { ...LETTUCE, spacingCm: 3 })).toMatch(
      /^Grow Radish 3 cm apart in a pot or trough\./,
    );
    expect(potSizeTip("Basil", { ...LETTUCE, spacingCm: 14.9 })).toMatch(/14.9 cm apart in a pot/);
    expect(potSizeTip("Basil", { ...LETTUCE, spacingCm: 15 })).toMatch(
      /^Give each Basil plant a pot at least 15 cm across/,
    );
    expect(potSizeTip("Tomato", TOMATO)).toContain("drainage holes");
  });

  it("containers get the drainage task and the pot tip; balconies also shelter from wind", () => {
    const container = guide({ gardenType: "container" });
    expect(container.tasks.map((t) => t.title)).toContain(
      "Check the pot has drainage holes and fill it with fresh potting mix",
    );
    expect(container.tips).toContain(potSizeTip("Tomato", TOMATO));
    expect(container.tasks.some((t) => /wind/.test(t.title))).toBe(false);
    const balcony = guide({ gardenType: "balcony" });
    expect(balcony.tasks.map((t) => t.title)).toContain(
      "Secure pots and stake tall stems against the wind",
    );
    expect(balcony.tips.join(" ")).toContain("Balconies are windy");
  });

  it("beds get no pot advice but bed preparation at the crop's pH", () => {
    for (const gardenType of ["in-ground", "raised-bed"] as const) {
      const g = guide({ gardenType });
      expect(g.tasks.some((t) => /pot/i.test(t.title))).toBe(false);
      expect(g.tasks.map((t) => t.title)).toContain(
        "Prepare the bed: loosen the soil and work in compost (test it: Tomato likes pH 6–6.8)",
      );
    }
    expect(taskLike({ gardenType: "raised-bed", medium: "cocopeat" }, /^Prepare the bed/)).toBe(
      undefined,
    );
  });
});

describe("rule: experience", () => {
  it("beginners get the soil moisture check after 1 day; other levels do not", () => {
    expect(taskLike({ experience: "beginner" }, /moisture/)).toEqual({
      title: "Check soil moisture (finger test, 2–3 cm deep)",
      dueInDays: 1,
      repeatEveryDays: null,
      type: "check",
    });
    for (const experience of ["some", "intermediate", "advanced"] as const) {
      expect(taskLike({ experience }, /moisture/)).toBeUndefined();
    }
  });

  it("no moisture check in a hydroponic system (there is no soil)", () => {
    expect(taskLike({ experience: "beginner", medium: "hydroponics" }, /moisture/)).toBeUndefined();
  });
});

describe("rule: custom plants", () => {
  it("get the generic stage plan, general care and custom: true", () => {
    const g = guide({ crop: null, plantName: "Moonflower" });
    expect(g).toMatchObject({ plant: "Moonflower", cropSlug: null, custom: true });
    expect(guideStagesToPlan(g.stages)).toEqual(GENERIC_STAGE_PLAN);
    expect(g.tips[0]).toContain("Moonflower is not in the catalogue");
    expect(g.tasks.map((t) => t.title)).toEqual(
      expect.arrayContaining(["Water Moonflower", "Pest watch: check under leaves"]),
    );
  });

  it("a catalogue crop is not custom", () => {
    expect(guide()).toMatchObject({ plant: "Tomato", cropSlug: "tomato", custom: false });
  });
});

describe("stages", () => {
  it("run back to back from day 0 with the last day inclusive", () => {
    const stages = guide().stages;
    expect(stages.slice(0, 2)).toMatchObject([
      { name: "germination", startDay: 0, endDay: 7 },
      { name: "seedling", startDay: 8, endDay: 39 },
    ]);
    expect(guideStagesToPlan(stages)).toEqual(TOMATO.stagePlan);
  });

  it("describe each stage with the catalogue's figures", () => {
    const stages = guide().stages;
    expect(stages[0]?.description).toBe(
      "Seeds sprout in about 5–10 days. Keep the soil moist, not wet, and warm.",
    );
    expect(stages[1]?.description).toContain("once they have 2–3 true leaves");
    expect(stages.at(-1)?.description).toMatch(/^First harvest about 100–130 days from sowing\./);
    const lettuce = guide({ crop: LETTUCE, plantName: "Lettuce" }).stages;
    expect(lettuce[1]?.description).toContain("thin them to 25 cm apart");
    expect(guide({ climate: "cold" }).stages[0]?.description).toContain("Cool soil slows");
  });

  it("tells when a flower blooms on its last stage, and pollination indoors", () => {
    const ctx = {
      name: "Marigold",
      crop: MARIGOLD,
      setup: { medium: "soil", place: "indoor", lights: "led" } as const,
      hydroponic: false,
      frost: null,
      last: "flowering",
    };
    const text = describeStage("flowering", ctx);
    expect(text).toContain("help pollination");
    expect(text).toContain("First flowers come about 50–60 days from sowing.");
    expect(describeStage("Root development", ctx)).toBe(
      "Keep up watering and the weekly checks through this stage.",
    );
  });
});

describe("buildGrowGuide", () => {
  it("gives a valid guide for every combination of the form's options", () => {
    for (const crop of [TOMATO, LETTUCE, CARROT, MARIGOLD, null]) {
      for (const medium of mediumValues) {
        for (const gardenType of gardenTypeValues) {
          for (const lighting of growLightingValues) {
            for (const experience of growExperienceValues) {
              for (const climate of climateValues) {
                const g = buildGrowGuide({
                  crop,
                  plantName: crop?.name ?? "Moonflower",
                  location: "x".repeat(120),
                  medium,
                  gardenType,
                  lighting,
                  experience,
                  climate,
                });
                const checked = growGuideSchema.safeParse({
                  ...g,
                  engine: "built-in",
                  sources: [],
                });
                if (!checked.success) {
                  throw new Error(
                    `${crop?.slug} ${medium} ${gardenType} ${lighting} ${experience} ${climate}: ${checked.error.message}`,
                  );
                }
                const keys = g.tasks.map((t) => t.title.toLowerCase());
                expect(new Set(keys).size).toBe(keys.length);
                const days = g.tasks.map((t) => t.dueInDays);
                expect(days).toEqual([...days].sort((a, b) => a - b));
              }
            }
          }
        }
      }
    }
  });

  it("is the same for the same input", () => {
    expect(guide({ climate: "alpine", lighting: "mixed" })).toEqual(
      guide({ climate: "alpine", lighting: "mixed" }),
    );
  });

  it("tracks as the setup Add Plant records", () => {
    expect(
      guideSetup({ medium: "cocopeat", gardenType: "balcony", lighting: "partial-shade" }),
    ).toEqual({ medium: "cocopeat", place: "outdoor", lights: "sun" });
    expect(guideSetup({ medium: "soil", gardenType: "container", lighting: "led" })).toEqual({
      medium: "soil",
      place: "indoor",
      lights: "led",
    });
  });
});

describe("guideToPlan", () => {
  it("turns a guide into a plant's plan: durations from the days, repeats kept", () => {
    const plan = guideToPlan({
      plant: "Basil",
      stages: [
        { name: "Sprouting", startDay: 0, endDay: 6, description: "" },
        { name: "Growing", startDay: 7, endDay: 36, description: "" },
      ],
      tasks: [
        { title: "Water", dueInDays: 0, repeatEveryDays: 2, type: "watering" },
        { title: "Pinch tips", dueInDays: 21, repeatEveryDays: null },
      ],
      tips: ["Pinch often."],
    });
    expect(plan).toEqual({
      plant: "Basil",
      stages: [
        { name: "Sprouting", durationDays: 7 },
        { name: "Growing", durationDays: 30 },
      ],
      tasks: [
        { title: "Water", dueInDays: 0, repeat: true, repeatEveryDays: 2, type: "watering" },
        { title: "Pinch tips", dueInDays: 21, repeat: false, repeatEveryDays: null },
      ],
      tips: ["Pinch often."],
    });
  });
});

describe("guideRequirements", () => {
  it("lists each rule that applies, with the catalogue's figures", () => {
    const needs = guideRequirements({
      ...BASE,
      crop: LETTUCE,
      plantName: "Lettuce",
      medium: "hydroponics",
      lighting: "led",
      experience: "beginner",
    });
    expect(needs).toEqual([
      `Hydroponic system: give the nutrient targets exactly as ${hydroponicTargets(LETTUCE)}, an EC/pH check every 3 days and a full solution change every 14 days.`,
      "Grow lights: 12–14 hours of light a day on a timer.",
    ]);
    const outdoor = guideRequirements({
      ...BASE,
      gardenType: "container",
      climate: "cold",
      experience: "beginner",
    });
    expect(outdoor.join("\n")).toMatch(/frost protection \(cover at 2 °C or below\)/);
    expect(outdoor.join("\n")).toMatch(/^Pot: Give each Tomato plant a pot at least 60 cm/m);
    expect(outdoor.join("\n")).toContain("soil moisture check");
    expect(guideRequirements({ ...BASE, climate: "desert" }).join("\n")).toContain(
      "desert heat: afternoon shade and watering suited to the heat (daily).",
    );
    expect(guideRequirements({ ...BASE, crop: null, plantName: "Moonflower" })).toEqual([
      "Not in the catalogue: use a general timeline and general care.",
    ]);
  });
});
