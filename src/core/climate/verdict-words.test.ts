import { describe, expect, it } from "vitest";
import { verdictWords } from "./verdict-words";

describe("the words of a verdict", () => {
  it("says what to do now, soon, or why not and what comes next", () => {
    expect(
      verdictWords(
        { status: "now", action: "plant-out", until: "2027-02-10", allYear: false },
        "C",
      ),
    ).toBe("Plant out now, until 10 Feb.");
    // A window through all twelve months ahead has no end worth a date.
    expect(
      verdictWords({ status: "now", action: "sow", until: "2027-11-24", allYear: true }, "C"),
    ).toBe("Sow outdoors now: the weather here suits it all year.");
    expect(verdictWords({ status: "soon", action: "sow", from: "2026-12-02" }, "C")).toBe(
      "Sow outdoors from 2 Dec.",
    );
    expect(
      verdictWords(
        {
          status: "not-now",
          reason: { code: "frost", until: "2027-03-24" },
          next: { action: "start-indoors", from: "2027-03-15", to: "2027-05-16" },
        },
        "C",
      ),
    ).toBe("Frost is likely until about 24 Mar. Next: start seeds indoors from 15 Mar.");
    expect(verdictWords({ status: "indoors", action: null }, "C")).toBe("Any time indoors.");
  });

  it("gives temperatures in the gardener's units", () => {
    const tooCold = {
      status: "not-now",
      reason: { code: "too-cold", meanC: 10.9, needC: 16 },
      next: null,
    } as const;
    expect(verdictWords(tooCold, "C")).toBe(
      "Too cold: the typical mean ahead is 11 °C; it needs about 16 °C.",
    );
    expect(verdictWords(tooCold, "F")).toBe(
      "Too cold: the typical mean ahead is 52 °F; it needs about 61 °F.",
    );
  });
});
