import { sentencesOf } from "../../../../core/assistant/compose";
import type { KnowledgeEntry } from "./parse-entry";

/** One sentence of a knowledge-base section, with the words around it that give it context. */
export interface NoteSentence {
  slug: string;
  /** The section's heading, as in its passage. */
  heading: string;
  /** Its place in the section, from 0. */
  position: number;
  text: string;
  terms: ReadonlySet<string>;
  headingTerms: ReadonlySet<string>;
  /** The entry's title and keywords. */
  entryTerms: ReadonlySet<string>;
}

/** A section's sentences, bullet lines counted as sentences of their own. */
export function sentencesIn(text: string): string[] {
  return text
    .split("\n")
    .map((line) => line.replace(/^\s*[-*]\s+/, "").trim())
    .filter(Boolean)
    .flatMap((line) => sentencesOf(/[.!?:]$/.test(line) ? line : `${line}.`));
}

/** Every sentence of an entry, each with its heading's and entry's words. */
export function entrySentences(
  entry: KnowledgeEntry,
  termsOf: (text: string) => Set<string>,
): NoteSentence[] {
  const entryTerms = termsOf([entry.title, ...entry.keywords].join(" "));
  return entry.sections.flatMap((section) => {
    const headingTerms = termsOf(section.heading);
    return sentencesIn(section.text).map((text, position) => ({
      slug: entry.slug,
      heading: section.heading,
      position,
      text,
      terms: termsOf(text),
      headingTerms,
      entryTerms,
    }));
  });
}

/**
 * A word weighing more than this (found in under about 1% of the knowledge base's sentences) is
 * likely a name: a plant's ("pilea"), a variety's ("paniculata"), a pest's.
 */
export const NAME_WEIGHT = 6;

/**
 * Inverse document frequency over sentences: a word in few sentences ("thick", "algae") says more
 * about which sentence answers a question than one in many ("plant", "soil").
 */
export function inverseFrequencies(sentences: Iterable<ReadonlySet<string>>): Map<string, number> {
  const counts = new Map<string, number>();
  let total = 0;
  for (const terms of sentences) {
    total++;
    for (const term of terms) counts.set(term, (counts.get(term) ?? 0) + 1);
  }
  const weights = new Map<string, number>();
  for (const [term, count] of counts) weights.set(term, Math.log((total + 1) / (count + 0.5)));
  return weights;
}
