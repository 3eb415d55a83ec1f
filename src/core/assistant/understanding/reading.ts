import type { Scores } from "./classifier";
import type { HeadName } from "./heads";

/**
 * How a head's probabilities become labels. Kinds take the likeliest. Aspects take the likeliest and
 * every other label above a threshold (a two-part question shares its probability between two). The
 * heads with a negative ("none", "in") answer a positive as soon as it is at all likely: a
 * missed emergency costs far more than a careful reply to an ordinary question.
 */
export type Reading =
  | { type: "top" }
  | { type: "share"; threshold: number }
  | {
      type: "unless";
      negative: string;
      threshold: number;
      /** A label that needs more than `threshold`: one whose examples look ordinary but for a name. */
      above?: Readonly<Record<string, number>>;
    };

export const readings: Record<HeadName, Reading> = {
  kind: { type: "top" },
  aspects: { type: "share", threshold: 0.3 },
  garden: { type: "unless", negative: "none", threshold: 0.35 },
  // "legal" questions read like any growing question but for the plant's name, which the rules
  // know: the head alone must be surer.
  safety: { type: "unless", negative: "none", threshold: 0.25, above: { legal: 0.7 } },
  scope: { type: "unless", negative: "in", threshold: 0.5 },
};

/** The labels a head's scores (most likely first) say. Never empty. */
export function readLabels(ranked: Scores, reading: Reading): string[] {
  const top = ranked[0]?.label ?? "";
  switch (reading.type) {
    case "top":
      return [top];
    case "share":
      return ranked.filter((s) => s.p >= reading.threshold || s.label === top).map((s) => s.label);
    case "unless": {
      const positive = ranked.find((s) => s.label !== reading.negative);
      const needed = (positive && reading.above?.[positive.label]) ?? reading.threshold;
      return positive && positive.p >= needed ? [positive.label] : [reading.negative];
    }
  }
}
