import { describe, expect, it } from "vitest";
import { withLocalSeasons } from "./local-seasons";

describe("withLocalSeasons", () => {
  it("gives a southern gardener the months of each season, once", () => {
    expect(
      withLocalSeasons(
        "Plant garlic in autumn, or in early spring. Harvest in summer; in autumn, dry it.",
        "south",
      ),
    ).toBe(
      "Plant garlic in autumn (March–May where you are), or in early spring (September–November where you are). Harvest in summer (December–February where you are); in autumn, dry it.",
    );
  });

  it("reads fall as autumn only where it is a time", () => {
    expect(withLocalSeasons("Leaves fall in late fall.", "south")).toBe(
      "Leaves fall in late fall (March–May where you are).",
    );
  });

  it("leaves spring onions, spring-flowering bulbs and summer squash alone", () => {
    const text =
      "Sow the spring onions and plant the spring-flowering bulbs; the summer squash can wait.";
    expect(withLocalSeasons(text, "south")).toBe(text);
  });

  it("changes nothing for a northern gardener or one whose hemisphere is unknown", () => {
    expect(withLocalSeasons("Plant garlic in autumn.", "north")).toBe("Plant garlic in autumn.");
    expect(withLocalSeasons("Plant garlic in autumn.", null)).toBe("Plant garlic in autumn.");
  });
});
