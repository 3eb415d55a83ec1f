import type { Crop } from "../../../../core/schemas/crop";
import type { KnowledgeBase, Passage } from "./knowledge-base";
import { foldCase } from "./terms";

/** Sentences of a passage, as written (a sentence ends at ., ! or ? before a space). */
export function sentencesOf(text: string): string[] {
  return text
    .replace(/^\s*-\s+/gm, "")
    .split(/(?<=[.!?])\s+(?=[A-Z0-9"'(])/)
    .map((sentence) => sentence.trim())
    .filter(Boolean);
}

export interface CropFact {
  text: string;
  sources: Passage[];
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** The crop's names as whole words, plurals included ("lily" finds "Lilies"). */
function namePattern(crop: Crop): RegExp {
  const names = [crop.name, ...crop.aliases]
    .map((name) => foldCase(name).trim())
    .filter((name) => name.length >= 3)
    .map((name) =>
      name.endsWith("y")
        ? `${escapeRegExp(name.slice(0, -1))}(?:y|ies)`
        : `${escapeRegExp(name)}(?:s|es)?`,
    );
  const genus = crop.scientificName.split(/\s+/)[0];
  if (genus && /^[A-Z][a-z]+$/.test(genus) && genus !== "Various")
    names.push(escapeRegExp(genus.toLowerCase()));
  return new RegExp(`\\b(?:${names.join("|")})\\b`);
}

function sheetSentences(knowledge: KnowledgeBase, crop: Crop, test: RegExp): CropFact | null {
  const entry = knowledge.entry("crop", crop.slug);
  const found: string[] = [];
  const sources: Passage[] = [];
  for (const section of entry?.sections ?? []) {
    const hits = sentencesOf(section.text).filter((sentence) => test.test(sentence));
    if (hits.length === 0) continue;
    found.push(...hits);
    const passage = knowledge.section("crop", crop.slug, section.heading);
    if (passage) sources.push(passage);
  }
  return found.length ? { text: found.join(" "), sources } : null;
}

function noteSentences(
  knowledge: KnowledgeBase,
  slug: string,
  crop: Crop,
  limit: number,
): CropFact | null {
  const entry = knowledge.entry("topic", slug);
  const names = namePattern(crop);
  for (const section of entry?.sections ?? []) {
    const hits = sentencesOf(section.text).filter((sentence) => names.test(foldCase(sentence)));
    if (hits.length === 0) continue;
    const passage = knowledge.section("topic", slug, section.heading);
    return { text: hits.slice(0, limit).join(" "), sources: passage ? [passage] : [] };
  }
  return null;
}

const TOXIC = /\b(toxic|poison\w*|irritat\w*)\b/i;

/**
 * What the knowledge base says about the crop's toxicity to people or pets: its care sheet's
 * sentences on it, else what the note on plants toxic to pets says of it. Null when neither does.
 */
export function toxicityOf(knowledge: KnowledgeBase, crop: Crop): CropFact | null {
  const fact =
    sheetSentences(knowledge, crop, TOXIC) ?? noteSentences(knowledge, "pet-toxicity", crop, 2);
  if (!fact) return null;
  // Care sheets list it as "- Toxicity: monstera contains …".
  const text = fact.text.replace(/^toxicity:\s*(.)/i, (_, first: string) => first.toUpperCase());
  return { ...fact, text };
}

const PRUNING = /\bprun\w*|\bcut (?:\w+ )?back\b|\bpinch\w*/i;
const TIMING =
  /\b(spring|summer|autumn|fall|winter|dormant|january|february|march|april|may|june|july|august|september|october|november|december|after (?:flowering|harvest|fruiting)|weekly|every)\b/i;

/**
 * When (and how) the crop is pruned: what its care sheet or the note on pruning says, sentences
 * that give a time first; null when neither says anything.
 */
export function pruningOf(knowledge: KnowledgeBase, crop: Crop): CropFact | null {
  const found = [
    sheetSentences(knowledge, crop, PRUNING),
    noteSentences(knowledge, "pruning", crop, 2),
  ].filter((fact): fact is CropFact => fact !== null);
  return found.find((fact) => TIMING.test(fact.text)) ?? found[0] ?? null;
}
