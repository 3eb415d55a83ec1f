import type { QuestionKind } from "../facts";
import type { LearnedRead } from "../understand";
import { scores } from "./classifier";
import type { Heads } from "./heads";
import type { KindLabel, SafetyLabel } from "./labels";
import { readings, readLabels } from "./reading";

/** The safety head's label alone: read for every message, before anything else. */
export function safetyLabelOf(heads: Heads, text: string): SafetyLabel {
  return readLabels(scores(heads.safety, text), readings.safety)[0] as SafetyLabel;
}

const KIND_OF: Record<KindLabel, QuestionKind | null> = {
  "how-often": "how-often",
  "how-much": "how-much",
  // A duration is answered by the timing facts ("seedlings appear in 5–10 days").
  "how-long": "when",
  when: "when",
  how: "how",
  why: "why",
  what: "what",
  // A symptom is answered by its diagnosis (the symptom flag), not by a kind of fact.
  "whats-wrong": null,
  "can-i": "can-i",
  which: "which",
  "is-safe": "can-i",
  "too-late": "when",
};

/** The heads' reading in the engine's terms (understand.ts's LearnedRead). */
export function learnedRead(heads: Heads, text: string): LearnedRead {
  const kind = readLabels(scores(heads.kind, text), readings.kind)[0] as KindLabel;
  return { kind: KIND_OF[kind], symptom: kind === "whats-wrong" };
}
