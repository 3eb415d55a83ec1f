import { describe, expect, it } from "vitest";
import { type PlantingInput, plantingAdvice, plantingSuggestions } from "./planting-suggestions";

const northSpring: PlantingInput = {
  averageC: 12,
  season: "Spring",
  hemisphere: "north",
  countryCode: null,
};

describe("plantingSuggestions", () => {
  it.each([
    [5, "very-cold"],
    [5.1, "cool"],
    [15, "cool"],
    [15.1, "mild"],
    [22, "mild"],
    [22.1, "warm"],
    [30, "warm"],
    [30.1, "hot"],
  ])("chooses the band for %s °C: %s", (averageC, band) => {
    expect(plantingSuggestions({ ...northSpring, averageC }).band).toBe(band);
  });

  it("gives lists that match the band", () => {
    const cool = plantingSuggestions({ ...northSpring, averageC: 10 });
    const hot = plantingSuggestions({ ...northSpring, averageC: 33 });
    expect(cool.vegetables.map((item) => item.name)).toContain("Peas");
    expect(hot.vegetables.map((item) => item.name)).toContain("Okra");
    expect(hot.vegetables.map((item) => item.name)).not.toContain("Peas");
  });

  it("explains the band and the season in the first bullets", () => {
    const { summary } = plantingSuggestions({ ...northSpring, averageC: 12.5 });
    expect(summary[0]).toContain("12.5 °C");
    expect(summary[0]).toMatch(/cool/);
    expect(summary[1]).toBe("Season: Spring (northern hemisphere).");
  });

  it("always ends with the last-frost and soil temperature tip", () => {
    for (const averageC of [0, 10, 20, 25, 35]) {
      const { summary } = plantingSuggestions({ ...northSpring, averageC });
      const tip = summary.at(-1) ?? "";
      expect(tip).toMatch(/last-frost date/);
      expect(tip).toMatch(/soil temperature/);
    }
  });

  it("adds the southern autumn notes", () => {
    const { summary } = plantingSuggestions({
      averageC: 16,
      season: "Autumn",
      hemisphere: "south",
    });
    expect(summary.join(" ")).toMatch(/garlic/i);
    expect(summary.join(" ")).toMatch(/southern hemisphere/);
  });

  it("adds the southern spring notes", () => {
    const { summary } = plantingSuggestions({
      averageC: 16,
      season: "Spring",
      hemisphere: "south",
    });
    expect(summary.join(" ")).toMatch(/reversed from northern calendars/);
  });

  it("adds no hemisphere notes in the north", () => {
    const { summary } = plantingSuggestions({
      averageC: 16,
      season: "Autumn",
      hemisphere: "north",
    });
    expect(summary).toHaveLength(3);
    expect(summary.join(" ")).not.toMatch(/garlic/i);
  });

  it("adds an Indian sowing note for India's seasons", () => {
    const monsoon = plantingSuggestions({
      averageC: 28,
      season: "Monsoon",
      hemisphere: "north",
      countryCode: "IN",
    });
    expect(monsoon.summary.join(" ")).toMatch(/kharif/);
    const postMonsoon = plantingSuggestions({
      averageC: 24,
      season: "Post-monsoon",
      hemisphere: "north",
      countryCode: "IN",
    });
    expect(postMonsoon.summary.join(" ")).toMatch(/rabi/);
  });

  it("does not add the Indian note elsewhere", () => {
    const { summary } = plantingSuggestions({
      ...northSpring,
      season: "Winter",
      countryCode: "US",
    });
    expect(summary.join(" ")).not.toMatch(/India/);
  });

  it("says the average is assumed, not forecast, when there was no forecast", () => {
    const assumed = { ...northSpring, averageC: 20, averageFrom: "default" as const };
    const line =
      "No live forecast, so a typical 20 °C is assumed, which is mild: most seeds germinate well; plant out frost-tender crops only after the last frost.";
    expect(plantingSuggestions(assumed).summary[0]).toBe(line);
    expect(plantingAdvice(assumed)[0]).toBe(line);
    expect(plantingSuggestions(assumed, "F").summary[0]).toMatch(
      /^No live forecast, so a typical 68 °F/,
    );
    expect(plantingSuggestions({ ...assumed, averageFrom: "forecast" }).summary[0]).toMatch(
      /^Average forecast 20 °C is mild/,
    );
  });

  it("uses the 20 °C default when the average is not a number", () => {
    const result = plantingSuggestions({ ...northSpring, averageC: Number.NaN });
    expect(result.band).toBe("mild");
    expect(result.summary[0]).toContain("20 °C");
  });

  it("returns copies that callers may change without affecting later calls", () => {
    const first = plantingSuggestions(northSpring);
    const originalName = first.vegetables[0]?.name;
    first.vegetables.length = 0;
    const second = plantingSuggestions(northSpring);
    expect(second.vegetables[0]?.name).toBe(originalName);
    expect(second.vegetables.length).toBeGreaterThan(0);
    const item = second.herbs[0];
    if (item) item.name = "changed";
    expect(plantingSuggestions(northSpring).herbs[0]?.name).not.toBe("changed");
  });
});

describe("plantingAdvice", () => {
  it("gives the band, a line per list and the frost tip", () => {
    const lines = plantingAdvice({ ...northSpring, averageC: 10 });
    expect(lines[0]).toMatch(/10 °C is cool/);
    expect(lines[1]).toMatch(/^Vegetables to plant now: Peas \(sow direct\), /);
    expect(lines[2]).toMatch(/^Herbs: /);
    expect(lines[3]).toMatch(/^Flowers: /);
    expect(lines.at(-1)).toMatch(/last-frost date/);
  });

  it("names at most four items per line", () => {
    const lines = plantingAdvice({ ...northSpring, averageC: 10 });
    expect(lines[1]?.split("), ")).toHaveLength(4);
  });

  it("describes methods in words", () => {
    const lines = plantingAdvice({ ...northSpring, averageC: 0 });
    expect(lines[1]).toContain("Onions (start indoors)");
    expect(plantingAdvice({ ...northSpring, averageC: 20 })[1]).toContain("Tomatoes (transplant)");
  });

  it("includes the southern-hemisphere notes", () => {
    const lines = plantingAdvice({ averageC: 14, season: "Autumn", hemisphere: "south" });
    expect(lines.join(" ")).toMatch(/broad beans/);
  });
});
