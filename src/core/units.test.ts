import { describe, expect, it } from "vitest";
import { usesFahrenheit } from "./fahrenheit-countries";
import { celsiusToFahrenheit, fahrenheitToCelsius } from "./units";

describe("temperature conversion", () => {
  it("meets the scales' fixed points exactly", () => {
    expect(celsiusToFahrenheit(-40)).toBe(-40);
    expect(celsiusToFahrenheit(0)).toBe(32);
    expect(celsiusToFahrenheit(100)).toBe(212);
    expect(fahrenheitToCelsius(-40)).toBe(-40);
    expect(fahrenheitToCelsius(32)).toBe(0);
    expect(fahrenheitToCelsius(212)).toBe(100);
  });

  it("round-trips a reading", () => {
    for (const celsius of [-17.8, -0.4, 16.5, 38.4]) {
      expect(fahrenheitToCelsius(celsiusToFahrenheit(celsius))).toBeCloseTo(celsius, 10);
    }
  });

  it("leaves rounding to the caller: whole °F for sentences, one decimal for the payload", () => {
    // 38.4 °C is 101.12 °F; -6 °C is 21.2 °F; 16.3 °C is 61.34 °F.
    expect(Math.round(celsiusToFahrenheit(38.4))).toBe(101);
    expect(Math.round(celsiusToFahrenheit(-6))).toBe(21);
    expect(Math.round(celsiusToFahrenheit(16.3) * 10) / 10).toBe(61.3);
    // Half a °F rounds up, also below zero: -17.5 °C is 0.5 °F, -18.5 °C is -1.3 °F.
    expect(Math.round(celsiusToFahrenheit(-17.5))).toBe(1);
    expect(Math.round(celsiusToFahrenheit(-18.5))).toBe(-1);
  });
});

describe("usesFahrenheit", () => {
  it("is true for the US, its territories and the few other °F countries", () => {
    for (const code of ["US", "PR", "GU", "LR", "BS", "BZ", "KY", "PW", "FM", "MH"]) {
      expect(usesFahrenheit(code)).toBe(true);
    }
    expect(usesFahrenheit("us")).toBe(true);
  });

  it("is false for Celsius countries, including the US's neighbours, and for no country", () => {
    for (const code of ["CA", "MX", "GB", "IN", "AU", "DE"])
      expect(usesFahrenheit(code)).toBe(false);
    expect(usesFahrenheit(null)).toBe(false);
    expect(usesFahrenheit(undefined)).toBe(false);
    expect(usesFahrenheit("")).toBe(false);
  });
});
