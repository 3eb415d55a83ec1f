import {
  type Area,
  type AreaKind,
  type AreaSizeUnit,
  type AreaSun,
  SQUARE_METRES_PER_SQUARE_FOOT,
} from "../../../../core/schemas/area";

export const kindLabels: Record<AreaKind, string> = {
  "raised-bed": "Raised bed",
  "in-ground": "In-ground bed",
  "container-group": "Container group",
  "indoor-shelf": "Indoor shelf",
  "hydroponic-system": "Hydroponic system",
  greenhouse: "Greenhouse",
};

export const sunLabels: Record<AreaSun, string> = {
  "full-sun": "Full sun",
  "partial-shade": "Partial shade",
  shade: "Shade",
  "grow-lights": "Grow lights",
};

/** The gardener's area unit: ft² for those who chose °F (US customary), else m². */
export const sizeUnitFor = (units: "C" | "F" | undefined): AreaSizeUnit =>
  units === "F" ? "ft2" : "m2";

export const unitWords: Record<AreaSizeUnit, string> = { m2: "m²", ft2: "ft²" };

/** The stored m² in the gardener's unit, rounded for reading. */
export function sizeIn(sizeM2: number, unit: AreaSizeUnit): number {
  const value = unit === "m2" ? sizeM2 : sizeM2 / SQUARE_METRES_PER_SQUARE_FOOT;
  return Math.round(value * 10) / 10;
}

export function sizeText(area: Pick<Area, "sizeM2">, unit: AreaSizeUnit): string {
  return area.sizeM2 === null ? "No size given" : `${sizeIn(area.sizeM2, unit)} ${unitWords[unit]}`;
}

/** "Raised bed · 2 m² · Full sun · Covered" */
export function areaSummary(area: Area, unit: AreaSizeUnit): string {
  return [
    kindLabels[area.kind],
    area.sizeM2 === null ? null : sizeText(area, unit),
    sunLabels[area.sun],
    area.covered ? "Covered" : null,
  ]
    .filter(Boolean)
    .join(" · ");
}
