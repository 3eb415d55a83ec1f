import { describe, expect, it } from "vitest";
import { describeWeatherCode } from "./wmo-codes";

describe("describeWeatherCode", () => {
  it.each([
    [0, "Clear sky"],
    [1, "Mainly clear"],
    [2, "Partly cloudy"],
    [3, "Overcast"],
  ])("%i is %s", (code, words) => {
    expect(describeWeatherCode(code)).toBe(words);
  });

  it.each([45, 48])("%i mentions fog", (code) => {
    expect(describeWeatherCode(code)).toMatch(/fog/i);
  });

  it.each([51, 53, 55, 56, 57])("%i mentions drizzle", (code) => {
    expect(describeWeatherCode(code)).toMatch(/drizzle/i);
  });

  it.each([56, 57, 66, 67])("%i says freezing", (code) => {
    expect(describeWeatherCode(code)).toMatch(/freezing/i);
  });

  it.each([61, 63, 65, 66, 67])("%i mentions rain", (code) => {
    expect(describeWeatherCode(code)).toMatch(/rain/i);
  });

  it.each([71, 73, 75, 77])("%i mentions snow", (code) => {
    expect(describeWeatherCode(code)).toMatch(/snow/i);
  });

  it.each([80, 81, 82])("%i is rain showers", (code) => {
    expect(describeWeatherCode(code)).toMatch(/rain showers/i);
  });

  it.each([85, 86])("%i is snow showers", (code) => {
    expect(describeWeatherCode(code)).toMatch(/snow showers/i);
  });

  it.each([95, 96, 99])("%i is a thunderstorm", (code) => {
    expect(describeWeatherCode(code)).toMatch(/thunderstorm/i);
  });

  it("tells hail apart", () => {
    expect(describeWeatherCode(95)).not.toMatch(/hail/i);
    expect(describeWeatherCode(96)).toMatch(/slight hail/i);
    expect(describeWeatherCode(99)).toMatch(/heavy hail/i);
  });

  it.each([
    [52, "Drizzle"],
    [62, "Rain"],
    [74, "Snow"],
    [97, "Thunderstorm"],
  ])("names the family of in-between code %i", (code, words) => {
    expect(describeWeatherCode(code)).toBe(words);
  });

  it.each([4, 44, 50, 58, 60, 68, 70, 78, 79, 83, 84, 87, 94, 100, -1, 2.5, Number.NaN])(
    "%s is Unknown",
    (code) => {
      expect(describeWeatherCode(code)).toBe("Unknown");
    },
  );
});
