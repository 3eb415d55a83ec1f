import type { MessageSource } from "../../../../core/schemas/chat";
import type { Passage } from "../knowledge/knowledge-base";
import type { Answer } from "./garden-answers";

/**
 * A passage is relevant when it holds at least this share of the question's words, weighed by how
 * telling each is. Below it the
 * match is a coincidence of one common word ("plant", "grow"), and the honest answer is "I don't
 * know".
 */
const MIN_COVERAGE = 0.5;
/** Long questions may match on fewer of their words, but on three at least. */
const MIN_LONG_COVERAGE = 0.34;

export const isRelevant = (passage: Passage) =>
  passage.weightedCoverage >= MIN_COVERAGE ||
  (passage.coverage >= MIN_LONG_COVERAGE && passage.matched >= 3);

export const passageSource = (passage: Passage): MessageSource => ({
  title: `${passage.title} — ${passage.heading}`,
  ref: passage.ref,
});

export function dontKnowAnswer(): Answer {
  return {
    text:
      "I don't know the answer to that, and I'd rather not guess. My notes cover the care of every " +
      "crop in the catalogue (sun, water, spacing, soil and pH, feeding, problems, harvest) and " +
      "topics such as watering, pests, diseases, soil, hydroponics, seed starting and frost. " +
      "Try naming the plant or the symptom, or ask about your tasks, zone or weather.",
    sources: [],
  };
}
