import { describe, expect, it } from "vitest";
import catalogue from "../../data/crops/catalogue.json";
import {
  boundedDistance,
  createCropIndex,
  editDistance,
  findCropByName,
  foldText,
  MAX_RESULTS,
  maxTypos,
  searchCrops,
} from "./catalogue-search";

const index = createCropIndex(catalogue);
const names = (query: string, limit?: number) =>
  searchCrops(index, query, limit).map((crop) => crop.name);

const crop = (name: string, aliases: string[] = [], scientificName = "Planta ignota") => ({
  name,
  aliases,
  scientificName,
});

describe("foldText", () => {
  it("drops case, accents and punctuation", () => {
    expect(foldText("  Jalapeño-Pepper ")).toBe("jalapeno pepper");
    expect(foldText("BASÍL")).toBe("basil");
    expect(foldText("Crème  brûlée!")).toBe("creme brulee");
  });
});

describe("editDistance", () => {
  it("counts substitutions, insertions, deletions and swaps as one each", () => {
    expect(editDistance("tomato", "tomato")).toBe(0);
    expect(editDistance("tomate", "tomato")).toBe(1);
    expect(editDistance("tomto", "tomato")).toBe(1);
    expect(editDistance("tomatoo", "tomato")).toBe(1);
    expect(editDistance("tomaot", "tomato")).toBe(1);
    expect(editDistance("", "abc")).toBe(3);
    expect(editDistance("kale", "leek")).toBe(4);
  });

  it("forgives no typo below 4 characters, one up to 6, two from 7", () => {
    expect([3, 4, 6, 7].map(maxTypos)).toEqual([0, 1, 1, 2]);
  });
});

describe("searchCrops", () => {
  it("needs at least 2 characters, not counting spaces and punctuation", () => {
    expect(names("")).toEqual([]);
    expect(names("t")).toEqual([]);
    expect(names(" t- ")).toEqual([]);
    expect(names("to").length).toBeGreaterThan(0);
  });

  it("returns at most 10, or fewer when asked", () => {
    expect(names("ba")).toHaveLength(MAX_RESULTS);
    expect(names("ba", 50)).toHaveLength(MAX_RESULTS);
    expect(names("ba", 3)).toHaveLength(3);
    expect(names("ba", 0)).toEqual([]);
  });

  it("puts prefix matches before matches inside a word", () => {
    const found = names("to");
    expect(found.slice(0, 3)).toEqual(["Tomato", "Tomatillo", "Cherry tomato"]);
    expect(found.indexOf("Potato")).toBeGreaterThan(found.indexOf("Cherry tomato"));
  });

  it("ranks the whole name, then prefixes, then word starts, then substrings", () => {
    const found = names("pea");
    expect(found[0]).toBe("Pea");
    expect(found.slice(1, 5)).toEqual(["Pear", "Peach", "Peanut", "Peace lily"]);
    const wordStart = ["Snap pea", "Sweet pea"].map((n) => found.indexOf(n));
    const inside = found.indexOf("Cowpea");
    expect(Math.min(...wordStart)).toBeGreaterThan(4);
    expect(inside).toBeGreaterThan(Math.max(...wordStart));
  });

  it("finds crops by alias and ignores accents and case", () => {
    expect(names("cilantro")[0]).toBe("Coriander");
    expect(names("CILAN")[0]).toBe("Coriander");
    expect(names("basíl")[0]).toBe("Basil");
    expect(names("jalapeno")[0]).toBe("Jalapeño");
    expect(names("aubergine")[0]).toBe("Eggplant");
  });

  it("forgives a typo once the prefix and substring matches run out", () => {
    expect(names("tomate")).toContain("Tomato");
    expect(names("tomate")[0]).toBe("Tomato");
    expect(names("corriander")[0]).toBe("Coriander");
    expect(names("bsail")).toContain("Basil");
    expect(names("zzzz")).toEqual([]);
  });

  it("prefers a name match to an alias match, then shorter names", () => {
    const small = createCropIndex([
      crop("Pepperoni plant"),
      crop("Bell pepper", ["Pepper"]),
      crop("Peppermint"),
    ]);
    expect(searchCrops(small, "pepper").map((c) => c.name)).toEqual([
      "Bell pepper",
      "Peppermint",
      "Pepperoni plant",
    ]);
    expect(searchCrops(small, "pepperm").map((c) => c.name)[0]).toBe("Peppermint");
  });

  it("matches the scientific name too", () => {
    expect(names("solanum lyco")[0]).toBe("Tomato");
  });
});

describe("findCropByName", () => {
  it("resolves a name or an alias exactly, ignoring case and accents", () => {
    expect(findCropByName(index, "tomato")?.slug).toBe("tomato");
    expect(findCropByName(index, "  Cilantro ")?.slug).toBe("coriander");
    expect(findCropByName(index, "JALAPENO")?.slug).toBe("jalapeno");
    expect(findCropByName(index, "Tomat")).toBeUndefined();
    expect(findCropByName(index, "My mystery vine")).toBeUndefined();
  });
});

describe("boundedDistance", () => {
  it("measures to the closest beginning of the word, capped at limit + 1", () => {
    expect(boundedDistance("tomate", "tomatillo", 1)).toBe(1);
    expect(boundedDistance("toma", "tomatillo", 1)).toBe(0);
    expect(boundedDistance("tomate", "tomatillo", 1, true)).toBe(2);
    expect(boundedDistance("xyzzy", "tomato", 2)).toBe(3);
  });

  it("agrees with the full distance whenever that is within the limit", () => {
    const words = ["tomato", "tomate", "otmato", "tmato", "tomatoes", "potato", "basil", "bsail"];
    for (const a of words) {
      for (const b of words) {
        const full = editDistance(a, b);
        for (const limit of [0, 1, 2]) {
          expect(boundedDistance(a, b, limit, true), `${a} ${b} ${limit}`).toBe(
            Math.min(full, limit + 1),
          );
        }
      }
    }
  });
});
