import { describe, expect, it } from "vitest";
import { earlierGrowingSeason, growingSeasonOf } from "./growing-season";

describe("growingSeasonOf", () => {
  it("is the calendar year in the north, from its first day to its last", () => {
    expect(growingSeasonOf("2026-01-01", "north")).toEqual({
      key: "2026",
      start: "2026-01-01",
      end: "2026-12-31",
    });
    expect(growingSeasonOf("2026-12-31", "north").key).toBe("2026");
  });

  it("runs 1 July to 30 June in the south, so one summer is one season", () => {
    expect(growingSeasonOf("2026-06-30", "south")).toEqual({
      key: "2025-26",
      start: "2025-07-01",
      end: "2026-06-30",
    });
    expect(growingSeasonOf("2026-07-01", "south")).toEqual({
      key: "2026-27",
      start: "2026-07-01",
      end: "2027-06-30",
    });
    expect(growingSeasonOf("2099-12-25", "south").key).toBe("2099-00");
  });
});

describe("earlierGrowingSeason", () => {
  it("steps back whole seasons from the one holding the date", () => {
    expect(earlierGrowingSeason("2026-11-27", "north", 1).key).toBe("2025");
    expect(earlierGrowingSeason("2026-11-27", "north", 2).key).toBe("2024");
    expect(earlierGrowingSeason("2026-11-27", "south", 1).key).toBe("2025-26");
    expect(earlierGrowingSeason("2026-02-28", "south", 2).key).toBe("2023-24");
  });
});
