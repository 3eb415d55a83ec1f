import { pickFacts } from "../../../../core/assistant/compose";
import { type DialogueState, resolveConversation } from "../../../../core/assistant/conversation";
import type { Aspect, Fact } from "../../../../core/assistant/facts";
import { type LanguageRead, readLanguage } from "../../../../core/assistant/language";
import { classifySafety, type SafetyRead, safetyReply } from "../../../../core/assistant/safety";
import { type Part, understand, type Vocabulary } from "../../../../core/assistant/understand";
import type { Heads } from "../../../../core/assistant/understanding/heads";
import { learnedRead, safetyLabelOf } from "../../../../core/assistant/understanding/understanding";
import type { MessageSource } from "../../../../core/schemas/chat";
import type { Crop } from "../../../../core/schemas/crop";
import type { Catalogue } from "../../../features/catalogue/catalogue-read-model";
import type { ChatInput, GardenerContext, GardenPlant } from "../assistant";
import type { FactStore } from "../knowledge/fact-store";
import type { KnowledgeBase } from "../knowledge/knowledge-base";
import { type CropMentions, plantNamedIn } from "./crop-mentions";
import {
  aspectFor,
  byWords,
  careAspects,
  companionsFromCatalogue,
  factRef,
  matcherFor,
  situationOf,
  sourcesOf,
} from "./fact-answer";

/** What reading a turn needs: the names it recognises, the trained heads, the facts it gathers. */
export interface TurnBriefDeps {
  catalogue: Catalogue;
  knowledge: KnowledgeBase;
  facts: FactStore;
  mentions: CropMentions;
  heads: Heads;
}

/**
 * A message's safety read (ASSISTANT.md step 1): the rules on its own words and on its English
 * reading; the trained head, which knows English, on the English reading only.
 */
export function safetyOfTurn(heads: Heads, message: string, english: string): SafetyRead | null {
  const learned = safetyLabelOf(heads, english);
  return classifySafety(message, learned) ?? (english !== message ? classifySafety(english) : null);
}

/** The plant a turn is about, and its catalogue crop. */
export interface TurnFocus {
  plant: GardenPlant | null;
  cropSlug: string | null;
}

export interface BriefFact {
  text: string;
  ref: string;
  aspect: Aspect;
}

/**
 * One chat turn read as the built-in engine reads it (ASSISTANT.md steps 1–4): its language, its
 * safety class, what the chat is about after it, and the facts that answer it. The LLM engine puts
 * this in its prompt, so both engines start from the same understanding.
 */
export interface TurnBrief {
  language: LanguageRead;
  safety: SafetyRead | null;
  /** The fixed safety reply (emergency, wild edibility, legal, injection), when one applies. */
  fixedReply: string | null;
  state: DialogueState | null;
  focus: TurnFocus;
  /** The focus crop's facts for the asks and situation: main, modifiers, watch; at most 8. */
  facts: BriefFact[];
  sources: MessageSource[];
}

/** Enough for a few asks with what changes them, short enough for a small model's prompt. */
const MAX_FACTS = 8;

/** A custom plant named "Grandma's tomato" is still a tomato for the knowledge base. */
export function cropOfPlant(mentions: CropMentions, plant: GardenPlant): string | null {
  return plant.cropSlug ?? mentions.cropsIn(`${plant.name} ${plant.cropName}`)[0] ?? null;
}

/** The names the understanding recognises: catalogue crops and the gardener's own plants. */
export function vocabularyFor(
  mentions: CropMentions,
  context: GardenerContext,
  heads: Heads,
): Vocabulary {
  return {
    read: (text) => learnedRead(heads, text),
    cropsIn: (text) => mentions.cropsIn(text),
    withoutPlants: (text) => mentions.withoutCrops(text),
    ownPlantsIn: (text, crops) => {
      const plants = context.plants.map((plant) => ({
        ...plant,
        cropSlug: cropOfPlant(mentions, plant),
      }));
      const named = plantNamedIn(text, plants, crops);
      return named ? [named.id] : [];
    },
  };
}

/** The plant a turn is about: the gardener's own plant named, else a crop named, else the chat's. */
export function focusOf(
  mentions: CropMentions,
  state: Pick<DialogueState, "crops" | "ownPlantIds"> | null,
  context: GardenerContext,
): TurnFocus {
  const own = context.plants.find((plant) => plant.id === state?.ownPlantIds[0]);
  if (own) return { plant: own, cropSlug: cropOfPlant(mentions, own) };
  const crop = state?.crops[0];
  if (crop) return { plant: null, cropSlug: crop };
  const chatPlant = context.focusPlant;
  return { plant: chatPlant, cropSlug: chatPlant ? cropOfPlant(mentions, chatPlant) : null };
}

