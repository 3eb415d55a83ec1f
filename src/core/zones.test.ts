import { describe, expect, it } from "vitest";
import { zoneTemperatureRange, zoneTitle } from "./zones";

describe("zoneTemperatureRange", () => {
  it("follows the USDA formula for a and b half-zones", () => {
    expect(zoneTemperatureRange("1a")).toBe("-60 to -55");
    expect(zoneTemperatureRange("7b")).toBe("5 to 10");
    expect(zoneTemperatureRange("12b")).toBe("55 to 60");
    expect(zoneTemperatureRange("13a")).toBe("60 to 65");
  });

  it("matches the 2023 file's own rows", () => {
    // rows copied from data/zones/phzm_us_zipcode_2023_conus.csv
    expect(zoneTemperatureRange("6b")).toBe("-5 to 0");
    expect(zoneTemperatureRange("6a")).toBe("-10 to -5");
  });

  it("rejects what is not a zone", () => {
    expect(zoneTemperatureRange("14a")).toBeNull();
    expect(zoneTemperatureRange("0b")).toBeNull();
    expect(zoneTemperatureRange("7")).toBeNull();
    expect(zoneTemperatureRange("7c")).toBeNull();
  });

  it("titles a zone the way the 2023 file does", () => {
    expect(zoneTitle("7b", "5 to 10")).toBe("7b: 5 to 10");
  });
});
