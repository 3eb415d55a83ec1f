import { describe, expect, it } from "vitest";
import { dayRangeLabel, MIN_BAR_PERCENT, stageBars } from "./stage-chart";

describe("stageBars", () => {
  it("places each stage by its days on one axis from day 0 to the last day", () => {
    const bars = stageBars([
      { name: "Germination", startDay: 0, endDay: 9 },
      { name: "Seedling", startDay: 10, endDay: 29 },
      { name: "Harvest", startDay: 30, endDay: 39 },
    ]);
    expect(bars.map(({ left, width, days }) => ({ left, width, days }))).toEqual([
      { left: 0, width: 25, days: 10 },
      { left: 25, width: 50, days: 20 },
      { left: 75, width: 25, days: 10 },
    ]);
  });

  it("sits the bars end to end, the last one reaching the right edge", () => {
    const bars = stageBars([
      { name: "A", startDay: 0, endDay: 6 },
      { name: "B", startDay: 7, endDay: 20 },
      { name: "C", startDay: 21, endDay: 89 },
    ]);
    for (let i = 1; i < bars.length; i += 1) {
      const before = bars[i - 1];
      expect(before && before.left + before.width).toBeCloseTo(bars[i]?.left ?? -1);
    }
    const last = bars.at(-1);
    expect(last && last.left + last.width).toBeCloseTo(100);
  });

  it("draws a one-day stage at the narrowest visible width, still inside the chart", () => {
    const bars = stageBars([
      { name: "Long", startDay: 0, endDay: 363 },
      { name: "Last day", startDay: 364, endDay: 364 },
    ]);
    expect(bars[1]?.width).toBe(MIN_BAR_PERCENT);
    expect(bars[1]?.days).toBe(1);
    expect((bars[1]?.left ?? 0) + (bars[1]?.width ?? 0)).toBeLessThanOrEqual(100);
  });

  it("fills the chart with a single one-day stage", () => {
    expect(stageBars([{ name: "Only", startDay: 0, endDay: 0 }])[0]).toMatchObject({
      left: 0,
      width: 100,
      days: 1,
    });
  });
});

describe("dayRangeLabel", () => {
  it("names one day or a span", () => {
    expect(dayRangeLabel(3, 3)).toBe("Day 3");
    expect(dayRangeLabel(0, 13)).toBe("Days 0–13");
  });
});
