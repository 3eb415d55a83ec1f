import { describe, expect, it } from "vitest";
import { formatTemperature as sentenceTemperature } from "../../core/weather/format";
import { formatTemperature, otherTemperature, shortTemperature } from "./format";

describe("temperatures on the cards", () => {
  it("follow the rule of the server's sentences, so one screen never shows two roundings", () => {
    for (const celsius of [38.2, 15.6, 16, -0.4, 0, 21.25]) {
      for (const units of ["C", "F"] as const) {
        expect(formatTemperature(celsius, units)).toBe(sentenceTemperature(celsius, units));
      }
    }
    expect(formatTemperature(38.2, "C")).toBe("38.2 °C");
    expect(otherTemperature(38.2, "C")).toBe("101 °F");
    expect(formatTemperature(15.6, "C")).toBe("15.6 °C");
  });
});

describe("the forecast strip's short temperatures", () => {
  it("are whole degrees in the user's unit", () => {
    expect(shortTemperature(21.2, "C")).toBe("21°");
    expect(shortTemperature(12.5, "C")).toBe("13°");
    expect(shortTemperature(-0.4, "C")).toBe("0°");
    expect(shortTemperature(21.2, "F")).toBe("70°");
  });
});
