import { describe, expect, it } from "vitest";
import { hemisphereOf, monthOf, seasonFor, seasonNotes } from "./season";

describe("hemisphereOf", () => {
  it("counts the equator as northern", () => {
    expect(hemisphereOf(0)).toBe("north");
  });

  it("is southern just below the equator", () => {
    expect(hemisphereOf(-0.1)).toBe("south");
  });

  it("handles the poles", () => {
    expect(hemisphereOf(90)).toBe("north");
    expect(hemisphereOf(-90)).toBe("south");
  });
});

describe("seasonFor, northern hemisphere", () => {
  it.each([
    ["2026-01-15", "Winter"],
    ["2026-02-28", "Winter"],
    ["2026-03-01", "Spring"],
    ["2026-05-31", "Spring"],
    ["2026-06-01", "Summer"],
    ["2026-08-31", "Summer"],
    ["2026-09-01", "Autumn"],
    ["2026-11-30", "Autumn"],
    ["2026-12-01", "Winter"],
  ])("%s is %s", (date, season) => {
    expect(seasonFor(date, 51.5)).toBe(season);
  });

  it("treats latitude 0 as northern", () => {
    expect(seasonFor("2026-07-01", 0)).toBe("Summer");
  });
});

describe("seasonFor, southern hemisphere", () => {
  it.each([
    ["2026-01-15", "Summer"],
    ["2026-02-28", "Summer"],
    ["2026-03-01", "Autumn"],
    ["2026-05-31", "Autumn"],
    ["2026-06-01", "Winter"],
    ["2026-08-31", "Winter"],
    ["2026-09-01", "Spring"],
    ["2026-11-30", "Spring"],
    ["2026-12-01", "Summer"],
  ])("%s is %s", (date, season) => {
    expect(seasonFor(date, -33.9)).toBe(season);
  });

  it("treats latitude -0.1 as southern", () => {
    expect(seasonFor("2026-07-01", -0.1)).toBe("Winter");
  });
});

describe("seasonFor, India", () => {
  it.each([
    ["2026-01-10", "Winter"],
    ["2026-02-28", "Winter"],
    ["2026-03-01", "Summer"],
    ["2026-05-31", "Summer"],
    ["2026-06-01", "Monsoon"],
    ["2026-09-30", "Monsoon"],
    ["2026-10-01", "Post-monsoon"],
    ["2026-11-30", "Post-monsoon"],
    ["2026-12-01", "Winter"],
  ])("%s is %s", (date, season) => {
    expect(seasonFor(date, 18.5, "IN")).toBe(season);
  });

  it("uses Indian names whatever latitude is passed", () => {
    expect(seasonFor("2026-07-01", -5, "IN")).toBe("Monsoon");
  });

  it("uses meteorological seasons for other country codes", () => {
    expect(seasonFor("2026-07-01", 18.5, "TH")).toBe("Summer");
    expect(seasonFor("2026-07-01", 18.5, null)).toBe("Summer");
  });

  it("only recognises the upper-case code", () => {
    expect(seasonFor("2026-07-01", 18.5, "in")).toBe("Summer");
  });
});

describe("seasonFor with a Date", () => {
  it("reads the calendar month in UTC", () => {
    expect(seasonFor(new Date(Date.UTC(2026, 2, 1)), 40)).toBe("Spring");
    expect(seasonFor(new Date(Date.UTC(2026, 1, 28, 23, 59)), 40)).toBe("Winter");
    // 23:30 on 28 February in New York is already 1 March in UTC.
    expect(seasonFor(new Date("2026-02-28T23:30:00-05:00"), 40)).toBe("Spring");
  });
});

describe("monthOf", () => {
  it("returns a zero-based month for a YYYY-MM-DD string", () => {
    expect(monthOf("2026-01-01")).toBe(0);
    expect(monthOf("2026-12-31")).toBe(11);
  });

  it.each(["2026-13-01", "2026-00-10", "March", "2026-3-01", ""])("rejects %j", (date) => {
    expect(() => monthOf(date)).toThrow(RangeError);
  });

  it("rejects an invalid Date", () => {
    expect(() => seasonFor(new Date("not a date"), 10)).toThrow(RangeError);
  });
});

describe("seasonNotes", () => {
  it("gives southern autumn planting notes for garlic, broad beans and winter brassicas", () => {
    const text = seasonNotes("Autumn", "south").join(" ");
    expect(text).toMatch(/garlic/i);
    expect(text).toMatch(/broad beans/i);
    expect(text).toMatch(/brassicas/i);
    expect(text).toMatch(/March to May/);
  });

  it("warns in southern spring that months are reversed from northern calendars", () => {
    const text = seasonNotes("Spring", "south").join(" ");
    expect(text).toMatch(/reversed/i);
    expect(text).toMatch(/September to November/);
    expect(text).toMatch(/frost/i);
  });

  it.each(["Summer", "Winter"] as const)("has no notes for southern %s", (season) => {
    expect(seasonNotes(season, "south")).toEqual([]);
  });

  it.each(["Spring", "Summer", "Autumn", "Winter", "Monsoon"] as const)(
    "has no notes for northern %s",
    (season) => {
      expect(seasonNotes(season, "north")).toEqual([]);
    },
  );
});
