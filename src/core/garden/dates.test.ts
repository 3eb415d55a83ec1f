import { describe, expect, it } from "vitest";
import {
  addDays,
  compareDates,
  daysBetween,
  isIsoDate,
  isWithinDateRange,
  laterDate,
} from "./dates";

describe("addDays", () => {
  it("moves forward and back within a month", () => {
    expect(addDays("2026-05-10", 1)).toBe("2026-05-11");
    expect(addDays("2026-05-10", -1)).toBe("2026-05-09");
    expect(addDays("2026-05-10", 0)).toBe("2026-05-10");
  });

  it("crosses month, leap-day and year boundaries", () => {
    expect(addDays("2026-01-31", 1)).toBe("2026-02-01");
    expect(addDays("2028-02-28", 1)).toBe("2028-02-29");
    expect(addDays("2026-02-28", 1)).toBe("2026-03-01");
    expect(addDays("2026-12-31", 1)).toBe("2027-01-01");
    expect(addDays("2027-01-01", -1)).toBe("2026-12-31");
  });

  it("is not shifted by daylight-saving changes (EU and US spring/autumn dates)", () => {
    expect(addDays("2026-03-28", 1)).toBe("2026-03-29");
    expect(addDays("2026-03-29", 1)).toBe("2026-03-30");
    expect(addDays("2026-10-24", 2)).toBe("2026-10-26");
    expect(addDays("2026-03-07", 2)).toBe("2026-03-09");
    expect(addDays("2026-11-01", 1)).toBe("2026-11-02");
  });

  it("truncates fractional days", () => {
    expect(addDays("2026-05-10", 1.9)).toBe("2026-05-11");
    expect(addDays("2026-05-10", -1.9)).toBe("2026-05-09");
  });

  it("rejects malformed and impossible dates", () => {
    expect(() => addDays("2026-02-30", 1)).toThrow(RangeError);
    expect(() => addDays("2026-5-1", 1)).toThrow(RangeError);
    expect(() => addDays("2026-05-10T00:00:00Z", 1)).toThrow(RangeError);
    expect(() => addDays("", 1)).toThrow(RangeError);
  });
});

describe("daysBetween", () => {
  it("counts whole days, signed", () => {
    expect(daysBetween("2026-05-10", "2026-05-17")).toBe(7);
    expect(daysBetween("2026-05-17", "2026-05-10")).toBe(-7);
    expect(daysBetween("2026-05-10", "2026-05-10")).toBe(0);
  });

  it("counts across DST changes and leap years", () => {
    expect(daysBetween("2026-03-01", "2026-04-01")).toBe(31);
    expect(daysBetween("2026-10-01", "2026-11-30")).toBe(60);
    expect(daysBetween("2028-01-01", "2029-01-01")).toBe(366);
  });
});

describe("compareDates and laterDate", () => {
  it("orders dates", () => {
    expect(compareDates("2026-05-09", "2026-05-10")).toBe(-1);
    expect(compareDates("2026-05-10", "2026-05-10")).toBe(0);
    expect(compareDates("2026-06-01", "2026-05-31")).toBe(1);
    expect(laterDate("2026-05-09", "2026-05-10")).toBe("2026-05-10");
    expect(laterDate("2026-05-11", "2026-05-10")).toBe("2026-05-11");
  });
});

describe("isIsoDate", () => {
  it("accepts real calendar dates only", () => {
    expect(isIsoDate("2028-02-29")).toBe(true);
    expect(isIsoDate("2026-02-29")).toBe(false);
    expect(isIsoDate("2026-13-01")).toBe(false);
    expect(isIsoDate(20260101)).toBe(false);
    expect(isIsoDate(null)).toBe(false);
  });

  it("agrees with a round trip through Date on every month and day of leap and common years", () => {
    const pad = (n: number, width: number) => String(n).padStart(width, "0");
    for (const year of [0, 99, 100, 1900, 2000, 2024, 2026, 2100, 2400, 9999]) {
      for (let month = 0; month <= 13; month++) {
        for (let day = 0; day <= 32; day++) {
          const date = `${pad(year, 4)}-${pad(month, 2)}-${pad(day, 2)}`;
          const roundTrip =
            new Date(Date.UTC(year, month - 1, day)).toISOString().slice(0, 10) === date;
          expect(isIsoDate(date), date).toBe(roundTrip);
        }
      }
    }
  });
});

describe("isWithinDateRange", () => {
  it("keeps 1900-01-01 to 2199-12-31 and nothing either side", () => {
    expect(isWithinDateRange("1900-01-01")).toBe(true);
    expect(isWithinDateRange("2199-12-31")).toBe(true);
    expect(isWithinDateRange("1899-12-31")).toBe(false);
    expect(isWithinDateRange("2200-01-01")).toBe(false);
    expect(isWithinDateRange(addDays("9999-12-31", 1))).toBe(false);
  });
});
