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

/** A sentence that gives a reason: what a "why?" wants. */
const REASON =
  /\b(because|since|so that|caused by|comes? from|due to|means?|otherwise|which (makes|lets|causes|keeps|stops))\b/i;
export const givesReason = (text: string) => REASON.test(text);

export interface Picked {
  main: Fact;
  modifiers: Fact[];
  watch: Fact | null;
}

/** Fields a modifier may be shown on only when the situation says them. */
const SAID_ONLY: Field[] = ["season", "container", "lights", "stage", "place", "medium"];

/**
 * The question's words a fact holds (stemmed, the plant's own name left out), and what they weigh
 * together: about 1 for a common word, more for a rare one ("earth", "bolt").
 */
export interface Matched {
  words: ReadonlySet<string>;
  weight: number;
}
export type MatchedTerms = (fact: Fact) => Matched;
const NONE: Matched = { words: new Set(), weight: 0 };

/**
 * The facts that answer one aspect of a question (ASSISTANT.md step 5): the best main fact for the
 * kind asked, the situation and the question's own words; a second main fact when it holds words
 * of the question the first does not ("what pH and EC?"); up to `maxModifiers` modifiers whose
 * conditions the situation meets; and the first fitting "watch for". Null when no main fact fits.
 */
export function pickFacts(
  facts: readonly Fact[],
  aspect: Aspect,
  kind: QuestionKind | null,
  situation: Situation,
  maxModifiers = 2,
  matched: MatchedTerms = () => NONE,
): Picked | null {
  const ofAspect = facts.filter((fact) => fact.aspect === aspect);
  const mains: { fact: Fact; score: number; words: ReadonlySet<string> }[] = [];
  for (const [index, fact] of ofAspect.entries()) {
    if (fact.role !== "main") continue;
    const fits = fitOf(fact.when, situation);
    if (!fits) continue;
    const { words, weight } = matched(fact);
    const kindScore =
      (kind && fact.kind?.includes(kind) ? 3 : 0) +
      (kind === "why" && givesReason(fact.text) ? 2 : 0);
    const score = kindScore + 2 * fits.met - 1.5 * fits.unknown + 2 * weight - index * 0.05;
    mains.push({ fact, score, words });
  }
  mains.sort((a, b) => b.score - a.score);
  const best = mains[0];
  if (!best) return null;
  const main = best.fact;
  // Further mains that each hold words of the question none before them held ("what pH and EC
  // for lettuce in NFT?": the EC fact, the pH fact, the NFT fact).
  const covered = new Set(best.words);
  const extras: Fact[] = [];
  // The best by words may not answer the kind asked ("how do I water…" led by when to water):
  // the best fact tagged for that kind comes too.
  const ofKind =
    kind && !best.fact.kind?.includes(kind)
      ? mains.find((candidate) => candidate.fact.kind?.includes(kind))
      : undefined;
  if (ofKind) {
    extras.push(ofKind.fact);
    for (const word of ofKind.words) covered.add(word);
  }
  for (const candidate of mains.slice(1)) {
    if (extras.length === 2) break;
    if (candidate === ofKind) continue;
    if (![...candidate.words].some((word) => !covered.has(word))) continue;
    extras.push(candidate.fact);
    for (const word of candidate.words) covered.add(word);
  }
  const modifiers = ofAspect
    .filter((fact) => fact.role === "modifier" && fact !== main)
    .map((fact) => ({ fact, fits: fitOf(fact.when, situation), words: matched(fact).words }))
    .filter(({ fact, fits, words }) => {
      if (!fits || fits.unknown > 0) return false;
      // A modifier on what the situation does not say (a season nobody asked) stays out, unless
      // it holds the question's own words.
      return (
        (fits.met > 0 && SAID_ONLY.some((field) => fact.when?.[field] !== undefined)) ||
        words.size >= 2
      );
    })
    .sort((a, b) => b.words.size - a.words.size)
    .map(({ fact }) => fact);
  const chosen = [...extras, ...modifiers].slice(0, maxModifiers);
  const watch =
    ofAspect.find((fact) => {
      if (fact.role !== "watch") return false;
      const fits = fitOf(fact.when, situation);
      return fits !== null && fits.unknown === 0;
    }) ?? null;
  return { main, modifiers: chosen, watch };
}

/** Splits prose into sentences (abbreviations such as "e.g." and decimals stay whole). */
export function sentencesOf(text: string): string[] {
  return text
    .replace(/\s+/g, " ")
    .split(/(?<=[.!?])\s+(?=[A-Z0-9"(])/)
    .map((sentence) => sentence.trim())
    .filter((sentence) => sentence.length > 0);
}
