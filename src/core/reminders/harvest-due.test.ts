import { describe, expect, it } from "vitest";
import { harvestDueMessage, isFirstHarvestDue } from "./harvest-due";

describe("first harvest due", () => {
  it("is due from the harvest stage's first day, for a week", () => {
    expect(isFirstHarvestDue("2026-07-10", "2026-07-09")).toBe(false);
    expect(isFirstHarvestDue("2026-07-10", "2026-07-10")).toBe(true);
    expect(isFirstHarvestDue("2026-07-10", "2026-07-17")).toBe(true);
    expect(isFirstHarvestDue("2026-07-10", "2026-07-18")).toBe(false);
    expect(isFirstHarvestDue(null, "2026-07-10")).toBe(false);
  });

  it("names one plant and opens it", () => {
    expect(harvestDueMessage([{ id: "p 1", name: "Tomato", harvestDate: "2026-07-10" }])).toEqual({
      title: "First harvest due: Tomato",
      lines: [
        "Tomato — ready to pick from 2026-07-10",
        "Log what you pick in Tendril to see the season's totals.",
      ],
      url: "/plants/p%201",
    });
  });

  it("lists several, earliest first, and opens the plant list", () => {
    const message = harvestDueMessage([
      { id: "b", name: "Basil", harvestDate: "2026-07-11" },
      { id: "t", name: "Tomato", harvestDate: "2026-07-10" },
    ]);
    expect(message.title).toBe("First harvest due for 2 plants");
    expect(message.lines.slice(0, 2)).toEqual([
      "Tomato — ready to pick from 2026-07-10",
      "Basil — ready to pick from 2026-07-11",
    ]);
    expect(message.url).toBe("/plants");
  });
});
