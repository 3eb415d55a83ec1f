import { describe, expect, it } from "vitest";
import {
  amountText,
  fromGrams,
  harvestSeasonOf,
  hasAmount,
  seasonFromKey,
  toGrams,
  totalOf,
  totalsBy,
  weightText,
  weightUnitsFor,
} from "./harvests";

describe("harvest weights", () => {
  it("converts what the gardener enters to grams", () => {
    expect(toGrams(850, "g")).toBe(850);
    expect(toGrams(1.25, "kg")).toBe(1250);
    expect(toGrams(1, "lb")).toBe(453.6);
    expect(toGrams(8, "oz")).toBe(226.8);
  });

  it("converts grams back for display and round-trips a pound", () => {
    expect(fromGrams(453.6, "lb")).toBe(1);
    expect(fromGrams(1250, "kg")).toBe(1.25);
    expect(fromGrams(226.8, "oz")).toBe(8);
  });

  it("offers the units of the gardener's preference, small first", () => {
    expect(weightUnitsFor("C")).toEqual(["g", "kg"]);
    expect(weightUnitsFor("F")).toEqual(["oz", "lb"]);
  });

  it("shows a weight in the gardener's units, switching to kg or lb from one of them", () => {
    expect(weightText(850, "C")).toBe("850 g");
    expect(weightText(1250, "C")).toBe("1.25 kg");
    expect(weightText(12_500, "C")).toBe("12.5 kg");
    expect(weightText(200, "F")).toBe("7.1 oz");
    expect(weightText(1134, "F")).toBe("2.5 lb");
  });
});

describe("harvest amounts", () => {
  it("needs a weight or a count", () => {
    expect(hasAmount({ weightG: null, count: null })).toBe(false);
    expect(hasAmount({ weightG: 0, count: 0 })).toBe(false);
    expect(hasAmount({ weightG: 12, count: null })).toBe(true);
    expect(hasAmount({ weightG: null, count: 3 })).toBe(true);
  });

  it("describes a weight, a count or both", () => {
    expect(amountText({ weightG: 1250, count: 12 }, "C")).toBe("1.25 kg · 12 picked");
    expect(amountText({ weightG: null, count: 3 }, "F")).toBe("3 picked");
  });

  it("totals weights and counts, a missing one adding nothing", () => {
    expect(
      totalOf([
        { weightG: 100.1, count: null },
        { weightG: null, count: 4 },
        { weightG: 200.2, count: 2 },
      ]),
    ).toEqual({ weightG: 300.3, count: 6 });
    expect(totalOf([])).toEqual({ weightG: 0, count: 0 });
  });

  it("groups totals, heaviest first, then most counted, then by name", () => {
    const harvests = [
      { crop: "bean", weightG: 300, count: null },
      { crop: "tomato", weightG: 500, count: 3 },
      { crop: "bean", weightG: 400, count: null },
      { crop: "zucchini", weightG: null, count: 2 },
      { crop: "egg", weightG: null, count: 5 },
    ];
    const totals = totalsBy(harvests, (h) => ({ key: h.crop, name: h.crop.toUpperCase() }));
    expect(totals).toEqual([
      { key: "bean", name: "BEAN", weightG: 700, count: 0 },
      { key: "tomato", name: "TOMATO", weightG: 500, count: 3 },
      { key: "egg", name: "EGG", weightG: 0, count: 5 },
      { key: "zucchini", name: "ZUCCHINI", weightG: 0, count: 2 },
    ]);
  });
});

describe("harvest seasons", () => {
  it("counts a harvest in the calendar year north, and north without a place", () => {
    expect(harvestSeasonOf("2026-02-10", 51.5).key).toBe("2026");
    expect(harvestSeasonOf("2026-02-10", null).key).toBe("2026");
  });

  it("counts a southern February harvest in the season that began the July before", () => {
    expect(harvestSeasonOf("2027-02-10", -33.9)).toEqual({
      key: "2026-27",
      start: "2026-07-01",
      end: "2027-06-30",
    });
  });

  it("reads a season key for the gardener's hemisphere only", () => {
    expect(seasonFromKey("2025", "north")).toEqual({
      key: "2025",
      start: "2025-01-01",
      end: "2025-12-31",
    });
    expect(seasonFromKey("2025-26", "south")?.start).toBe("2025-07-01");
    expect(seasonFromKey("2025-27", "south")).toBeNull();
    expect(seasonFromKey("2025", "south")).toBeNull();
    expect(seasonFromKey("junk", "north")).toBeNull();
  });
});
