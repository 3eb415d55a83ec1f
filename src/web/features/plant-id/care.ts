import type { CareInfo, CareValue } from "./api/get-care";

type CareField = Exclude<keyof CareInfo, "id">;

const careLabels: Record<CareField, string> = {
  sunlight: "Sunlight",
  watering: "Watering",
  soil: "Soil",
  growth_habit: "Growth habit",
  toxicity: "Toxicity",
  maintenance: "Maintenance",
  pruning_month: "Pruning months",
};

/** The care summary on the result card; the rest sits behind 'More care details'. */
export const SUMMARY_FIELDS: CareField[] = ["sunlight", "watering", "soil"];
export const DETAIL_FIELDS: CareField[] = [
  "growth_habit",
  "toxicity",
  "maintenance",
  "pruning_month",
];

function careText(value: CareValue): string | null {
  if (value === null || value === undefined) return null;
  if (Array.isArray(value)) {
    const parts = value.map((v) => String(v).trim()).filter(Boolean);
    return parts.length > 0 ? parts.join(", ") : null;
  }
  const text = String(value).trim();
  return text || null;
}

/** The known fields of `info` among `fields`, labelled, in order; empty when nothing is known. */
export function careRows(
  info: CareInfo | null | undefined,
  fields: CareField[],
): { label: string; value: string }[] {
  if (!info) return [];
  return fields.flatMap((field) => {
    const value = careText(info[field]);
    return value ? [{ label: careLabels[field], value }] : [];
  });
}
