import { describe, expect, it } from "vitest";
import { RAIN_SKIP_MM, type RainExposure, rainAmount, rainReaches, rainSkip } from "./rain-skip";
import type { Task } from "./tasks";

const DAY = "2026-06-15";

function task(overrides: Partial<Task> = {}): Task {
  return {
    id: "t1",
    plantId: "p1",
    title: "Water Tomato",
    type: "watering",
    dueDate: DAY,
    status: "pending",
    priority: 2,
    notes: null,
    repeatEveryDays: 3,
    createdAt: "2026-06-01T00:00:00.000Z",
    completedAt: null,
    ...overrides,
  };
}

const outdoorSoil: RainExposure = {
  place: "outdoor",
  medium: "soil",
  gardenType: null,
  area: null,
};

describe("rainSkip", () => {
  it("is 5 mm", () => {
    expect(RAIN_SKIP_MM).toBe(5);
  });

  it("skips an outdoor soil plant's watering at 5 mm, moving it by its interval", () => {
    expect(rainSkip(task(), outdoorSoil, DAY, 5)).toEqual({
      task: task({ dueDate: "2026-06-18" }),
      fromDueDate: DAY,
    });
  });

  it("does not skip at 4.9 mm", () => {
    expect(rainSkip(task(), outdoorSoil, DAY, 4.9)).toBeNull();
  });

  it("does not skip without a forecast for the day", () => {
    expect(rainSkip(task(), outdoorSoil, DAY, null)).toBeNull();
    expect(rainSkip(task(), outdoorSoil, DAY, Number.NaN)).toBeNull();
  });

  it("skips an overdue watering from the rainy day, not from its old due date", () => {
    const overdue = task({ dueDate: "2026-06-10", repeatEveryDays: 7 });
    expect(rainSkip(overdue, outdoorSoil, DAY, 12)).toEqual({
      task: task({ dueDate: "2026-06-22", repeatEveryDays: 7 }),
      fromDueDate: "2026-06-10",
    });
  });

  it("does not skip a watering not yet due", () => {
    expect(rainSkip(task({ dueDate: "2026-06-16" }), outdoorSoil, DAY, 20)).toBeNull();
  });

  it("does not skip other tasks, one-off waterings, done or undated ones", () => {
    expect(rainSkip(task({ type: "feeding" }), outdoorSoil, DAY, 20)).toBeNull();
    expect(rainSkip(task({ repeatEveryDays: null }), outdoorSoil, DAY, 20)).toBeNull();
    expect(
      rainSkip(task({ status: "completed", completedAt: "x" }), outdoorSoil, DAY, 20),
    ).toBeNull();
    expect(rainSkip(task({ dueDate: null }), outdoorSoil, DAY, 20)).toBeNull();
  });

  it("never skips an indoor, cocopeat, hydroponic or sheltered plant", () => {
    const sheltered: RainExposure[] = [
      { ...outdoorSoil, place: "indoor" },
      { ...outdoorSoil, medium: "cocopeat" },
      { ...outdoorSoil, medium: "hydroponics" },
      { ...outdoorSoil, gardenType: "indoor" },
      { ...outdoorSoil, gardenType: "hydroponic-system" },
      { ...outdoorSoil, area: { kind: "bed", covered: true } },
      { ...outdoorSoil, area: { kind: "greenhouse", covered: false } },
      { ...outdoorSoil, area: { kind: "indoor-shelf", covered: false } },
      { ...outdoorSoil, area: { kind: "hydroponic-system", covered: false } },
    ];
    for (const plant of sheltered) {
      expect(rainReaches(plant), JSON.stringify(plant)).toBe(false);
      expect(rainSkip(task(), plant, DAY, 30), JSON.stringify(plant)).toBeNull();
    }
  });

  it("skips a plant in an open bed, a raised bed or a container outdoors", () => {
    for (const plant of [
      { ...outdoorSoil, area: { kind: "bed", covered: false } },
      { ...outdoorSoil, gardenType: "raised-bed" },
      { ...outdoorSoil, gardenType: "container" },
    ]) {
      expect(rainSkip(task(), plant, DAY, 5)?.task.dueDate).toBe("2026-06-18");
    }
  });

  it("does not move a task past 31 December 2199", () => {
    expect(rainSkip(task({ dueDate: "2199-12-30" }), outdoorSoil, "2199-12-30", 9)).toBeNull();
  });
});

describe("rainAmount", () => {
  it("says the rain in mm to one decimal, or in inches with Fahrenheit units", () => {
    expect(rainAmount(8, "C")).toBe("8 mm");
    expect(rainAmount(12.5, "C")).toBe("12.5 mm");
    expect(rainAmount(5.04, "C")).toBe("5 mm");
    expect(rainAmount(8, "F")).toBe("0.31 in");
    expect(rainAmount(25.4, "F")).toBe("1.00 in");
  });
});
