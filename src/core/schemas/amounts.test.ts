import { describe, expect, it } from "vitest";
import { areaSizeSchema, storedAreaM2Schema } from "./area";
import { harvestWeightSchema, storedGramsSchema } from "./harvest";

// Sizes are kept to 1 cm² and weights to 0.1 g: each is rounded to that, then checked.

const TOO_SMALL =
  "Give a size of at least 1 cm² (0.0001 m², about 0.001 ft²), or leave the size out.";
const TOO_LARGE = "Keep the size to 10,000 m² (about 107,600 ft²) or less.";
const TOO_LIGHT =
  "Give a weight of at least 0.1 g (about 0.004 oz): Tendril keeps weights to a tenth of a gram.";
const TOO_HEAVY = "That weight is more than any harvest: check the figure.";

const messages = (parsed: { error?: { issues: { message: string }[] } | undefined }) =>
  parsed.error?.issues.map((issue) => issue.message);

describe("storedAreaM2Schema: m², kept to the cm²", () => {
  it.each([
    [0.00005, 0.0001],
    [0.0001, 0.0001],
    [2.345678, 2.3457],
    [10_000.00004, 10_000],
  ])("keeps %d m² as %d", (m2, kept) => {
    expect(storedAreaM2Schema.parse(m2)).toBe(kept);
  });

  it.each([
    [0.0000499, TOO_SMALL],
    [1e-300, TOO_SMALL],
    [0, TOO_SMALL],
    [-1, TOO_SMALL],
    [10_000.0001, TOO_LARGE],
    [1e305, TOO_LARGE],
    [-1e305, TOO_SMALL],
  ])("refuses %d m²", (m2, message) => {
    expect(messages(storedAreaM2Schema.safeParse(m2))).toEqual([message]);
  });

  it("says a size that is not a number must be square metres (an import's words)", () => {
    expect(messages(storedAreaM2Schema.safeParse("2"))).toEqual([
      "must be a number of square metres.",
    ]);
  });
});

describe("areaSizeSchema: the size as given, in either unit", () => {
  it.each([
    [{ value: 1e-7, unit: "ft2" }, TOO_SMALL],
    [{ value: 0.0005, unit: "ft2" }, TOO_SMALL],
    [{ value: 107_640, unit: "ft2" }, TOO_LARGE],
    [{ value: 1e308, unit: "ft2" }, TOO_LARGE],
    [{ value: -1e308, unit: "m2" }, TOO_SMALL],
  ])("refuses %j", (size, message) => {
    expect(messages(areaSizeSchema.safeParse(size))).toEqual([message]);
  });

  it("keeps the size as given (the service stores it in m²)", () => {
    expect(areaSizeSchema.parse({ value: 0.0006, unit: "ft2" })).toEqual({
      value: 0.0006,
      unit: "ft2",
    });
  });
});

describe("storedGramsSchema and harvestWeightSchema: grams, kept to the tenth", () => {
  it.each([
    [0.05, 0.1],
    [12.345, 12.3],
    [10_000_000.04, 10_000_000],
  ])("keeps %d g as %d", (grams, kept) => {
    expect(storedGramsSchema.parse(grams)).toBe(kept);
  });

  it.each([
    [0.0499, TOO_LIGHT],
    [1e-300, TOO_LIGHT],
    [0, TOO_LIGHT],
    [-5, TOO_LIGHT],
    [10_000_000.05, TOO_HEAVY],
    [1e308, TOO_HEAVY],
  ])("refuses %d g", (grams, message) => {
    expect(messages(storedGramsSchema.safeParse(grams))).toEqual([message]);
  });

  it.each([
    [{ value: 0.002, unit: "oz" }, 0.1],
    [{ value: 2, unit: "lb" }, 907.2],
    [{ value: 1.25, unit: "kg" }, 1250],
  ])("keeps %j as %d g", (weight, grams) => {
    expect(harvestWeightSchema.parse(weight)).toBe(grams);
  });

  it.each([
    [{ value: 0.001, unit: "oz" }, TOO_LIGHT],
    [{ value: 1e-7, unit: "lb" }, TOO_LIGHT],
    [{ value: 10_001, unit: "kg" }, TOO_HEAVY],
    [{ value: 1e308, unit: "lb" }, TOO_HEAVY],
    [{ value: -1e308, unit: "lb" }, TOO_LIGHT],
  ])("refuses %j", (weight, message) => {
    expect(messages(harvestWeightSchema.safeParse(weight))).toEqual([message]);
  });
});
