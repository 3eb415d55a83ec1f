import { describe, expect, it } from "vitest";
import { averageForecastC, temperatureBand } from "./temperature-band";

describe("temperatureBand", () => {
  it.each([
    [-12, "very-cold"],
    [5, "very-cold"],
    [5.1, "cool"],
    [15, "cool"],
    [15.1, "mild"],
    [22, "mild"],
    [22.1, "warm"],
    [30, "warm"],
    [30.1, "hot"],
    [42, "hot"],
  ])("%s °C is %s", (averageC, band) => {
    expect(temperatureBand(averageC)).toBe(band);
  });

  it("falls back to the 20 °C default for a value that is not a number", () => {
    expect(temperatureBand(Number.NaN)).toBe("mild");
    expect(temperatureBand(Number.POSITIVE_INFINITY)).toBe("mild");
  });
});

describe("averageForecastC", () => {
  it("defaults to 20 for an empty or missing forecast", () => {
    expect(averageForecastC([])).toBe(20);
    expect(averageForecastC(null)).toBe(20);
    expect(averageForecastC(undefined)).toBe(20);
  });

  it("uses the midpoint of a single day", () => {
    expect(averageForecastC([{ min: 10, max: 20 }])).toBe(15);
  });

  it("averages the daily midpoints", () => {
    expect(
      averageForecastC([
        { min: 0, max: 10 },
        { min: 10, max: 30 },
      ]),
    ).toBe(12.5);
  });

  it("rounds to one decimal", () => {
    expect(
      averageForecastC([
        { min: 10, max: 11 },
        { min: 10, max: 11 },
        { min: 10, max: 12 },
      ]),
    ).toBe(10.7);
  });

  it("skips days without two numbers", () => {
    expect(
      averageForecastC([
        { min: 4, max: 8 },
        { min: null, max: 30 },
        { max: 30 },
        { min: Number.NaN, max: 30 },
        { min: "10", max: "20" },
      ]),
    ).toBe(6);
  });

  it("defaults to 20 when no day has usable numbers", () => {
    expect(averageForecastC([{ min: null, max: null }, {}])).toBe(20);
  });

  it("handles below-freezing averages", () => {
    expect(averageForecastC([{ min: -9, max: -3 }])).toBe(-6);
  });
});
