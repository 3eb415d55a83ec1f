import type { LightsValue, Medium, PlaceValue } from "../schemas/plant-setup";
import type { Aspect, Fact, FactConditions, QuestionKind, Season, StageName } from "./facts";

/** Everything known of the plant's situation: from the gardener's plant, then the question. */
export interface Situation {
  medium?: Medium;
  place?: PlaceValue;
  lights?: LightsValue;
  container?: boolean;
  season?: Season;
  stage?: StageName;
}

type Field = keyof FactConditions;
const FIELDS: Field[] = ["medium", "place", "lights", "container", "season", "stage"];

/**
 * How a fact's conditions stand against a situation: null when one contradicts it (the fact must
 * not be used), else how many it meets and how many the situation does not say.
 */
export function fitOf(
  when: FactConditions | undefined,
  situation: Situation,
): { met: number; unknown: number } | null {
  let met = 0;
  let unknown = 0;
  for (const field of FIELDS) {
    const wanted = when?.[field];
    if (wanted === undefined) continue;
    const actual = situation[field];
    if (actual === undefined) {
      unknown++;
      continue;
    }
    const holds = Array.isArray(wanted)
      ? (wanted as readonly unknown[]).includes(actual)
      : wanted === actual;
    if (!holds) return null;
    met++;
  }
  return { met, unknown };
}

export interface Picked {
  main: Fact;
  modifiers: Fact[];
  watch: Fact | null;
}

/** Fields a modifier may be shown on only when the situation says them. */
const SAID_ONLY: Field[] = ["season", "container", "lights", "stage", "place", "medium"];

/**
 * The facts that answer one aspect of a question (ASSISTANT.md step 5): the best main fact for the
 * kind asked and the situation, up to `maxModifiers` modifiers whose conditions the situation
 * meets, and the first fitting "watch for". Null when no main fact fits.
 */
export function pickFacts(
  facts: readonly Fact[],
  aspect: Aspect,
  kind: QuestionKind | null,
  situation: Situation,
  maxModifiers = 2,
): Picked | null {
  const ofAspect = facts.filter((fact) => fact.aspect === aspect);
  let best: { fact: Fact; score: number } | null = null;
  for (const [index, fact] of ofAspect.entries()) {
    if (fact.role !== "main") continue;
    const fits = fitOf(fact.when, situation);
    if (!fits) continue;
    const kindScore = kind && fact.kind?.includes(kind) ? 4 : 0;
    const score = kindScore + 2 * fits.met - 1.5 * fits.unknown - index * 0.05;
    if (!best || score > best.score) best = { fact, score };
  }
  if (!best) return null;
  const main = best.fact;
  const modifiers = ofAspect
    .filter((fact) => fact.role === "modifier" && fact !== main)
    .filter((fact) => {
      const fits = fitOf(fact.when, situation);
      if (!fits || fits.unknown > 0 || fits.met === 0) return false;
      // A modifier on what the situation does not say (a season nobody asked) stays out.
      return SAID_ONLY.some((field) => fact.when?.[field] !== undefined);
    })
    .slice(0, maxModifiers);
  const watch =
    ofAspect.find((fact) => {
      if (fact.role !== "watch") return false;
      const fits = fitOf(fact.when, situation);
      return fits !== null && fits.unknown === 0;
    }) ?? null;
  return { main, modifiers, watch };
}

/** Splits prose into sentences (abbreviations such as "e.g." and decimals stay whole). */
export function sentencesOf(text: string): string[] {
  return text
    .replace(/\s+/g, " ")
    .split(/(?<=[.!?])\s+(?=[A-Z0-9"(])/)
    .map((sentence) => sentence.trim())
    .filter((sentence) => sentence.length > 0);
}
