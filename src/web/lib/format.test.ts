import { describe, expect, it } from "vitest";
import { formatTemperature as sentenceTemperature } from "../../core/weather/format";
import {
  dateFormat,
  formatDay,
  formatTemperature,
  otherTemperature,
  shortTemperature,
} from "./format";

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

describe("date formats made on first use", () => {
  it("make no Intl format until a date is formatted, then one, and agree with Intl", () => {
    const real = Intl.DateTimeFormat;
    const options = { weekday: "short", month: "short", day: "numeric", timeZone: "UTC" } as const;
    const expected = (date: Date) => new real(undefined, options).format(date);
    let made = 0;
    Intl.DateTimeFormat = class extends real {
      constructor(...args: ConstructorParameters<typeof real>) {
        super(...args);
        made++;
      }
    } as typeof Intl.DateTimeFormat;
    try {
      const format = dateFormat(options);
      expect(made).toBe(0);
      const first = new Date("2026-11-22T00:00:00Z");
      const second = new Date("2026-11-23T00:00:00Z");
      expect(format(first)).toBe(expected(first));
      expect(format(second)).toBe(expected(second));
      expect(made).toBe(1);
    } finally {
      Intl.DateTimeFormat = real;
    }
  });

  it("read a calendar date as that day wherever the browser is", () => {
    expect(formatDay("2026-11-22")).toBe(
      new Intl.DateTimeFormat(undefined, {
        weekday: "short",
        month: "short",
        day: "numeric",
        timeZone: "UTC",
      }).format(Date.UTC(2026, 10, 22)),
    );
  });
});
