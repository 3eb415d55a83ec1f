/**
 * How many more plants of a crop fit in an area, by the catalogue's spacing: each plant takes a
 * square of spacing × spacing, the plants already there take their own crop's square. Worked in
 * square centimetres so a bed that fits exactly four plants says 4, not 3.9999.
 */

export const SQUARE_CM_PER_M2 = 10_000;

export interface FitInput {
  /** The area's size; null when the gardener gave none. */
  areaM2: number | null;
  /** The crop to add; null when the catalogue has no spacing for it. */
  spacingCm: number | null;
  /** The spacing of each plant already in the area; null for a plant with no known spacing. */
  occupiedSpacingsCm: readonly (number | null)[];
}

/** Null means "can't tell": no size, or a spacing that isn't known. */
export function moreThatFit({ areaM2, spacingCm, occupiedSpacingsCm }: FitInput): number | null {
  if (areaM2 === null || spacingCm === null || spacingCm <= 0) return null;
  if (occupiedSpacingsCm.some((s) => s === null)) return null;
  const areaCm2 = Math.round(areaM2 * SQUARE_CM_PER_M2);
  const usedCm2 = occupiedSpacingsCm.reduce<number>((sum, s) => sum + (s ?? 0) ** 2, 0);
  const free = areaCm2 - usedCm2;
  if (free <= 0) return 0;
  // A hair of tolerance for spacings such as 7.5 cm whose squares are not whole numbers.
  return Math.floor(free / spacingCm ** 2 + 1e-9);
}
