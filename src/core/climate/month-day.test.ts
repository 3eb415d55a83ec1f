import { describe, expect, it } from "vitest";
import { daysInMonth, isMonthDay, monthDay } from "./month-day";

describe("frost dates as MM-DD", () => {
  it("knows each month's length in a common year", () => {
    expect([1, 2, 3, 4, 6, 9, 11, 12].map(daysInMonth)).toEqual([31, 28, 31, 30, 30, 30, 30, 31]);
    expect(daysInMonth(0)).toBe(0);
    expect(daysInMonth(13)).toBe(0);
  });

  it("takes a day every year has, at the edges of months", () => {
    for (const text of ["01-01", "02-28", "04-30", "12-31", "03-12"]) {
      expect(isMonthDay(text)).toBe(true);
    }
  });

  it("refuses days some or all years lack, and other shapes", () => {
    for (const text of [
      "02-29",
      "02-30",
      "04-31",
      "13-01",
      "00-10",
      "05-00",
      "4-15",
      "04/15",
      "",
    ]) {
      expect(isMonthDay(text)).toBe(false);
    }
  });

  it("writes a month and day with two digits each", () => {
    expect(monthDay(3, 7)).toBe("03-07");
    expect(monthDay(11, 25)).toBe("11-25");
  });
});
