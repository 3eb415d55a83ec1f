import { describe, expect, it } from "vitest";
import { KnowledgeBase } from "../knowledge/knowledge-base";
import { parseEntry } from "../knowledge/parse-entry";
import { builtInGrowGuide, fitSentences } from "./grow-guide";

const knowledge = new KnowledgeBase([
  parseEntry(
    "crop",
    "coriander",
    "---\ntitle: Coriander\nkeywords: cilantro\n---\n## Sun\nFull sun.\n\n## Spacing\nSow 1 cm deep and thin to 15 cm.\n\n## Common problems\n- Bolts in heat; sow every two to three weeks.\n- Aphids on shoots; rinse them off.\n\n## Harvest\nCut outer stems at 10–15 cm.\n",
  ),
]);

const CORIANDER = {
  slug: "coriander",
  name: "Coriander",
  category: "herb",
  sunlight: "full-sun" as const,
  watering: "moderate" as const,
  soil: "Well-drained, moderately fertile soil",
  ph: { min: 6, max: 7 },
  climate: "Cool season; bolts quickly in heat and long days",
  daysToGermination: { min: 7, max: 14 },
  daysToMaturity: { min: 45, max: 70 },
  stagePlan: [
    { name: "germination", durationDays: 11 },
    { name: "seedling", durationDays: 16 },
  ],
  spacingCm: 15,
  sowingMethod: "direct" as const,
  hydroponic: { suitable: true, ec: { min: 1.2, max: 1.8 }, ph: { min: 6, max: 6.7 } },
};

const input = {
  plantName: "Coriander",
  crop: CORIANDER,
  location: "Leeds",
  medium: "soil" as const,
  gardenType: "container" as const,
  lighting: "full-sun" as const,
  experience: "beginner" as const,
  climate: "temperate" as const,
};

describe("builtInGrowGuide", () => {
  it("adds the care sheet's spacing, problems and harvest after its own steps, as sources", () => {
    const guide = builtInGrowGuide(knowledge, input);
    expect(guide.engine).toBe("built-in");
    expect(guide.instructions.slice(-3)).toEqual([
      "Spacing: Sow 1 cm deep and thin to 15 cm.",
      "Watch for: Bolts in heat; sow every two to three weeks. Aphids on shoots; rinse them off.",
      "Harvest: Cut outer stems at 10–15 cm.",
    ]);
    expect(guide.sources).toEqual([
      { title: "Coriander — Spacing", ref: "crops/coriander#spacing" },
      { title: "Coriander — Common problems", ref: "crops/coriander#common-problems" },
      { title: "Coriander — Harvest", ref: "crops/coriander#harvest" },
    ]);
  });

  it("has no care sheet for a custom plant", () => {
    const guide = builtInGrowGuide(knowledge, { ...input, crop: null, plantName: "Moonflower" });
    expect(guide).toMatchObject({ custom: true, cropSlug: null, sources: [] });
    expect(guide.instructions.some((line) => line.startsWith("Harvest:"))).toBe(false);
  });
});

describe("fitSentences", () => {
  it("keeps text that fits and cuts longer text at the last sentence that fits", () => {
    expect(fitSentences("One. Two.", 9)).toBe("One. Two.");
    expect(fitSentences("One. Two. Three.", 12)).toBe("One. Two.");
    expect(fitSentences("x".repeat(20), 10)).toBe(`${"x".repeat(9)}…`);
  });
});
