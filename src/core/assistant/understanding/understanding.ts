import { type Scores, scores } from "./classifier";
import type { HeadName, Heads } from "./heads";
import type { AspectLabel, GardenLabel, KindLabel, SafetyLabel } from "./labels";
import { readings, readLabels } from "./reading";

/** What the trained heads read in one message. */
export interface Reading {
  kind: KindLabel;
  aspects: AspectLabel[];
  garden: GardenLabel;
  safety: SafetyLabel;
  outOfScope: boolean;
  /** How sure the kind and aspect heads are (their top probabilities, the lower of the two). */
  confidence: number;
}

/** Reads a message with every head. Pure: the heads come trained. */
export function readMessage(heads: Heads, text: string): Reading {
  const ranked = {} as Record<HeadName, Scores>;
  const labels = {} as Record<HeadName, string[]>;
  for (const name of Object.keys(heads) as HeadName[]) {
    ranked[name] = scores(heads[name], text);
    labels[name] = readLabels(ranked[name], readings[name]);
  }
  return {
    kind: labels.kind[0] as KindLabel,
    aspects: labels.aspects as AspectLabel[],
    garden: labels.garden[0] as GardenLabel,
    safety: labels.safety[0] as SafetyLabel,
    outOfScope: labels.scope[0] === "out",
    confidence: Math.min(ranked.kind[0]?.p ?? 0, ranked.aspects[0]?.p ?? 0),
  };
}

/** The safety head's label alone: read for every message, before anything else. */
export function safetyLabelOf(heads: Heads, text: string): SafetyLabel {
  return readLabels(scores(heads.safety, text), readings.safety)[0] as SafetyLabel;
}
