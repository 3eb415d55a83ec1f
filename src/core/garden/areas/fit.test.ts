import { describe, expect, it } from "vitest";
import { moreThatFit } from "./fit";

describe("moreThatFit", () => {
  it("fills an empty area exactly: 1 m² holds four plants at 50 cm", () => {
    expect(moreThatFit({ areaM2: 1, spacingCm: 50, occupiedSpacingsCm: [] })).toBe(4);
  });

  it("counts one fewer when the area is just short of the exact fit", () => {
    expect(moreThatFit({ areaM2: 0.9999, spacingCm: 50, occupiedSpacingsCm: [] })).toBe(3);
    expect(moreThatFit({ areaM2: 1.2499, spacingCm: 50, occupiedSpacingsCm: [] })).toBe(4);
    expect(moreThatFit({ areaM2: 1.25, spacingCm: 50, occupiedSpacingsCm: [] })).toBe(5);
  });

  it("takes each plant already there at its own crop's spacing", () => {
    // 1 m² = 10 000 cm²; a 60 cm tomato takes 3 600, leaving 6 400: four 40 cm plants (1 600 each).
    expect(moreThatFit({ areaM2: 1, spacingCm: 40, occupiedSpacingsCm: [60] })).toBe(4);
    // One more 10 cm plant leaves 6 300: only three.
    expect(moreThatFit({ areaM2: 1, spacingCm: 40, occupiedSpacingsCm: [60, 10] })).toBe(3);
  });

  it("says zero when the space left is smaller than one plant", () => {
    expect(moreThatFit({ areaM2: 1, spacingCm: 50, occupiedSpacingsCm: [50, 50, 50] })).toBe(1);
    expect(moreThatFit({ areaM2: 1, spacingCm: 51, occupiedSpacingsCm: [50, 50, 50] })).toBe(0);
  });

  it("says zero, never a negative number, when the area is full or over-full", () => {
    expect(moreThatFit({ areaM2: 1, spacingCm: 50, occupiedSpacingsCm: [50, 50, 50, 50] })).toBe(0);
    expect(moreThatFit({ areaM2: 1, spacingCm: 50, occupiedSpacingsCm: [100, 100] })).toBe(0);
  });

  it("copes with spacings whose squares are fractions", () => {
    // 7.5 cm → 56.25 cm²; 0.5625 m² = 5 625 cm² holds exactly 100.
    expect(moreThatFit({ areaM2: 0.5625, spacingCm: 7.5, occupiedSpacingsCm: [] })).toBe(100);
  });

  it("can't tell without a size, without the crop's spacing, or with a plant of unknown spacing", () => {
    expect(moreThatFit({ areaM2: null, spacingCm: 50, occupiedSpacingsCm: [] })).toBeNull();
    expect(moreThatFit({ areaM2: 1, spacingCm: null, occupiedSpacingsCm: [] })).toBeNull();
    expect(moreThatFit({ areaM2: 1, spacingCm: 50, occupiedSpacingsCm: [30, null] })).toBeNull();
  });
});
