import { describe, expect, it } from "vitest";
import { type ClimateFigures, climateKind } from "./climate-kind";
import { PLACES } from "./places.fixture";

const figures = (name: keyof typeof PLACES): ClimateFigures => {
  const place = PLACES[name];
  return {
    zone: place.zone,
    frostFree: place.lastFrost === null,
    monthlyMeanC: place.monthlyMeanC,
    monthlyRainMm: place.monthlyRainMm,
    hemisphere: place.latitude < 0 ? "south" : "north",
  };
};

describe("the Grow Along climate of a place", () => {
  it.each([
    ["San Francisco", "mediterranean"],
    ["Seattle", "temperate"],
    ["Minneapolis", "cold"],
    ["Melbourne", "temperate"],
    ["Bengaluru", "tropical"],
    ["Delhi", "subtropical"],
    ["London", "temperate"],
    ["Singapore", "tropical"],
  ] as const)("reads %s as %s", (name, kind) => {
    expect(climateKind(figures(name))).toBe(kind);
  });

  it("reads a dry place by its rainfall before its warmth", () => {
    const dry = { ...figures("Delhi"), monthlyRainMm: new Array(12).fill(15) };
    expect(climateKind(dry)).toBe("desert");
    expect(climateKind({ ...dry, monthlyRainMm: new Array(12).fill(30) })).toBe("arid");
  });

  it("finds the dry summer in the southern hemisphere's December to February", () => {
    // Perth: wet winters (June to August), dry summers.
    const perth: ClimateFigures = {
      zone: "10b",
      frostFree: true,
      monthlyMeanC: [24, 24, 22, 19, 16, 14, 13, 13, 15, 17, 20, 22],
      monthlyRainMm: [15, 10, 20, 40, 100, 160, 150, 120, 80, 40, 20, 10],
      hemisphere: "south",
    };
    expect(climateKind(perth)).toBe("mediterranean");
  });

  it("goes by the hardiness zone when the months are unknown", () => {
    const only = (zone: string | null, frostFree = false): ClimateFigures => ({
      zone,
      frostFree,
      monthlyMeanC: null,
      monthlyRainMm: null,
      hemisphere: "north",
    });
    expect(climateKind(only("4b"))).toBe("cold");
    expect(climateKind(only("5a"))).toBe("cold");
    expect(climateKind(only("6a"))).toBe("temperate");
    expect(climateKind(only("9b", true))).toBe("subtropical");
    expect(climateKind(only("10a"))).toBe("subtropical");
    expect(climateKind(only("11a"))).toBe("tropical");
    expect(climateKind(only(null))).toBe("temperate");
  });
});
