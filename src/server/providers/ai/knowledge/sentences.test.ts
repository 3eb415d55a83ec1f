import { describe, expect, it } from "vitest";
import { inverseFrequencies, sentencesIn } from "./sentences";

describe("sentences and word weights", () => {
  it("splits a section into sentences, bullet lines as their own", () => {
    expect(sentencesIn("Water well. Then wait.\n- Days 1–2: shade\n- Days 3–4: sun")).toEqual([
      "Water well.",
      "Then wait.",
      "Days 1–2: shade.",
      "Days 3–4: sun.",
    ]);
  });

  it("weighs a word found in few sentences above one found in many", () => {
    const weights = inverseFrequencies([
      new Set(["soil", "water"]),
      new Set(["soil", "mulch"]),
      new Set(["soil", "thick"]),
    ]);
    expect(weights.get("thick")).toBeGreaterThan(weights.get("soil") ?? 0);
    expect(weights.get("soil")).toBeGreaterThan(0);
  });
});
