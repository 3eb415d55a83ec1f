import type { HeadModel, TrainingRow } from "./classifier";
import type { Examples } from "./labels";

export const headNames = ["kind", "aspects", "garden", "safety", "scope"] as const;
export type HeadName = (typeof headNames)[number];
export type Heads = Record<HeadName, HeadModel>;

/**
 * Which examples teach which head. Every example file teaches the heads asked of every message
 * (garden, safety, scope) as the negative "none" or "in" where it is not their subject; kinds
 * and aspects come from the care questions alone. A care question about toxicity is left out of
 * the safety head: it is the same question as the safety file's "toxicity" class, asked calmly.
 */
export function headRows(examples: Examples): Record<HeadName, TrainingRow[]> {
  const row = (text: string, ...labels: string[]): TrainingRow => ({ text, labels });
  const { care, garden, safety, scope } = examples;
  return {
    kind: care.map((e) => row(e.text, e.kind)),
    aspects: care.map((e) => row(e.text, ...e.aspects)),
    garden: [
      ...garden.map((e) => row(e.text, e.garden)),
      ...care.map((e) => row(e.text, "none")),
      ...scope.filter((e) => e.scope === "out").map((e) => row(e.text, "none")),
    ],
    safety: [
      ...safety.map((e) => row(e.text, e.safety)),
      ...care.filter((e) => !e.aspects.includes("toxicity")).map((e) => row(e.text, "none")),
      ...garden.map((e) => row(e.text, "none")),
      ...scope.map((e) => row(e.text, "none")),
    ],
    scope: [
      ...scope.map((e) => row(e.text, e.scope)),
      ...care.map((e) => row(e.text, "in")),
      ...garden.map((e) => row(e.text, "in")),
      ...safety.map((e) => row(e.text, "in")),
    ],
  };
}