/** Reads one turn against the chat's earlier user messages. Pure and fast: no I/O. */
export function briefTurn(deps: TurnBriefDeps, input: ChatInput): TurnBrief {
  const { message, context } = input;
  const language = readLanguage(message);
  const safety = safetyOfTurn(deps.heads, message, language.english);
  const fixedReply = safety ? safetyReply(safety, context.place?.countryCode) : null;
  const vocabulary = vocabularyFor(deps.mentions, context, deps.heads);
  const earlier = input.history
    .filter((turn) => turn.role === "user")
    .map((turn) => readLanguage(turn.content).english);
  const state = fixedReply
    ? null
    : resolveConversation([...earlier, language.english], (text) => understand(text, vocabulary));
  const focus = focusOf(deps.mentions, state, context);
  const crop = focus.cropSlug ? (deps.catalogue.bySlug(focus.cropSlug) ?? null) : null;
  const gathered =
    crop && !fixedReply
      ? gatherFacts(deps, crop, focus.plant, state, safety, language, context)
      : [];
  return {
    language,
    safety,
    fixedReply,
    state,
    focus,
    facts: gathered.map((fact) => ({
      text: fact.text,
      ref: fact.ref,
      aspect: fact.aspect,
    })),
    sources: crop ? sourcesFor(crop, focus.plant, gathered) : [],
  };
}

/** The facts' sources, as the built-in engine cites them, and the catalogue's lines. */
function sourcesFor(crop: Crop, plant: GardenPlant | null, gathered: Gathered[]): MessageSource[] {
  const sources = sourcesOf(
    crop,
    plant,
    gathered.flatMap((fact) => (fact.fact ? [fact.fact] : [])),
  );
  for (const line of gathered) {
    if (line.fact || sources.some((source) => source.ref === line.ref)) continue;
    sources.push({ title: `${crop.name} — Companion plants`, ref: line.ref });
  }
  return sources;
}

interface Gathered extends BriefFact {
  /** The fact file's fact, or null for a line from the catalogue (companions). */
  fact: Fact | null;
}

/**
 * The facts that answer the turn about one crop, as factAnswer picks them: per asked aspect (the
 * care aspects for "how do I look after…", toxicity for a toxicity question) the main fact, what
 * changes it in this situation and the first fitting "watch for"; with no aspect asked, the facts
 * that share the question's words.
 */
function gatherFacts(
  deps: TurnBriefDeps,
  crop: Crop,
  plant: GardenPlant | null,
  state: DialogueState | null,
  safety: SafetyRead | null,
  language: LanguageRead,
  context: GardenerContext,
): Gathered[] {
  const all = deps.facts.of(crop.slug);
  const text = language.english;
  const matched = matcherFor(
    {
      parts: [],
      conditions: {},
      care: false,
      text,
      termsOf: (words) => deps.knowledge.termsOf(words),
      weightOf: (term) => deps.knowledge.weightOf(term),
    },
    crop,
  );
  const parts: readonly Part[] =
    safety?.class === "toxicity" ? [{ aspects: ["toxicity"], kind: null }] : (state?.parts ?? []);
  const asked = parts.flatMap((part) => part.aspects);
  const conditions = state?.conditions ?? {};
  const situation = situationOf({ crop, plant }, conditions, asked, context);
  const gathered: Gathered[] = [];
  const add = (fact: Fact) => {
    if (gathered.some((have) => have.fact === fact)) return;
    gathered.push({
      text: fact.text,
      ref: factRef(crop.slug, fact.aspect),
      aspect: fact.aspect,
      fact,
    });
  };
  if (asked.length === 0 && !state?.care) {
    const found = byWords(all, situation, matched);
    if (found.length) {
      for (const fact of found) add(fact);
      return gathered;
    }
  }
  const asks: Part[] =
    state?.care || asked.length === 0
      ? [{ aspects: careAspects(crop, situation), kind: null }]
      : parts.filter((part) => part.aspects.length > 0);
  const watches: Fact[] = [];
  for (const part of asks) {
    // Each ask picks from the facts not given yet: "water and feed" a hydroponic lettuce are
    // both solution questions, answered by two of its facts.
    const fresh = all.filter((fact) => !gathered.some((have) => have.fact === fact));
    const seen = new Set<Aspect>();
    for (const askedAspect of part.aspects.slice(0, 3)) {
      const aspect = aspectFor(askedAspect, situation);
      if (seen.has(aspect)) continue;
      seen.add(aspect);
      const pick = pickFacts(fresh, aspect, part.kind, situation, 2, matched);
      if (!pick) {
        const line = aspect === "companions" ? companionsFromCatalogue(crop) : null;
        if (line) {
          gathered.push({ text: line, ref: `crops/${crop.slug}#companions`, aspect, fact: null });
        }
        continue;
      }
      add(pick.main);
      for (const modifier of pick.modifiers) add(modifier);
      if (pick.watch) watches.push(pick.watch);
    }
  }
  // Watch-fors last: the answer needs at most one, the asks come first.
  for (const watch of watches) add(watch);
  return gathered.slice(0, MAX_FACTS);
}
