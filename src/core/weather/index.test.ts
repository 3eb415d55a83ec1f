import { describe, expect, it } from "vitest";
import * as weather from "./index";

describe("core/weather public surface", () => {
  it.each([
    "averageForecastC",
    "countryCodeFrom",
    "dayAdvice",
    "describeWeatherCode",
    "formatTemperature",
    "formatWindSpeed",
    "gardenHealthAlerts",
    "gardeningRecommendations",
    "haversineKm",
    "hemisphereOf",
    "nearestFrostStation",
    "parseFrostStations",
    "plantingAdvice",
    "plantingSuggestions",
    "seasonFor",
    "seasonNotes",
    "temperatureBand",
    "wateringAdvice",
  ])("exports %s", (name) => {
    expect(typeof (weather as Record<string, unknown>)[name]).toBe("function");
  });
});
