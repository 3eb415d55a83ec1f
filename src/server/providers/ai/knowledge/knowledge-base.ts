import fs from "node:fs";
import path from "node:path";
import MiniSearch from "minisearch";
import { dataPath } from "../../../lib/paths";
import { type KnowledgeEntry, parseEntry } from "./parse-entry";
import { entrySentences, inverseFrequencies, type NoteSentence } from "./sentences";
import { indexTerm } from "./terms";

/** A section of the knowledge base, found for a question. */
export interface Passage {
  /** "crops/tomato#water": stable, shown as the source's ref. */
  ref: string;
  kind: KnowledgeEntry["kind"];
  slug: string;
  /** The entry's title ("Tomato", "Overwatering"). */
  title: string;
  heading: string;
  text: string;
  score: number;
  /** Share of the question's meaningful words this section contains (0–1). */
  coverage: number;
  /**
   * The same share weighed by how telling each word is: "juniper bonsai" matched says more than
   * "got", "present" and "go" (0–1).
   */
  weightedCoverage: number;
  /** How many of the question's meaningful words it contains. */
  matched: number;
}

export interface SearchOptions {
  /** Sections of this crop's care sheet rank first; other crops' sheets rank low. */
  cropSlug?: string | null;
  kind?: KnowledgeEntry["kind"];
  limit?: number;
  /** Topic notes that rank higher (the notes on what the question asks about). */
  preferTopics?: ReadonlySet<string>;
}

interface IndexedSection {
  id: string;
  kind: KnowledgeEntry["kind"];
  slug: string;
  title: string;
  keywords: string;
  heading: string;
  text: string;
}

const anchor = (heading: string) => heading.toLowerCase().replace(/[^a-z0-9]+/g, "-");

/** The knowledge base of data/knowledge, indexed by section for full-text search. */
export class KnowledgeBase {
  readonly entries: readonly KnowledgeEntry[];
  private readonly index: MiniSearch<IndexedSection>;
  private readonly sections = new Map<string, IndexedSection>();
  private readonly bySlug = new Map<string, KnowledgeEntry>();
  private readonly sentenceCache = new Map<string, NoteSentence[]>();
  private weights: Map<string, number> | undefined;
  private rarest = 0;

  constructor(entries: KnowledgeEntry[]) {
    this.entries = entries;
    this.index = new MiniSearch<IndexedSection>({
      fields: ["title", "keywords", "heading", "text"],
      processTerm: indexTerm,
      searchOptions: {
        boost: { title: 3, keywords: 2, heading: 2, text: 1 },
        fuzzy: (term) => (term.length > 5 ? 0.15 : 0),
        processTerm: indexTerm,
      },
    });
    const docs: IndexedSection[] = [];
    for (const entry of entries) {
      this.bySlug.set(`${entry.kind}/${entry.slug}`, entry);
      for (const section of entry.sections) {
        const doc: IndexedSection = {
          id: `${entry.kind === "crop" ? "crops" : "topics"}/${entry.slug}#${anchor(section.heading)}`,
          kind: entry.kind,
          slug: entry.slug,
          title: entry.title,
          keywords: entry.keywords.join(", "),
          heading: section.heading,
          text: section.text,
        };
        docs.push(doc);
        this.sections.set(doc.id, doc);
      }
    }
    this.index.addAll(docs);
  }

  entry(kind: KnowledgeEntry["kind"], slug: string): KnowledgeEntry | undefined {
    return this.bySlug.get(`${kind}/${slug}`);
  }

  /** The section of an entry whose heading is this one (case-insensitive). */
  section(kind: KnowledgeEntry["kind"], slug: string, heading: string): Passage | undefined {
    const doc = this.sections.get(
      `${kind === "crop" ? "crops" : "topics"}/${slug}#${anchor(heading)}`,
    );
    return doc && toPassage(doc, 0);
  }

  /** An entry's sentences with their context's words, read once. */
  sentencesOf(kind: KnowledgeEntry["kind"], slug: string): readonly NoteSentence[] {
    const key = `${kind}/${slug}`;
    let sentences = this.sentenceCache.get(key);
    if (!sentences) {
      const entry = this.bySlug.get(key);
      sentences = entry ? entrySentences(entry, (text) => this.termsOf(text)) : [];
      this.sentenceCache.set(key, sentences);
    }
    return sentences;
  }

