import { describe, expect, it } from "vitest";
import { type Planting, rotationClashes, rotationMessage } from "./rotation";

const tomato = (plantedOn: string): Planting => ({
  name: "Tomato",
  cropSlug: "tomato",
  family: "Solanaceae",
  plantedOn,
});
const pepper = (plantedOn: string) => ({ family: "Solanaceae", plantedOn });
const seasonsOf = (clashes: ReturnType<typeof rotationClashes>) =>
  clashes.map((c) => [c.season, c.seasonsAgo]);

describe("rotationClashes in the north (seasons are calendar years)", () => {
  it("warns for the same family one and two seasons back", () => {
    const history = [tomato("2025-05-10"), tomato("2024-12-31")];
    expect(seasonsOf(rotationClashes(pepper("2026-04-01"), history, "north"))).toEqual([
      ["2025", 1],
      ["2024", 2],
    ]);
  });

  it("does not warn for three seasons back", () => {
    expect(rotationClashes(pepper("2026-04-01"), [tomato("2023-12-31")], "north")).toEqual([]);
  });

  it("does not warn for crops of the same season, even earlier in the year", () => {
    expect(rotationClashes(pepper("2026-12-31"), [tomato("2026-01-01")], "north")).toEqual([]);
  });

  it("counts the season's first day as that season", () => {
    expect(
      seasonsOf(rotationClashes(pepper("2026-01-01"), [tomato("2025-12-31")], "north")),
    ).toEqual([["2025", 1]]);
    expect(rotationClashes(pepper("2027-01-01"), [tomato("2024-12-31")], "north")).toEqual([]);
  });

  it("ignores other families, and a crop without a known family", () => {
    const beans: Planting = {
      name: "Bean",
      cropSlug: "green-bean",
      family: "Fabaceae",
      plantedOn: "2025-05-01",
    };
    expect(rotationClashes(pepper("2026-04-01"), [beans], "north")).toEqual([]);
    expect(
      rotationClashes({ family: null, plantedOn: "2026-04-01" }, [tomato("2025-05-01")], "north"),
    ).toEqual([]);
  });
});

describe("rotationClashes in the south (seasons run July to June)", () => {
  it("treats a summer across New Year as one season", () => {
    // Tomatoes planted October 2025 and a pepper in March 2026 share the 2025-26 season.
    expect(rotationClashes(pepper("2026-03-01"), [tomato("2025-10-01")], "south")).toEqual([]);
  });

  it("warns one and two seasons back at the 30 June / 1 July boundary", () => {
    const history = [tomato("2026-06-30"), tomato("2024-07-01")];
    expect(seasonsOf(rotationClashes(pepper("2026-07-01"), history, "south"))).toEqual([
      ["2025-26", 1],
      ["2024-25", 2],
    ]);
  });

  it("does not warn three seasons back", () => {
    expect(rotationClashes(pepper("2026-07-01"), [tomato("2024-06-30")], "south")).toEqual([]);
  });

  it("gives a different answer than the north for the same dates", () => {
    // In the north, October 2025 and March 2026 are different years: one season back.
    expect(
      seasonsOf(rotationClashes(pepper("2026-03-01"), [tomato("2025-10-01")], "north")),
    ).toEqual([["2025", 1]]);
  });
});

describe("rotationMessage", () => {
  it("names the family, the area and each earlier crop once with its season", () => {
    const clashes = rotationClashes(
      pepper("2026-04-01"),
      [tomato("2025-05-10"), tomato("2025-06-01"), { ...tomato("2024-05-01"), name: "Potato" }],
      "north",
    );
    expect(rotationMessage("Bell pepper", "Solanaceae", "Back bed", clashes)).toBe(
      "Bell pepper is in the Solanaceae family, like Tomato (2025) and Potato (2024) grown in Back bed " +
        "in the last two seasons. The same family in the same soil builds up its pests and diseases: " +
        "grow a different family here this season if you can.",
    );
  });
});
