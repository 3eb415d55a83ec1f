import { describe, expect, it } from "vitest";
import { daysOutsideTolerance, temperatureTolerance } from "./temperature-tolerance";

describe("temperatureTolerance", () => {
  it.each([
    ["Cool season; bolts in heat", "cool-season", 27],
    ["Cool season annual", "cool-season", 27],
    ["Cool season but heat-tolerant", "warm-season", 32],
    ["Warm season; frost-tender, needs nights above 10 °C to set fruit", "warm-season", 32],
    ["Hot season", "warm-season", 32],
    ["Tropical", "tropical", 35],
    ["Subtropical shrub", "tropical", 35],
    ["Indoors year-round at about 18–24 °C", "tropical", 35],
    ["Hardy perennial", "hardy", 32],
    ["Temperate tree", "hardy", 32],
  ])("reads %s as %s", (climate, kind, maxC) => {
    const tolerance = temperatureTolerance(climate);
    expect(tolerance.kind).toBe(kind);
    expect(tolerance.maxC).toBe(maxC);
  });
});

describe("daysOutsideTolerance", () => {
  const lettuce = temperatureTolerance("Cool season");
  const tomato = temperatureTolerance("Warm season");
  const day = (maxC: number, minC = 12) => ({ date: `d${maxC}`, maxC, minC });

  it("counts a high above the limit, not one at it (27 / 27.1 °C for lettuce)", () => {
    expect(daysOutsideTolerance([day(27), day(27.1)], lettuce).hot.map((d) => d.maxC)).toEqual([
      27.1,
    ]);
  });

  it("counts a night below 10 °C for a warm-season crop, not one at 10 °C", () => {
    expect(daysOutsideTolerance([day(20, 10), day(20, 9.9)], tomato).cold).toHaveLength(1);
  });

  it("never reports cold for hardy plants", () => {
    expect(
      daysOutsideTolerance([day(5, -15)], temperatureTolerance("Hardy perennial")).cold,
    ).toEqual([]);
  });
});
