import { describe, expect, it } from "vitest";
import {
  type BaselineCareInput,
  baselineCareTasks,
  type CareTask,
  DEFAULT_CARE_TEMPERATURE_C,
  inferPlace,
  isHot,
  isTomatoOrPepper,
} from "./baseline-care";

const BASE: BaselineCareInput = { plantName: "Basil", medium: "soil", place: "indoor" };

function run(overrides: Partial<BaselineCareInput> = {}): CareTask[] {
  return baselineCareTasks({ ...BASE, ...overrides });
}

function find(tasks: CareTask[], type: string, titlePart = ""): CareTask | undefined {
  return tasks.find((t) => t.type === type && t.title.includes(titlePart));
}

describe("isHot", () => {
  it("is hot from 30 °C", () => {
    expect(isHot(29.9)).toBe(false);
    expect(isHot(30)).toBe(true);
    expect(isHot(41)).toBe(true);
  });

  it("defaults to 24 °C when the temperature is missing or not a number", () => {
    expect(DEFAULT_CARE_TEMPERATURE_C).toBe(24);
    expect(isHot()).toBe(false);
    expect(isHot(null)).toBe(false);
    expect(isHot(Number.NaN)).toBe(false);
  });

  it("is hot when the conditions mention heat or hot", () => {
    expect(isHot(20, "Heatwave")).toBe(true);
    expect(isHot(20, "extreme heat warning")).toBe(true);
    expect(isHot(20, "Hot and dry")).toBe(true);
    expect(isHot(20, "very HOT")).toBe(true);
  });

  it("is not fooled by words that merely contain the letters", () => {
    expect(isHot(20, "Clear sky")).toBe(false);
    expect(isHot(20, "wheat field haze")).toBe(false);
    expect(isHot(20, "Good light for a photo")).toBe(false);
    expect(isHot(20, "")).toBe(false);
  });
});

describe("inferPlace", () => {
  it("keeps a given place", () => {
    expect(inferPlace({ place: "outdoor", gardeningType: "Indoor", lighting: "LED" })).toBe(
      "outdoor",
    );
    expect(inferPlace({ place: "indoor" })).toBe("indoor");
  });

  it("is indoor when the gardening type mentions indoor", () => {
    expect(inferPlace({ gardeningType: "Indoor" })).toBe("indoor");
    expect(inferPlace({ gardeningType: "Container" })).toBe("outdoor");
  });

  it("is indoor when the lighting mentions LED or grow", () => {
    expect(inferPlace({ lighting: "LED Grow Lights" })).toBe("indoor");
    expect(inferPlace({ lighting: "led" })).toBe("indoor");
    expect(inferPlace({ lighting: "Mixed (Sun + LED)" })).toBe("indoor");
    expect(inferPlace({ lighting: "grow light" })).toBe("indoor");
    expect(inferPlace({ lighting: "Full Sun" })).toBe("outdoor");
    expect(inferPlace({ lighting: "Dappled shade" })).toBe("outdoor");
  });

  it("is outdoor with nothing to go on", () => {
    expect(inferPlace({})).toBe("outdoor");
  });
});

describe("isTomatoOrPepper", () => {
  it.each(["Tomato", "Cherry tomatoes", "bell-pepper", "Chilli", "chili", "Capsicum", "Jalapeño"])(
    "%s is a tomato/pepper type",
    (name) => {
      expect(isTomatoOrPepper(name)).toBe(true);
    },
  );

  it.each(["Peppermint", "Tomatillo", "Eggplant", "Basil"])("%s is not", (name) => {
    expect(isTomatoOrPepper(name)).toBe(false);
  });
});