  /** Whether a word (as termsOf gives it) is in any sentence of the knowledge base. */
  knows(term: string): boolean {
    this.weightOf(term);
    return this.weights?.has(term) ?? false;
  }

  /** How much a word (as termsOf gives it) tells about which sentence answers a question. */
  weightOf(term: string): number {
    if (!this.weights) {
      this.weights = inverseFrequencies(
        this.entries.flatMap((entry) =>
          this.sentencesOf(entry.kind, entry.slug).map((sentence) => sentence.terms),
        ),
      );
      this.rarest = Math.max(0, ...this.weights.values());
    }
    return this.weights.get(term) ?? this.rarest;
  }

  /** A text's words as the index sees them (stop words dropped, synonyms folded, stemmed). */
  termsOf(text: string): Set<string> {
    return new Set(queryTerms(text));
  }

  search(query: string, options: SearchOptions = {}): Passage[] {
    const { cropSlug, kind, limit = 5, preferTopics } = options;
    const results = this.index.search(query, {
      filter: kind ? (result) => this.sections.get(String(result.id))?.kind === kind : undefined,
      boostDocument:
        cropSlug || preferTopics
          ? (id) => {
              const doc = this.sections.get(String(id));
              if (doc?.kind === "topic") return preferTopics?.has(doc.slug) ? 2 : 1;
              if (!cropSlug) return 1;
              return doc?.slug === cropSlug ? 3 : 0.25;
            }
          : undefined,
    });
    const heft = (term: string) => (this.knows(term) ? this.weightOf(term) : UNKNOWN_WEIGHT);
    const words = [...new Set(queryTerms(query))];
    const asked = words.length || 1;
    const askedWeight = words.reduce((sum, term) => sum + heft(term), 0) || 1;
    return results.slice(0, limit).map((result) => {
      const doc = this.sections.get(String(result.id));
      if (!doc) throw new Error(`knowledge index out of step: ${result.id}`);
      const terms = [...new Set(result.queryTerms)];
      const held = terms.reduce((sum, term) => sum + heft(term), 0);
      return toPassage(doc, result.score, {
        coverage: Math.min(1, terms.length / asked),
        weightedCoverage: Math.min(1, held / askedWeight),
        matched: terms.length,
      });
    });
  }
}

/**
 * What a word the notes never use weighs in a question's coverage: an ordinary word's weight, not
 * the rarest's (a typo or an odd word must not make every note look irrelevant).
 */
const UNKNOWN_WEIGHT = 4;

/** The question's words as the index sees them (stop words dropped, stemmed). */
function queryTerms(query: string): string[] {
  const tokenize = MiniSearch.getDefault("tokenize") as (text: string) => string[];
  return tokenize(query)
    .map(indexTerm)
    .filter((term): term is string => term !== null);
}

function toPassage(
  doc: IndexedSection,
  score: number,
  { coverage, weightedCoverage, matched } = { coverage: 1, weightedCoverage: 1, matched: 0 },
): Passage {
  return {
    ref: doc.id,
    kind: doc.kind,
    slug: doc.slug,
    title: doc.title,
    heading: doc.heading,
    text: doc.text,
    score,
    coverage,
    weightedCoverage,
    matched,
  };
}

function readEntries(dir: string, kind: KnowledgeEntry["kind"]): KnowledgeEntry[] {
  const folder = path.join(dir, kind === "crop" ? "crops" : "topics");
  return fs
    .readdirSync(folder)
    .filter((file) => file.endsWith(".md"))
    .sort()
    .map((file) =>
      parseEntry(kind, file.slice(0, -3), fs.readFileSync(path.join(folder, file), "utf8")),
    );
}

/** Reads data/knowledge; a malformed file stops start-up rather than a reply. */
export function loadKnowledgeBase(dir = dataPath("knowledge")): KnowledgeBase {
  return new KnowledgeBase([...readEntries(dir, "crop"), ...readEntries(dir, "topic")]);
}

let shared: KnowledgeBase | undefined;

/** One knowledge base per process (a few hundred files, read and indexed once). */
export function knowledgeBase(): KnowledgeBase {
  shared ??= loadKnowledgeBase();
  return shared;
}
