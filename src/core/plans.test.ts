import { describe, expect, it } from "vitest";
import { PLAN_DAILY_LIMITS, quotaWindows } from "./plans";

describe("plans", () => {
  it("has the spec's daily limits", () => {
    expect(PLAN_DAILY_LIMITS).toEqual({ free: 50, pro: 500 });
  });

  it("counts from UTC midnight and the first of the month", () => {
    expect(quotaWindows(new Date("2026-11-22T23:59:59.999Z"))).toEqual({
      dayStart: "2026-11-22T00:00:00.000Z",
      monthStart: "2026-11-01T00:00:00.000Z",
      resetsAt: "2026-11-23T00:00:00.000Z",
    });
    expect(quotaWindows(new Date("2026-12-31T00:00:00.000Z")).resetsAt).toBe(
      "2027-01-01T00:00:00.000Z",
    );
    expect(quotaWindows(new Date("2026-03-01T00:00:00.000Z")).monthStart).toBe(
      "2026-03-01T00:00:00.000Z",
    );
  });
});
