import { describe, expect, it } from "vitest";
import { PLANTING_LISTS } from "./planting-lists";

const bands = ["very-cold", "cool", "mild", "warm", "hot"] as const;
const groups = ["vegetables", "herbs", "flowers"] as const;

describe("PLANTING_LISTS", () => {
  it("covers every band", () => {
    expect(Object.keys(PLANTING_LISTS).sort()).toEqual([...bands].sort());
  });

  for (const band of bands) {
    for (const group of groups) {
      describe(`${band} ${group}`, () => {
        const list = PLANTING_LISTS[band][group];

        it("has 3 to 8 items", () => {
          expect(list.length).toBeGreaterThanOrEqual(3);
          expect(list.length).toBeLessThanOrEqual(8);
        });

        it("names each item once, with a known method and a note", () => {
          expect(new Set(list.map((item) => item.name)).size).toBe(list.length);
          for (const item of list) {
            expect(["direct", "transplant", "start-indoors"]).toContain(item.method);
            expect(item.notes.trim().length).toBeGreaterThan(10);
          }
        });
      });
    }
  }

  function outdoorNames(band: (typeof bands)[number]): string[] {
    const { vegetables, herbs, flowers } = PLANTING_LISTS[band];
    return [...vegetables, ...herbs, ...flowers]
      .filter((item) => item.method !== "start-indoors")
      .map((item) => item.name);
  }

  it("never puts frost-tender crops outside in very cold or cool weather", () => {
    for (const band of ["very-cold", "cool"] as const) {
      const names = outdoorNames(band).join(" ");
      expect(names).not.toMatch(
        /tomato|pepper|basil|cucumber|squash|zucchini|okra|sweet corn|sweet potato/i,
      );
    }
  });

  it("never suggests bolting-prone cool-season crops in hot weather", () => {
    const names = outdoorNames("hot");
    for (const coolCrop of ["Lettuce", "Spinach", "Peas", "Radishes", "Coriander (cilantro)"]) {
      expect(names).not.toContain(coolCrop);
    }
  });

  it("starts everything indoors or under cover in very cold weather except indoor trays", () => {
    const outside = outdoorNames("very-cold");
    expect(outside).toEqual(["Pea shoots"]);
  });
});