describe("baselineCareTasks: watering", () => {
  it("waters every 2 days in soil at the default temperature", () => {
    expect(find(run(), "watering")).toEqual({
      title: "Water Basil",
      dueInDays: 0,
      repeatEveryDays: 2,
      type: "watering",
      kind: "water",
    });
  });

  it("waters daily from 30 °C, every 2 days at 29.9 °C", () => {
    expect(find(run({ temperatureC: 29.9 }), "watering")?.repeatEveryDays).toBe(2);
    expect(find(run({ temperatureC: 30 }), "watering")?.repeatEveryDays).toBe(1);
  });

  it("waters daily when the conditions say Heatwave", () => {
    expect(
      find(run({ temperatureC: 20, conditions: "Heatwave" }), "watering")?.repeatEveryDays,
    ).toBe(1);
  });

  it("waters cocopeat daily even when not hot", () => {
    expect(find(run({ medium: "cocopeat" }), "watering")?.repeatEveryDays).toBe(1);
  });

  it("tops up a hydroponic reservoir on the same cadence", () => {
    const cool = find(run({ medium: "hydroponics" }), "watering");
    expect(cool).toMatchObject({ title: "Top up the reservoir", repeatEveryDays: 2 });
    expect(
      find(run({ medium: "hydroponics", temperatureC: 30 }), "watering")?.repeatEveryDays,
    ).toBe(1);
  });
});

describe("baselineCareTasks: hydroponic and soil feeding", () => {
  it("hydroponics: EC/PPM day 0, nutrient change at pH 5.8–6.2 after 7 days, weekly feeding", () => {
    const tasks = run({ medium: "hydroponics" });
    expect(find(tasks, "nutrients", "EC/PPM")).toMatchObject({ dueInDays: 0 });
    expect(find(tasks, "nutrients", "pH 5.8–6.2")).toMatchObject({ dueInDays: 7 });
    expect(find(tasks, "feeding")).toMatchObject({ dueInDays: 7, repeatEveryDays: 7 });
  });

  it("soil and cocopeat get no hydroponic tasks", () => {
    expect(find(run({ medium: "soil" }), "nutrients")).toBeUndefined();
    expect(find(run({ medium: "cocopeat" }), "nutrients")).toBeUndefined();
  });

  it("soil is fed after 14 days; cocopeat and hydroponics get no soil feeding", () => {
    expect(find(run({ medium: "soil" }), "feeding")).toMatchObject({
      title: "Feed with fertiliser",
      dueInDays: 14,
    });
    expect(find(run({ medium: "cocopeat" }), "feeding")).toBeUndefined();
    expect(find(run({ medium: "hydroponics" }), "feeding", "fertiliser")).toBeUndefined();
  });
});

describe("baselineCareTasks: crop rules", () => {
  it("tomato/pepper types: pruning after 14 days and pest watch after 7", () => {
    for (const name of ["Tomato", "Sweet pepper", "Chilli"]) {
      const tasks = run({ plantName: name });
      expect(find(tasks, "pruning")).toMatchObject({ dueInDays: 14 });
      expect(find(tasks, "pest")).toMatchObject({ dueInDays: 7, repeatEveryDays: 7 });
    }
  });

  it("matches the crop slug too", () => {
    expect(find(run({ plantName: "Sungold", cropSlug: "cherry-tomato" }), "pruning")).toBeDefined();
  });

  it("other crops get no pruning or pest watch", () => {
    const tasks = run({ plantName: "Peppermint" });
    expect(find(tasks, "pruning")).toBeUndefined();
    expect(find(tasks, "pest")).toBeUndefined();
  });

  it("lettuce is thinned after 10 days", () => {
    expect(find(run({ plantName: "Romaine lettuce" }), "thinning")).toMatchObject({
      dueInDays: 10,
    });
    expect(find(run({ plantName: "Spinach" }), "thinning")).toBeUndefined();
  });

  it("coriander (or cilantro) gets succession sowing after 14 days", () => {
    expect(find(run({ plantName: "Coriander" }), "sowing")).toMatchObject({ dueInDays: 14 });
    expect(find(run({ plantName: "Cilantro" }), "sowing")).toMatchObject({ dueInDays: 14 });
    expect(find(run({ plantName: "Parsley" }), "sowing")).toBeUndefined();
  });

  it("strawberry runners after 21 days", () => {
    expect(find(run({ plantName: "Strawberry" }), "pruning", "runners")).toMatchObject({
      dueInDays: 21,
    });
    expect(find(run({ plantName: "Strawberries" }), "pruning", "runners")).toBeDefined();
    expect(find(run({ plantName: "Raspberry" }), "pruning", "runners")).toBeUndefined();
  });
});

