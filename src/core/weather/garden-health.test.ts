import { describe, expect, it } from "vitest";
import { type GardenHealthInput, gardenHealthAlerts } from "./garden-health";

type Day = GardenHealthInput["forecast"][number];

const mildDay: Day = { max: 24, min: 12, precipitation: 0 };

function input(
  current: Partial<GardenHealthInput["current"]> = {},
  forecast: Day[] = Array.from({ length: 7 }, () => ({ ...mildDay })),
): GardenHealthInput {
  return { current: { temperature: 20, humidity: 50, windSpeed: 5, ...current }, forecast };
}

function kinds(value: GardenHealthInput): string[] {
  return gardenHealthAlerts(value).map((alert) => alert.kind);
}

function alertOf(value: GardenHealthInput, kind: string) {
  const alert = gardenHealthAlerts(value).find((item) => item.kind === kind);
  if (!alert) throw new Error(`expected a ${kind} alert`);
  return alert;
}

function withRain(...amounts: number[]): Day[] {
  return amounts.map((precipitation) => ({ ...mildDay, precipitation }));
}

describe("gardenHealthAlerts", () => {
  it("gives no alerts on a calm, mild day", () => {
    expect(gardenHealthAlerts(input())).toEqual([]);
  });

  describe("fungal (humidity >= 80)", () => {
    it("does not alert at 79%", () => {
      expect(kinds(input({ humidity: 79 }))).not.toContain("fungal");
    });

    it("alerts at 80%", () => {
      expect(kinds(input({ humidity: 80 }))).toEqual(["fungal"]);
    });

    it("says what the humidity is and what to do", () => {
      const alert = alertOf(input({ humidity: 91 }), "fungal");
      expect(alert.message).toContain("91%");
      expect(alert.message).toMatch(/fungal/i);
      expect(alert.action).toMatch(/water the soil, not the leaves/i);
    });
  });

  describe("wind (>= 20 mph)", () => {
    it("does not alert at 19 mph", () => {
      expect(kinds(input({ windSpeed: 19 }))).not.toContain("wind");
    });

    it("does not alert at 19.9 mph", () => {
      expect(kinds(input({ windSpeed: 19.9 }))).not.toContain("wind");
    });

    it("alerts at 20 mph and says to stake plants", () => {
      expect(kinds(input({ windSpeed: 20 }))).toEqual(["wind"]);
      const alert = alertOf(input({ windSpeed: 20 }), "wind");
      // Measured in mph; read in km/h beside °C (32.2 km/h).
      expect(alert.message).toContain("32 km/h");
      expect(gardenHealthAlerts(input({ windSpeed: 20 }), "F")[0]?.message).toContain("20 mph");
      expect(alert.action).toMatch(/stake/i);
    });
  });

  describe("drainage (2+ days with precipitation > 5 mm)", () => {
    it("does not alert for one wet day", () => {
      expect(kinds(input({}, withRain(12, 0, 0, 0, 0, 0, 0)))).not.toContain("drainage");
    });

    it("alerts for two days just over 5 mm", () => {
      expect(kinds(input({}, withRain(5.1, 0, 0, 5.1, 0, 0, 0)))).toEqual(["drainage"]);
    });

    it("does not alert for two days of exactly 5 mm", () => {
      expect(kinds(input({}, withRain(5, 5, 0, 0, 0, 0, 0)))).not.toContain("drainage");
    });

    it("counts only the days over 5 mm in its message", () => {
      const alert = alertOf(input({}, withRain(6, 7, 5, 8, 1, 0, 0)), "drainage");
      expect(alert.message).toContain("3 days");
      expect(alert.action).toMatch(/drain/i);
    });
  });

  describe("heat (any forecast max >= 35 °C)", () => {
    it("does not alert at 34.9 °C", () => {
      const forecast = [{ ...mildDay, max: 34.9 }, mildDay];
      expect(kinds(input({}, forecast))).not.toContain("heat");
    });

    it("alerts when one day reaches 35 °C", () => {
      const forecast = [mildDay, mildDay, { ...mildDay, max: 35 }];
      expect(kinds(input({}, forecast))).toEqual(["heat"]);
    });

    it("names the hottest day's high", () => {
      const forecast = [
        { ...mildDay, max: 36 },
        { ...mildDay, max: 38.4 },
      ];
      expect(alertOf(input({}, forecast), "heat").message).toContain("38.4 °C");
    });

    it("still alerts when another day's max is not a number", () => {
      const forecast = [
        { ...mildDay, max: Number.NaN },
        { ...mildDay, max: 36 },
      ];
      expect(kinds(input({}, forecast))).toContain("heat");
    });
  });

  describe("frost tip (current temperature <= 2 °C)", () => {
    it("does not give the tip at 2.1 °C", () => {
      expect(kinds(input({ temperature: 2.1 }))).not.toContain("frost");
    });

    it("gives the frost-cover tip at 2 °C", () => {
      expect(kinds(input({ temperature: 2 }))).toEqual(["frost"]);
      expect(alertOf(input({ temperature: 2 }), "frost").action).toMatch(/cover/i);
    });

    it("gives it well below freezing", () => {
      expect(alertOf(input({ temperature: -6 }), "frost").message).toContain("-6 °C");
    });
  });

  describe("hot tip (current temperature >= 32 °C)", () => {
    it("does not give the tip at 31.9 °C", () => {
      expect(kinds(input({ temperature: 31.9 }))).not.toContain("hot");
    });

    it("gives a watering and 5–7 cm mulch tip at 32 °C", () => {
      expect(kinds(input({ temperature: 32 }))).toEqual(["hot"]);
      const alert = alertOf(input({ temperature: 32 }), "hot");
      expect(alert.action).toMatch(/water/i);
      expect(alert.action).toMatch(/mulch/i);
      expect(alert.action).toContain("5–7 cm");
    });
  });

  it("lists every alert in a fixed order when all apply", () => {
    const forecast = [
      { max: 37, min: 20, precipitation: 9 },
      { max: 30, min: 20, precipitation: 9 },
    ];
    expect(kinds(input({ temperature: 33, humidity: 85, windSpeed: 25 }, forecast))).toEqual([
      "fungal",
      "wind",
      "drainage",
      "heat",
      "hot",
    ]);
  });

  it("handles an empty forecast", () => {
    expect(kinds(input({ temperature: 0 }, []))).toEqual(["frost"]);
  });

  it("gives every alert a message and an action", () => {
    const forecast = [
      { max: 37, min: 20, precipitation: 9 },
      { max: 30, min: 20, precipitation: 9 },
    ];
    const alerts = [
      ...gardenHealthAlerts(input({ temperature: 33, humidity: 85, windSpeed: 25 }, forecast)),
      ...gardenHealthAlerts(input({ temperature: 1 })),
    ];
    expect(alerts).toHaveLength(6);
    for (const alert of alerts) {
      expect(alert.message.length).toBeGreaterThan(10);
      expect(alert.action.length).toBeGreaterThan(10);
    }
  });
});
