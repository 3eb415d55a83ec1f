import { describe, expect, it } from "vitest";
import { formatNumber, formatTemperature } from "./format";

describe("formatNumber", () => {
  it.each([
    [20, "20"],
    [19.96, "20"],
    [34.94, "34.9"],
    [2.05, "2.1"],
    [-6, "-6"],
    [-0.04, "0"],
  ])("%s → %s", (value, text) => {
    expect(formatNumber(value)).toBe(text);
  });
});

describe("formatTemperature", () => {
  it.each([
    [38.4, "38.4 °C"],
    [16, "16 °C"],
    [-6, "-6 °C"],
  ])("%s °C in °C → %s", (celsius, text) => {
    expect(formatTemperature(celsius)).toBe(text);
    expect(formatTemperature(celsius, "C")).toBe(text);
  });

  it.each([
    [38.4, "101 °F"],
    [0, "32 °F"],
    [16.5, "62 °F"],
    [-6, "21 °F"],
    [-17.9, "0 °F"],
    [-40, "-40 °F"],
  ])("%s °C in °F → %s (whole degrees)", (celsius, text) => {
    expect(formatTemperature(celsius, "F")).toBe(text);
  });
});