describe("baselineCareTasks: experience", () => {
  it("beginners get a soil moisture check after 1 day", () => {
    expect(find(run({ experience: "Beginner" }), "check")).toMatchObject({
      dueInDays: 1,
      repeatEveryDays: null,
    });
    expect(find(run({ experience: "beginner", medium: "cocopeat" }), "check")).toBeDefined();
  });

  it("others do not", () => {
    expect(find(run({ experience: "intermediate" }), "check")).toBeUndefined();
    expect(find(run({ experience: "Some Experience" }), "check")).toBeUndefined();
    expect(find(run(), "check")).toBeUndefined();
  });

  it("hydroponic beginners get no soil moisture check", () => {
    expect(find(run({ experience: "beginner", medium: "hydroponics" }), "check")).toBeUndefined();
  });
});

describe("baselineCareTasks: heatwave", () => {
  it("outdoor heat gives a same-day heatwave task", () => {
    expect(find(run({ place: "outdoor", temperatureC: 30 }), "heat")).toMatchObject({
      dueInDays: 0,
    });
    expect(find(run({ place: "outdoor", conditions: "Heatwave" }), "heat")).toBeDefined();
  });

  it("not below 30 °C, and not indoors", () => {
    expect(find(run({ place: "outdoor", temperatureC: 29.9 }), "heat")).toBeUndefined();
    expect(find(run({ place: "indoor", temperatureC: 35 }), "heat")).toBeUndefined();
  });

  it("uses the inferred place when none is given", () => {
    const hot = { place: null, temperatureC: 33 };
    expect(find(run({ ...hot, gardeningType: "Raised Bed" }), "heat")).toBeDefined();
    expect(find(run({ ...hot, gardeningType: "Indoor" }), "heat")).toBeUndefined();
    expect(find(run({ ...hot, lighting: "LED Grow Lights" }), "heat")).toBeUndefined();
  });
});

describe("baselineCareTasks: whole output", () => {
  it("is exactly watering and feeding for a plain soil plant", () => {
    expect(run({ plantName: "Basil" }).map((t) => t.type)).toEqual(["watering", "feeding"]);
  });

  it("lists every applicable rule in spec order", () => {
    const tasks = run({
      plantName: "Tomato",
      medium: "hydroponics",
      place: "outdoor",
      temperatureC: 31,
      experience: "beginner",
    });
    expect(tasks.map((t) => t.type)).toEqual([
      "watering",
      "nutrients",
      "nutrients",
      "feeding",
      "pruning",
      "pest",
      "heat",
    ]);
    expect(new Set(tasks.map((t) => t.title)).size).toBe(tasks.length);
  });

  it("names each task's rule by a kind of its own, whatever its title says", () => {
    const hydroponic = run({
      plantName: "Tomato",
      medium: "hydroponics",
      place: "outdoor",
      temperatureC: 31,
    }).map((t) => t.kind);
    expect(hydroponic).toEqual([
      "top-up-reservoir",
      "check-ec",
      "change-solution",
      "feed-solution",
      "prune-suckers",
      "pest-watch",
      "heatwave",
    ]);
    const soil = ["Lettuce", "Coriander", "Strawberry"].flatMap((plantName) =>
      run({ plantName, experience: "beginner" }).map((t) => t.kind),
    );
    expect(new Set(soil)).toEqual(
      new Set([
        "water",
        "feed-soil",
        "thin-seedlings",
        "succession-sow",
        "trim-runners",
        "moisture-check",
      ]),
    );
  });

  it("falls back to a generic name for a blank plant name", () => {
    expect(find(run({ plantName: "  " }), "watering")?.title).toBe("Water plants");
  });
});
