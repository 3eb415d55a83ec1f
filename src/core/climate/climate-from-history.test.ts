import { describe, expect, it } from "vitest";
import { addDays } from "../garden/dates";
import { climateFromHistory, type HistoryDay, usdaZone } from "./climate-from-history";

/**
 * Years of made-up days: a mean that peaks on `warmest` ("MM-DD") and swings `swing` °C either
 * side of `average`, a minimum 5 °C below the mean and a maximum 5 °C above, and 2 mm of rain a
 * day (10 in the first month of `wetMonth`).
 */
function history(opts: {
  average: number;
  swing: number;
  warmest: string;
  years?: number;
  wetMonth?: number;
}): HistoryDay[] {
  const days: HistoryDay[] = [];
  const years = opts.years ?? 12;
  const warmestDay = Date.UTC(
    2001,
    Number(opts.warmest.slice(0, 2)) - 1,
    Number(opts.warmest.slice(3)),
  );
  const start = "2010-01-01";
  for (let i = 0; ; i++) {
    const date = addDays(start, i);
    if (Number(date.slice(0, 4)) >= 2010 + years) break;
    const inYear = Date.UTC(2001, Number(date.slice(5, 7)) - 1, Number(date.slice(8, 10)));
    const phase = ((inYear - warmestDay) / 86_400_000 / 365) * 2 * Math.PI;
    const meanC = opts.average + opts.swing * Math.cos(phase);
    const wet = Number(date.slice(5, 7)) === opts.wetMonth;
    days.push({ date, minC: meanC - 5, maxC: meanC + 5, rainMm: wet ? 10 : 2 });
  }
  return days;
}

describe("a place's typical year from its daily history", () => {
  it("gives monthly means and rainfall", () => {
    const profile = climateFromHistory(
      history({ average: 11, swing: 7, warmest: "07-20", wetMonth: 10 }),
      51.5,
    );
    expect(profile?.monthlyMeanC?.[6]).toBeCloseTo(17.7, 0);
    expect(profile?.monthlyMeanC?.[0]).toBeCloseTo(4.3, 0);
    expect(profile?.monthlyRainMm?.[9]).toBe(310);
    expect(profile?.monthlyRainMm?.[0]).toBe(62);
    expect(profile?.source).toBe("historical");
  });

  it("finds the median last spring and first autumn frost (a minimum at or below 0 °C)", () => {
    // Minimum = 1 + 7·cos(phase): at or below 0 while cos ≤ −1/7, i.e. from 99.6 days after the
    // warmest day (20 July + 99.6 = 28 October) to 265.4 days after it (11 April).
    const profile = climateFromHistory(history({ average: 6, swing: 7, warmest: "07-20" }), 51.5);
    expect(profile?.lastFrost).toBe("04-11");
    expect(profile?.firstFrost).toBe("10-28");
  });

  it("counts the southern hemisphere's frosts from its own midwinter (July)", () => {
    const profile = climateFromHistory(history({ average: 6, swing: 7, warmest: "01-20" }), -37.8);
    // The same swing around a warmest day of 20 January: frost from 30 April to 12 October.
    expect(profile?.lastFrost).toBe("10-12");
    expect(profile?.firstFrost).toBe("04-30");
  });

  it("is frost-free where minimums stay above 0 °C", () => {
    const profile = climateFromHistory(history({ average: 27, swing: 1, warmest: "05-01" }), 1.35);
    expect(profile?.lastFrost).toBeNull();
    expect(profile?.firstFrost).toBeNull();
    // Lowest minimum 27 − 1 − 5 = 21 °C = 69.8 °F: zone 13b (65 to 70 °F).
    expect(profile?.zone).toBe("13b");
  });

  it("takes the zone from the mean of each year's lowest minimum", () => {
    // Lowest minimum 6 − 7 − 5 = −6 °C = 21.2 °F: zone 9a (20 to 25 °F).
    const profile = climateFromHistory(history({ average: 6, swing: 7, warmest: "07-20" }), 51.5);
    expect(profile?.zone).toBe("9a");
  });

  it("needs ten whole years; shorter or gappy history gives nothing", () => {
    expect(
      climateFromHistory(history({ average: 11, swing: 7, warmest: "07-20", years: 9 }), 50),
    ).toBeNull();
    const gappy = history({ average: 11, swing: 7, warmest: "07-20", years: 10 }).map((day) =>
      day.date.startsWith("2015") && day.date.slice(5) < "03-01" ? { ...day, minC: null } : day,
    );
    expect(climateFromHistory(gappy, 50)).toBeNull();
  });
});

describe("USDA zones", () => {
  it("puts each 5 °F of annual extreme minimum in its half-zone", () => {
    // Zone 6a is −10 to −5 °F, 5b −15 to −10 °F; 10a is 30 to 35 °F, 10b 35 to 40 °F.
    const celsius = (fahrenheit: number) => ((fahrenheit - 32) * 5) / 9;
    expect(usdaZone(celsius(-10))).toBe("6a");
    expect(usdaZone(celsius(-10.1))).toBe("5b");
    expect(usdaZone(celsius(30))).toBe("10a");
    expect(usdaZone(celsius(35))).toBe("10b");
    expect(usdaZone(-60)).toBe("1a");
    expect(usdaZone(30)).toBe("13b");
  });
});
