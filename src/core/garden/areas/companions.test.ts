import { describe, expect, it } from "vitest";
import catalogue from "../../../../data/crops/catalogue.json";
import type { Crop } from "../../schemas/crop";
import { arePoorCompanions, avoidNameMeans, poorCompanionPairs } from "./companions";

const crops = catalogue as Crop[];
const crop = (slug: string) => {
  const found = crops.find((c) => c.slug === slug);
  if (!found) throw new Error(slug);
  return found;
};
const slugsMeant = (name: string) =>
  crops.filter((c) => avoidNameMeans(name, c)).map((c) => c.slug);

describe("avoidNameMeans", () => {
  it("matches a crop by name, alias or plural", () => {
    expect(slugsMeant("Potato")).toEqual(["potato"]);
    expect(slugsMeant("Brussels sprouts")).toEqual(["brussels-sprout"]);
    expect(slugsMeant("Swiss chard")).toEqual(["swiss-chard"]);
    expect(slugsMeant("Chili pepper")).toEqual(["chili-pepper"]);
  });

  it("reads the table's group names by genus or family", () => {
    expect(slugsMeant("Alliums")).toEqual(
      crops.filter((c) => c.scientificName.startsWith("Allium ")).map((c) => c.slug),
    );
    expect(slugsMeant("Pepper")).toEqual([
      "bell-pepper",
      "chili-pepper",
      "jalapeno",
      "habanero-pepper",
    ]);
    expect(slugsMeant("Brassicas")).toContain("broccoli");
    expect(slugsMeant("Brassicas")).not.toContain("radish");
    expect(slugsMeant("Beans")).toEqual(
      expect.arrayContaining(["green-bean", "runner-bean", "fava-bean", "soybean"]),
    );
    expect(slugsMeant("Beans")).not.toContain("pea");
  });

  it("matches nothing for plants the catalogue doesn't have", () => {
    expect(slugsMeant("Black walnut")).toEqual([]);
  });
});

describe("arePoorCompanions", () => {
  it("holds whichever of the two lists names the other", () => {
    // Tomato's list names Potato; Potato's list may not name Tomato.
    expect(arePoorCompanions(crop("tomato"), crop("potato"))).toBe(true);
    expect(arePoorCompanions(crop("potato"), crop("tomato"))).toBe(true);
    expect(arePoorCompanions(crop("onion"), crop("green-bean"))).toBe(true);
  });

  it("is false for good companions and for a crop with itself", () => {
    expect(arePoorCompanions(crop("tomato"), crop("basil"))).toBe(false);
    expect(arePoorCompanions(crop("tomato"), crop("tomato"))).toBe(false);
  });
});

describe("poorCompanionPairs", () => {
  it("lists each clashing pair once, ignoring repeats of a crop", () => {
    const pairs = poorCompanionPairs([
      crop("tomato"),
      crop("basil"),
      crop("potato"),
      crop("tomato"),
    ]);
    expect(pairs.map(([a, b]) => [a.slug, b.slug])).toEqual([["tomato", "potato"]]);
  });

  it("is empty when nothing clashes", () => {
    expect(poorCompanionPairs([crop("tomato"), crop("basil"), crop("carrot")])).toEqual([]);
  });
});
