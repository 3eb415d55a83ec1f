import { describe, expect, it } from "vitest";
import { isoDateSchema } from "./date";

const MESSAGE = "Use a real date as YYYY-MM-DD, between 1900 and 2199.";

describe("isoDateSchema: a real calendar date in the years Tendril keeps", () => {
  const schema = isoDateSchema();
  const refusal = (input: unknown) => {
    const parsed = schema.safeParse(input);
    return parsed.success ? null : parsed.error.issues.map((issue) => issue.message);
  };

  it.each([
    "2028-02-29",
    "2000-02-29",
    "2026-02-28",
    "2026-01-01",
    "2026-01-31",
    "2026-04-30",
    "2026-12-31",
    "1900-01-01",
    "2199-12-31",
  ])("takes %s", (date) => {
    expect(schema.parse(date)).toBe(date);
  });

  it.each([
    ["2026-02-29", "29 February of a year that is not a leap year"],
    ["1900-02-29", "1900, not a leap year (a century not divisible by 400)"],
    ["2100-02-29", "2100, the same"],
    ["2026-02-30", "30 February"],
    ["2026-04-31", "31 April"],
    ["2026-00-10", "month 0"],
    ["2026-13-01", "month 13"],
    ["2026-13-45", "month 13 and day 45"],
    ["2026-01-00", "day 0"],
    ["2026-01-32", "day 32"],
    ["0000-00-00", "year, month and day 0"],
    ["1899-12-31", "the day before 1900"],
    ["2200-01-01", "the day after 2199"],
    ["9999-12-31", "a year far past 2199"],
    ["2026-2-3", "digits missing"],
    ["20260203", "no dashes"],
    ["2026-02-03T00:00:00Z", "a time"],
  ])("refuses %s (%s) with one message", (date) => {
    expect(refusal(date)).toEqual([MESSAGE]);
  });

  it("reads the date without the spaces around it", () => {
    expect(schema.parse(" 2026-05-01 ")).toBe("2026-05-01");
  });

  it("says what is missing when there is no date, and refuses a date that is not text", () => {
    expect(
      isoDateSchema("Enter the harvest date (YYYY-MM-DD).").safeParse(undefined).error?.issues,
    ).toMatchObject([{ message: "Enter the harvest date (YYYY-MM-DD)." }]);
    expect(refusal(20260501)).toEqual([MESSAGE]);
  });
});
