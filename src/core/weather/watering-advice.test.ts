import { describe, expect, it } from "vitest";
import { dayAdvice, type ForecastDay, wateringAdvice } from "./watering-advice";

const dry = [{ precipitation: 0 }, { precipitation: 0 }, { precipitation: 0 }];

describe("wateringAdvice", () => {
  it("holds off when 5 mm of rain is due over the next two days", () => {
    const advice = wateringAdvice({
      temperature: 33,
      humidity: 20,
      forecast: [{ precipitation: 2 }, { precipitation: 3 }],
    });
    expect(advice).toMatch(/hold off/i);
    expect(advice).toContain("5 mm");
  });

  it("does not hold off for 4.9 mm", () => {
    const advice = wateringAdvice({
      temperature: 20,
      humidity: 50,
      forecast: [{ precipitation: 4.9 }, { precipitation: 0 }],
    });
    expect(advice).not.toMatch(/hold off/i);
    expect(advice).toMatch(/little rain/i);
  });

  it("ignores rain beyond the next two days", () => {
    const advice = wateringAdvice({
      temperature: 20,
      humidity: 50,
      forecast: [{ precipitation: 0 }, { precipitation: 0 }, { precipitation: 30 }],
    });
    expect(advice).not.toMatch(/rain/i);
  });

  it("says water early and deeply when hot and dry", () => {
    const advice = wateringAdvice({ temperature: 30, humidity: 39, forecast: dry });
    expect(advice).toMatch(/^Hot and dry/);
    expect(advice).toMatch(/deeply/);
    expect(advice).toMatch(/early morning/);
  });

  it("says hot, not dry, at 40% humidity", () => {
    const advice = wateringAdvice({ temperature: 30, humidity: 40, forecast: dry });
    expect(advice).toMatch(/^Hot:/);
  });

  it("is not hot at 29.9 °C", () => {
    const advice = wateringAdvice({ temperature: 29.9, humidity: 20, forecast: dry });
    expect(advice).not.toMatch(/^Hot/);
  });

  it("waters less in humid air from 80%", () => {
    expect(wateringAdvice({ temperature: 20, humidity: 80, forecast: dry })).toMatch(/^Humid/);
    expect(wateringAdvice({ temperature: 20, humidity: 79, forecast: dry })).not.toMatch(/^Humid/);
  });

  it("waters sparingly at 5 °C and below", () => {
    expect(wateringAdvice({ temperature: 5, humidity: 50, forecast: dry })).toMatch(/^Cold/);
    expect(wateringAdvice({ temperature: 5.1, humidity: 50, forecast: dry })).not.toMatch(/^Cold/);
  });

  it("gives the everyday rule otherwise", () => {
    expect(wateringAdvice({ temperature: 18, humidity: 55, forecast: dry })).toMatch(
      /top 2–3 cm of soil feels dry/,
    );
  });

  it("works with an empty forecast and skips precipitation that is not a number", () => {
    expect(wateringAdvice({ temperature: 18, humidity: 55, forecast: [] })).toMatch(/feels dry/);
    const advice = wateringAdvice({
      temperature: 18,
      humidity: 55,
      forecast: [{ precipitation: Number.NaN }, { precipitation: 6 }],
    });
    expect(advice).toMatch(/hold off/i);
  });
});

describe("dayAdvice", () => {
  const mild: ForecastDay = { min: 12, max: 22, precipitation: 0, humidity: 60 };

  it.each<[string, Partial<ForecastDay>, RegExp]>([
    ["frost at a 2 °C low", { min: 2 }, /^Frost risk/],
    ["very hot at 35 °C", { max: 35 }, /^Very hot/],
    ["hot, not very hot, at 34.9 °C", { max: 34.9 }, /^Hot:/],
    ["hot at 30 °C", { max: 30 }, /^Hot:/],
    ["heavy rain over 5 mm", { precipitation: 5.1 }, /^Heavy rain/],
    ["some rain at exactly 5 mm", { precipitation: 5 }, /^Some rain/],
    ["some rain at 1 mm", { precipitation: 1 }, /^Some rain/],
    ["humid at 80%", { humidity: 80 }, /^Humid/],
    ["cool at a 10 °C high", { min: 4, max: 10 }, /^Cool/],
    ["good growing weather on a mild day", {}, /^Good growing weather/],
  ])("%s", (_label, change, expected) => {
    expect(dayAdvice({ ...mild, ...change })).toMatch(expected);
  });

  it.each<[string, Partial<ForecastDay>, RegExp]>([
    ["no frost at a 2.1 °C low", { min: 2.1 }, /^Frost/],
    ["not hot at 29.9 °C", { max: 29.9 }, /^Hot/],
    ["no rain advice under 1 mm", { precipitation: 0.9 }, /rain/i],
    ["not humid at 79%", { humidity: 79 }, /^Humid/],
    ["not cool at a 10.1 °C high", { min: 4, max: 10.1 }, /^Cool/],
  ])("%s", (_label, change, unexpected) => {
    expect(dayAdvice({ ...mild, ...change })).not.toMatch(unexpected);
  });

  it("puts frost first, even on a rainy day", () => {
    expect(dayAdvice({ min: 0, max: 6, precipitation: 12 })).toMatch(/^Frost risk/);
  });

  it("puts heavy rain before mere heat", () => {
    expect(dayAdvice({ min: 20, max: 31, precipitation: 20 })).toMatch(/^Heavy rain/);
  });

  it("accepts a day without humidity", () => {
    expect(dayAdvice({ min: 12, max: 22, precipitation: 0, humidity: null })).toMatch(/^Good/);
  });
});
