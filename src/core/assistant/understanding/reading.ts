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
  | { type: "unless"; negative: string; threshold: number };

export const readings: Record<HeadName, Reading> = {
  kind: { type: "top" },
  aspects: { type: "share", threshold: 0.3 },
  garden: { type: "unless", negative: "none", threshold: 0.35 },
  safety: { type: "unless", negative: "none", threshold: 0.3 },
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
      return positive && positive.p >= reading.threshold ? [positive.label] : [reading.negative];
    }
  }
}
