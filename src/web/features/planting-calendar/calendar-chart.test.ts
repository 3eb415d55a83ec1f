import { describe, expect, it } from "vitest";
import {
  bandOf,
  chartSpan,
  MIN_BAND_PERCENT,
  monthColumns,
  todayAt,
  windowsInWords,
} from "./calendar-chart";

const pct = (days: number, of = 365) => (days / of) * 100;

describe("the planting calendar's chart", () => {
  const span = chartSpan("2026-11-25");

  it("spans twelve months from the first of today's month", () => {
    expect(span).toEqual({ start: "2026-11-01", end: "2027-11-01", days: 365 });
    // A leap day inside the span makes it a day longer.
    expect(chartSpan("2028-02-10")).toEqual({ start: "2028-02-01", end: "2029-02-01", days: 366 });
    expect(chartSpan("2026-01-31").end).toBe("2027-01-01");
  });

  it("lays the months end to end by their days, with their initials", () => {
    const months = monthColumns(span);
    expect(months).toHaveLength(12);
    expect(months[0]).toMatchObject({ first: "2026-11-01", initial: "N", short: "Nov", left: 0 });
    expect(months[0]?.width).toBeCloseTo(pct(30));
    expect(months[2]).toMatchObject({ first: "2027-01-01", initial: "J", short: "Jan" });
    expect(months[2]?.left).toBeCloseTo(pct(61));
    expect(months[11]).toMatchObject({ first: "2027-10-01", short: "Oct" });
    expect((months[11]?.left ?? 0) + (months[11]?.width ?? 0)).toBeCloseTo(100);
  });

  it("places a band from the start of its first day to the end of its last", () => {
    const december = bandOf({ from: "2026-12-01", to: "2026-12-31" }, span);
    expect(december?.left).toBeCloseTo(pct(30));
    expect(december?.width).toBeCloseTo(pct(31));
    const fromToday = bandOf({ from: "2026-11-25", to: "2027-01-12" }, span);
    expect(fromToday?.left).toBeCloseTo(pct(24));
    expect(fromToday?.width).toBeCloseTo(pct(49));
  });

  it("cuts a window at the chart's end and drops one wholly past it", () => {
    const lateSpring = bandOf({ from: "2027-10-28", to: "2027-11-24" }, span);
    expect(lateSpring?.left).toBeCloseTo(pct(361));
    expect((lateSpring?.left ?? 0) + (lateSpring?.width ?? 0)).toBeCloseTo(100);
    expect(bandOf({ from: "2027-11-01", to: "2027-11-24" }, span)).toBeNull();
    expect(bandOf({ from: "2026-10-01", to: "2026-10-31" }, span)).toBeNull();
  });

  it("keeps a one-day band visible and inside the chart", () => {
    const last = bandOf({ from: "2027-10-31", to: "2027-11-24" }, span);
    expect(last?.width).toBe(MIN_BAND_PERCENT);
    expect(last?.left).toBeCloseTo(100 - MIN_BAND_PERCENT);
  });

  it("draws today's line through the middle of today", () => {
    expect(todayAt("2026-11-25", span)).toBeCloseTo(pct(24.5));
    expect(todayAt("2026-11-01", span)).toBeCloseTo(pct(0.5));
  });

  it("says the windows in words, by action in growing order", () => {
    expect(
      windowsInWords([
        { action: "plant-out", from: "2026-11-25", to: "2027-01-12" },
        { action: "harvest", from: "2026-12-11", to: "2027-03-27" },
        { action: "start-indoors", from: "2027-08-26", to: "2027-11-24" },
        { action: "plant-out", from: "2027-10-28", to: "2027-11-24" },
      ]),
    ).toBe(
      "Start seeds indoors 26 Aug – 24 Nov. Plant out 25 Nov – 12 Jan, 28 Oct – 24 Nov. Harvest 11 Dec – 27 Mar.",
    );
    expect(windowsInWords([{ action: "sow", from: "2027-03-01", to: "2027-04-15" }])).toBe(
      "Sow outdoors 1 Mar – 15 Apr.",
    );
  });
});
