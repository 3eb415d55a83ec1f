import { z } from "zod";
import { aspectValues } from "../facts";

/**
 * The labels the understanding is trained on (data/understanding/, labels.md there says what
 * each means). Kinds and aspects are asked of care questions; garden asks, safety and scope of
 * every message.
 */
export const kindLabels = [
  "how-often",
  "how-much",
  "how-long",
  "when",
  "how",
  "why",
  "what",
  "whats-wrong",
  "can-i",
  "which",
  "is-safe",
  "too-late",
] as const;
export type KindLabel = (typeof kindLabels)[number];

/** The facts' aspects, and two the examples tell apart that the facts file elsewhere. */
export const aspectLabels = [...aspectValues, "storage", "lawn"] as const;
export type AspectLabel = (typeof aspectLabels)[number];

export const gardenLabels = [
  "tasks",
  "overdue",
  "today",
  "this-week",
  "status",
  "ready-when",
  "plant-now",
  "too-late",
  "zone",
  "my-plants",
  "none",
] as const;
export type GardenLabel = (typeof gardenLabels)[number];

export const safetyLabels = [
  "emergency",
  "wild-edibility",
  "chemical-on-food",
  "toxicity",
  "legal",
  "injection",
  "none",
] as const;
export type SafetyLabel = (typeof safetyLabels)[number];

export const scopeLabels = ["in", "out"] as const;
export type ScopeLabel = (typeof scopeLabels)[number];

const text = z.string().trim().min(1);
export const careExampleSchema = z.strictObject({
  text,
  kind: z.enum(kindLabels),
  aspects: z.array(z.enum(aspectLabels)),
});
export const gardenExampleSchema = z.strictObject({ text, garden: z.enum(gardenLabels) });
export const safetyExampleSchema = z.strictObject({ text, safety: z.enum(safetyLabels) });
export const scopeExampleSchema = z.strictObject({ text, scope: z.enum(scopeLabels) });

export interface Examples {
  care: z.infer<typeof careExampleSchema>[];
  garden: z.infer<typeof gardenExampleSchema>[];
  safety: z.infer<typeof safetyExampleSchema>[];
  scope: z.infer<typeof scopeExampleSchema>[];
}
