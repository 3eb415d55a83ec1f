import {
  fitOf,
  givesReason,
  type MatchedTerms,
  type Picked,
  pickFacts,
  type Situation,
} from "../../../../core/assistant/compose";
import type { Aspect, Fact, QuestionKind, StageName } from "../../../../core/assistant/facts";
import { stageValues } from "../../../../core/assistant/facts";
import type { Conditions, Part } from "../../../../core/assistant/understand";
import type { MessageSource } from "../../../../core/schemas/chat";
import type { Crop } from "../../../../core/schemas/crop";
import type { Medium } from "../../../../core/schemas/plant-setup";
import { seasonFor } from "../../../../core/weather/season";
import type { GardenerContext, GardenPlant } from "../assistant";
import type { FactStore } from "../knowledge/fact-store";
import { NAME_WEIGHT } from "../knowledge/sentences";
import type { Answer } from "./garden-answers";
import { plantSource } from "./garden-answers";
import { temperature } from "./wording";

/** What a reply is about: a catalogue crop, and the gardener's own plant of it if there is one. */
export interface Subject {
  crop: Crop;
  plant: GardenPlant | null;
}

/** The words a reply uses for an aspect ("I have no note on pruning for basil"). */
export const ASPECT_WORDS: Record<Aspect, string> = {
  water: "watering",
  light: "light",
  "grow-light": "grow lights",
  soil: "soil and pH",
  hydroponics: "hydroponic solution (EC and pH)",
  feeding: "feeding",
  spacing: "spacing",
  sowing: "sowing",
  "planting-out": "planting out",
  containers: "growing in pots",
  pruning: "pruning",
  propagation: "propagation",
  companions: "companion plants",
  pests: "pests",
  diseases: "diseases",
  harvest: "harvest",
  overwintering: "overwintering",
  temperature: "temperature",
  toxicity: "toxicity",
  general: "what it is",
};

/** The care-sheet section an aspect's facts come from, for the source's ref. */
const SHEET_SECTION: Partial<Record<Aspect, string>> = {
  water: "water",
  light: "sun",
  soil: "soil-and-ph",
  feeding: "feeding",
  spacing: "spacing",
  pests: "common-problems",
  diseases: "common-problems",
  harvest: "harvest",
};

/** Aspects that make no sense for a plant grown this way, and what answers them instead. */
export function aspectFor(aspect: Aspect, situation: Situation): Aspect {
  if (situation.medium === "hydroponics" && ["water", "soil", "feeding"].includes(aspect)) {
    return "hydroponics";
  }
  return aspect;
}

const MEDIUMS = new Set<string>(["soil", "cocopeat", "hydroponics"]);
const STAGES = new Set<string>(stageValues);

/**
 * The season now where the gardener is: from their saved place's latitude (no forecast needed),
 * the northern temperate one when they have none.
 */
function seasonNow(context: Pick<GardenerContext, "today" | "place">): Situation["season"] {
  return seasonFor(
    context.today,
    context.place?.latitude ?? 45,
  ).toLowerCase() as Situation["season"];
}

/**
 * The plant's situation: its own setup (medium, place, lights, stage, the season now), then what
 * the question says, which wins ("can I grow basil hydroponically?" asks about hydroponics even
 * for a basil in soil). A plant of unknown medium is taken to grow in soil, as most do, unless the
 * question is about hydroponics; a houseplant grows indoors.
 */
export function situationOf(
  subject: Subject,
  conditions: Conditions,
  aspects: readonly Aspect[],
  context: Pick<GardenerContext, "today" | "place">,
): Situation {
  const { plant, crop } = subject;
  const situation: Situation = {};
  if (plant) {
    if (plant.medium && MEDIUMS.has(plant.medium)) situation.medium = plant.medium as Medium;
    if (plant.place === "indoor" || plant.place === "outdoor") situation.place = plant.place;
    if (plant.lights === "led" || plant.lights === "sun") situation.lights = plant.lights;
    const stage = plant.stage?.toLowerCase();
    if (stage && STAGES.has(stage)) situation.stage = stage as StageName;
    situation.season = seasonNow(context);
  }
  Object.assign(situation, conditions);
  if (!situation.medium)
    situation.medium = aspects.includes("hydroponics") ? "hydroponics" : "soil";
  if (!situation.place && crop.category === "houseplant") situation.place = "indoor";
  return situation;
}

/** "Your basil under LEDs", "Your tomato **Big Tom** in cocopeat": the lead of a reply about a plant. */
function ownLead(plant: GardenPlant, crop: Crop, situation: Situation): string {
  const name =
    plant.name.trim().toLowerCase() === crop.name.toLowerCase()
      ? `Your **${plant.name}**`
      : `Your ${crop.name.toLowerCase()} **${plant.name}**`;
  const where: string[] = [];
  if (situation.medium === "hydroponics") where.push("in hydroponics");
  else if (situation.medium === "cocopeat") where.push("in cocopeat");
  if (situation.lights === "led") where.push("under LEDs");
  else if (situation.place === "indoor" && crop.category !== "houseplant") where.push("indoors");
  return `${name}${where.length ? ` ${where.join(" ")}` : ""}`;
}

/** The first letter lower-cased, unless the sentence opens with a name ("Water basil…" → "water basil…"). */
function continuing(sentence: string, crop: Crop): string {
  const first = sentence.split(/\s/)[0] ?? "";
  const isName = [crop.name, ...crop.aliases].some((name) => name.split(" ")[0] === first);
  return isName ? sentence : sentence.charAt(0).toLowerCase() + sentence.slice(1);
}

export function companionsFromCatalogue(crop: Crop): string | null {
  const good = crop.companions.slice(0, 5).map((name) => name.toLowerCase());
  const bad = crop.avoid.slice(0, 4).map((name) => name.toLowerCase());
  if (!good.length && !bad.length) return null;
  const parts = [];
  if (good.length) parts.push(`Good companions for ${crop.name.toLowerCase()} are ${listOf(good)}`);
  if (bad.length) parts.push(`keep it away from ${listOf(bad)}`);
  return `${parts.join("; ")}.`;
}

export const listOf = (items: readonly string[]) =>
  items.length <= 1
    ? (items[0] ?? "")
    : `${items.slice(0, -1).join(", ")} and ${items[items.length - 1]}`;

/** What factAnswer needs of a turn: its asks, situation and words. */
export interface Question {
  parts: readonly Part[];
  conditions: Conditions;
  care: boolean;
  text: string;
  /** A text's words as the knowledge base indexes them (stemmed, stop words dropped). */
  termsOf: (text: string) => Set<string>;
  /** What the chat's earlier replies said (a "why?" is answered with something new). */
  said?: readonly string[];
  /** How telling a word is (inverse frequency in the knowledge base); every word 1 without it. */
  weightOf?: (term: string) => number;
}

/** A word of average rarity in the knowledge base weighs about this much (see weightOf). */
const TYPICAL_WEIGHT = 4;

/** Words of any question that say nothing about which fact answers it. */
const GENERIC =
  "plant plants grow growing grown garden need needs much often time good best tree trees bush bushes";
const factWords = new WeakMap<
  Fact,
  { terms: Set<string>; pairs: Set<string>; first: string | undefined }
>();

/** The question's own words each fact holds, the plant's names and generic words left out. */
export function matcherFor(question: Question, crop: Crop): MatchedTerms {
  // The plant's names are in every fact about it. Of its other names' words only the rare ones
  // are names ("pilea" of "Pilea peperomioides"): "split-leaf philodendron" must not take
  // "split" from "why no splits?".
  const nameWords = [...question.termsOf(crop.aliases.join(" "))].filter(
    (term) => (question.weightOf?.(term) ?? Number.POSITIVE_INFINITY) > NAME_WEIGHT,
  );
  const skip = question.termsOf(
    [crop.name, ...nameWords, crop.slug.replace(/-/g, " "), GENERIC].join(" "),
  );
  const sequence = [...question.termsOf(question.text)];
  const action = actionAsked(question);
  // The action asked ("how should I store…") is what the answer must be about: it counts double.
  const asked = sequence
    .filter((term) => !skip.has(term))
    .map((term) => ({
      term,
      weight:
        ((question.weightOf?.(term) ?? TYPICAL_WEIGHT) / TYPICAL_WEIGHT) *
        (term === action ? 2 : 1),
    }));
  // "Apple tree" is in every apple fact: a pair with a generic word says nothing.
  const generic = question.termsOf(GENERIC);
  const pairs = new Set(
    [...pairsOf(sequence)].filter((pair) => !pair.split(" ").some((term) => generic.has(term))),
  );
  return (fact) => {
    let read = factWords.get(fact);
    if (!read) {
      const terms = question.termsOf(fact.text);
      read = { terms, pairs: pairsOf([...terms]), first: [...terms][0] };
      factWords.set(fact, read);
    }
    const { terms, pairs: factPairs, first } = read;
    // "How do I store apples?" is answered best by the fact that starts "Store apples…".
    const leads = action !== undefined && first === action ? LEAD_WEIGHT : 0;
    const hits = asked.filter(({ term }) => terms.has(term));
    // Words side by side in both ("onion sets", "flower again") say more than the words apart.
    const together = [...pairs].filter((pair) => factPairs.has(pair)).length;
    return {
      words: new Set(hits.map(({ term }) => term)),
      weight: hits.reduce((sum, { weight }) => sum + weight, 0) + PAIR_WEIGHT * together + leads,
    };
  };
}

/** What a fact tagged for the kind of question asked adds, among facts found by their words. */
const KIND_WEIGHT = 0.25;
/** What giving a reason adds to a fact's match for a "why?", in words of average weight. */
const WHY_WEIGHT = 0.4;

/** What a fact that opens with the action asked ("Store…" for "how do I store…") adds. */
const LEAD_WEIGHT = 0.5;

/** The verb of "how do I store…", "when should I prune…", "can I split…", as termsOf reads it. */
function actionAsked(question: Question): string | undefined {
  const verb =
    /\b(?:how|when|where|can|could|should)\s+(?:do|should|can|would|to)?\s*(?:i|you|we)?\s*(?:best\s+)?([a-z]+)/i.exec(
      question.text,
    )?.[1] ?? /\b(?:best|right|proper) (?:way|time) to ([a-z]+)/i.exec(question.text)?.[1];
  return verb ? [...question.termsOf(verb)][0] : undefined;
}

/** What two of a question's words side by side in a fact add, in words of average weight. */
const PAIR_WEIGHT = 0.5;

/** Neighbouring words of a text, in order ("plant onion", "onion set"). */
const pairsOf = (terms: readonly string[]) =>
  new Set(terms.slice(1).map((term, i) => `${terms[i]} ${term}`));

/**
 * The facts that share most of the question's words (at least one), fitting the situation: the
 * best, and a second that adds words the first does not hold.
 */
export function byWords(
  facts: readonly Fact[],
  situation: Situation,
  matched: MatchedTerms,
  kind: QuestionKind | null = null,
): Fact[] {
  // Other things equal: a fact tagged for the kind asked, a reason for "why…?"; what the plant
  // is ("an easy houseplant that makes offsets") answers a specific question last.
  const reason = (fact: Fact) =>
    (kind && fact.kind?.includes(kind) ? KIND_WEIGHT : 0) +
    (kind === "why" && givesReason(fact.text) ? WHY_WEIGHT : 0) -
    (fact.aspect === "general" ? 0.25 : 0);
  // A fact found by the question's own words may be about a stage the plant has not reached yet
  // ("how do I pollinate my tomatoes?" while they are seedlings): the stage does not rule it out.
  const { stage: _stage, ...timeless } = situation;
  const ranked = facts
    .map((fact, index) => {
      const found = matched(fact);
      return { fact, ...found, score: found.weight + reason(fact), index };
    })
    .filter(({ fact, words }) => words.size > 0 && fitOf(fact.when, timeless) !== null)
    .sort((a, b) => b.score - a.score || a.index - b.index);
  const best = ranked[0];
  if (!best) return [];
  const second = ranked.find(
    (candidate) => candidate !== best && [...candidate.words].some((word) => !best.words.has(word)),
  );
  return second ? [best.fact, second.fact] : [best.fact];
}

/**
 * "When do I plant strawberries?" asks about planting out for a crop that is not sown where it
 * grows (runners, crowns, transplants); "plant" for a crop sown in place is sowing.
 */
function plantingFor(aspects: readonly Aspect[], text: string, crop: Crop): Aspect[] {
  const plantingVerb = /\bplant(s|ing)?\b/i.test(text) && !/\b(sow\w*|seeds?)\b/i.test(text);
  if (!plantingVerb || !aspects.includes("sowing") || crop.sowingMethod === "direct") {
    return [...aspects];
  }
  return ["planting-out", ...aspects.filter((aspect) => aspect !== "planting-out")];
}

/** The aspects a general "how do I look after X?" is answered with. */
export function careAspects(crop: Crop, situation: Situation): Aspect[] {
  if (situation.medium === "hydroponics") return ["light", "hydroponics", "temperature"];
  if (crop.category === "houseplant") return ["light", "water", "feeding"];
  return ["light", "water", "feeding", "harvest"];
}

/** The sentences that answer one ask: the main fact, then what changes it here. */
function answerPart(
  facts: readonly Fact[],
  aspects: readonly Aspect[],
  kind: QuestionKind | null,
  situation: Situation,
  crop: Crop,
  single: boolean,
  matched: MatchedTerms,
  named: readonly (keyof Conditions)[],
): { sentences: string[]; used: Fact[]; picked: Picked[]; unknown: Aspect[] } {
  const sentences: string[] = [];
  const used: Fact[] = [];
  const picked: Picked[] = [];
  const unknown: Aspect[] = [];
  const seen = new Set<Aspect>();
  for (const asked of aspects.slice(0, 3)) {
    const aspect = aspectFor(asked, situation);
    if (seen.has(aspect)) continue;
    seen.add(aspect);
    const pick = pickFacts(facts, aspect, kind, situation, single ? 2 : 1, matched);
    if (!pick) {
      const fromCatalogue = aspect === "companions" ? companionsFromCatalogue(crop) : null;
      if (fromCatalogue) sentences.push(fromCatalogue);
      else unknown.push(aspect);
      continue;
    }
    picked.push(pick);
    // "And in winter?": the fact about winter is the answer, not the one already given.
    const leading = pick.modifiers.filter((fact) =>
      named.some(
        (field) =>
          fact.when?.[field] !== undefined &&
          pick.main.when?.[field] === undefined &&
          !(field === "container" && aspect === "containers"),
      ),
    );
    // Unless the main fact holds more of the question ("tap water for my potted blueberries?"
    // asks about tap water; the pots are where).
    const leads =
      leading.length > 0 &&
      Math.max(...leading.map((fact) => matched(fact).weight)) >= matched(pick.main).weight;
    const chosen = leads ? leading : [pick.main, ...pick.modifiers];
    sentences.push(...chosen.map((fact) => fact.text));
    used.push(...chosen);
  }
  return { sentences, used, picked, unknown };
}

/**
 * A short answer about one plant from its facts (ASSISTANT.md step 5): per ask, the best fact for
 * the kind asked and the situation, then at most two that change it here (medium, season, pots,
 * stage); one "watch for" at the end when there is room. Null when nothing fits.
 */
export function factAnswer(
  subject: Subject,
  question: Question,
  context: GardenerContext,
  store: FactStore,
): (Answer & { unknown: Aspect[] }) | null {
  const all = store.of(subject.crop.slug);
  // "Why?" after an answer asks for more than was said: the facts the chat has not said yet, when
  // any answer it. Other follow-ups ("how long till it roots?") may rightly repeat a fact.
  const why = question.parts.some((part) => part.kind === "why");
  const said = why ? (question.said ?? []).join(" ") : "";
  const fresh = said ? all.filter((fact) => !said.includes(fact.text)) : all;
  const answer = fresh.length < all.length ? answerFrom(subject, question, context, fresh) : null;
  return answer && answer.unknown.length === 0
    ? answer
    : answerFrom(subject, question, context, all);
}

function answerFrom(
  subject: Subject,
  question: Question,
  context: GardenerContext,
  facts: readonly Fact[],
): (Answer & { unknown: Aspect[] }) | null {
  const { crop, plant } = subject;
  const { parts, conditions, care } = question;
  const matched = matcherFor(question, crop);
  const asked = parts.flatMap((part) => part.aspects);
  const situation = situationOf(subject, conditions, asked, context);
  if (asked.length === 0 && !care) {
    // No aspect recognised ("how do I stop carrot fly?"): the facts that share the question's words.
    const found = byWords(facts, situation, matched, parts[0]?.kind ?? null);
    if (found.length) {
      return {
        text: found.map((fact) => fact.text).join(" "),
        sources: sourcesOf(crop, plant, found),
        unknown: [],
      };
    }
  }
  const asks: Part[] =
    care || asked.length === 0
      ? [{ aspects: careAspects(crop, situation), kind: null }]
      : parts
          .filter((part) => part.aspects.length > 0)
          .map((part) => ({ ...part, aspects: plantingFor(part.aspects, question.text, crop) }));
  const single = asks.length === 1 && (asks[0]?.aspects.length ?? 0) === 1;
  // The situation the question itself names (its season, pots, medium), not the plant's own.
  const saidConditions = (["season", "container"] as const).filter(
    (field) => conditions[field] !== undefined,
  );
  const paragraphs: string[] = [];
  const used: Fact[] = [];
  const unknown: Aspect[] = [];
  let watch: Fact | null = null;
  for (const part of asks) {
    const fresh = facts.filter((fact) => !used.includes(fact));
    const said = answerPart(
      fresh,
      part.aspects,
      part.kind,
      situation,
      crop,
      single,
      // Each ask of a two-part question is matched on its own words ("…and how deep?").
      part.text ? matcherFor({ ...question, text: part.text }, crop) : matched,
      saidConditions,
    );
    if (said.sentences.length) paragraphs.push(said.sentences.join(" "));
    used.push(...said.used);
    unknown.push(...said.unknown);
    watch ??= said.picked.find((pick) => pick.watch)?.watch ?? null;
  }
  if (paragraphs.length === 0) return null;
  const closer = care ? null : closerFact(facts, used, situation, question, matched);
  if (closer) {
    // A fact filed under another aspect holds clearly more of the question ("how do I store
    // potatoes?" is answered by the fact on keeping stored tubers dark and cool): it leads.
    paragraphs[0] = `${closer.text} ${paragraphs[0]}`;
    used.unshift(closer);
  }
  const outdoors = plant ? plant.place === "outdoor" : situation.place === "outdoor";
  const weather =
    outdoors && situation.medium !== "hydroponics" && asked.includes("water")
      ? weatherModifier(context)
      : null;
  if (weather) paragraphs.push(weather);
  const body = paragraphs.join("\n\n");
  if (watch && body.length + watch.text.length < 520 && !used.includes(watch)) {
    paragraphs.push(`Also watch for this: ${continuing(watch.text, crop)}`);
    used.push(watch);
  }
  const lead = used[0];
  if (!plant && paragraphs[0] && lead && asksYesOrNo(question) && affirms(lead.text)) {
    // "Can I grow pothos in just water?" → "Yes: pothos can live in plain water…".
    paragraphs[0] = `Yes: ${continuing(paragraphs[0], crop)}`;
  }
  if (plant && paragraphs[0]) {
    paragraphs[0] = `${ownLead(plant, crop, situation)}: ${continuing(paragraphs[0], crop)}`;
  }
  if (unknown.length) {
    const missing = listOf([...new Set(unknown)].map((aspect) => ASPECT_WORDS[aspect]));
    paragraphs.push(`I have no note on ${missing} for ${crop.name.toLowerCase()}.`);
  }
  return { text: paragraphs.join("\n\n"), sources: sourcesOf(crop, plant, used), unknown };
}

/** "Can I grow it in…?", "will it survive…?": a question a fact saying it can answers "yes". */
const asksYesOrNo = (question: Question) =>
  question.parts.length === 1 &&
  /^\s*(can|could|will) (i|you|we|it|they|\w+) (grow|keep|plant|live|survive|overwinter)\b/i.test(
    question.text,
  );

/** A fact that says the thing can be done, with no "not", "never" or "avoid" in it. */
const affirms = (text: string) =>
  /\b(can|grows? well|thrives?|survives?)\b/i.test(text) &&
  !/\b(not|never|avoid|cannot|no)\b|n't\b/i.test(text);

/** How much more (in words of average weight) a fact must hold of the question to lead. */
const CLOSER_BY = 1;

/** The fact, outside those chosen, that holds clearly more of the question's words than they do. */
function closerFact(
  facts: readonly Fact[],
  used: readonly Fact[],
  situation: Situation,
  question: Question,
  matched: MatchedTerms,
): Fact | null {
  const [best] = byWords(
    facts.filter((fact) => !used.includes(fact)),
    situation,
    matched,
    question.parts[0]?.kind ?? null,
  );
  if (!best) return null;
  const { words, weight } = matched(best);
  // One shared word is a coincidence ("deep" holes eaten in strawberries for "how deep").
  if (words.size < 2) return null;
  const strongest = Math.max(0, ...used.map((fact) => matched(fact).weight));
  return weight >= strongest + CLOSER_BY ? best : null;
}

export function sourcesOf(
  crop: Crop,
  plant: GardenPlant | null,
  used: readonly Fact[],
): MessageSource[] {
  const sources: MessageSource[] = plant ? [plantSource(plant)] : [];
  const seen = new Set<string>();
  for (const fact of used) {
    const ref = factRef(crop.slug, fact.aspect);
    if (seen.has(ref)) continue;
    seen.add(ref);
    const title = ASPECT_WORDS[fact.aspect];
    sources.push({
      title: `${crop.name} — ${title.charAt(0).toUpperCase()}${title.slice(1)}`,
      ref,
    });
  }
  return sources;
}

/** Where a fact is cited from: its care-sheet section, else the fact file's aspect. */
export function factRef(slug: string, aspect: Aspect): string {
  const section = SHEET_SECTION[aspect];
  return section ? `crops/${slug}#${section}` : `facts/${slug}#${aspect}`;
}

/** A sentence on this week's weather where it changes watering outdoors (heat or rain). */
function weatherModifier(context: GardenerContext): string | null {
  const week = context.weather?.days.slice(0, 7) ?? [];
  if (week.length === 0) return null;
  const hottest = Math.max(...week.map((day) => day.maxC));
  const rain = week.reduce((sum, day) => sum + day.precipitationMm, 0);
  const where = context.weather?.place ? ` for ${context.weather.place}` : "";
  if (hottest >= 30) {
    return `This week's forecast${where} reaches ${temperature(hottest, context)}: check the soil every day and water early in the morning.`;
  }
  if (rain >= 10) {
    return `About ${Math.round(rain)} mm of rain is forecast${where} this week: check the soil before you water and skip it while it is still moist.`;
  }
  return null;
}

/** Aspects whose facts describe what goes wrong. */
const TROUBLE: readonly Aspect[] = [
  "diseases",
  "pests",
  "water",
  "light",
  "feeding",
  "temperature",
  "soil",
];
/** An aspect outside the troubles and the asks ranks this far down (0.5 off a fact's score). */
const OTHER_ASPECT_RANK = 50;
/** How close (in words of average weight) a second fact's match must be to come too. */
const RUNNER_UP = 0.5;
/** A symptom fact must share this many of the question's words to be its answer. */
const MIN_SYMPTOM_WORDS = 2;

/**
 * "Black leathery bottoms on my tomatoes": the plant's own fact that describes the symptom best
 * (any role: "watch for" facts name most of them), with the aspect's main fact when it adds the
 * fix. Null when no fact shares enough of the question's words.
 */
export function symptomAnswer(
  crop: Crop,
  plant: GardenPlant | null,
  question: string,
  store: FactStore,
  termsOf: (text: string) => Set<string>,
  weightOf?: (term: string) => number,
  asked: readonly Aspect[] = [],
): Answer | null {
  const matched = matcherFor(
    { parts: [], conditions: {}, care: false, text: question, termsOf, weightOf },
    crop,
  );
  const candidates: { fact: Fact; score: number; words: ReadonlySet<string> }[] = [];
  const why = /\bwhy\b/i.test(question);
  // "Won't flower: how do I get it to rebloom?" asks for the fix, not the symptom's description.
  const howTo = /\bhow (do|can|should|would) (i|we|you)\b|\bhow to\b/i.test(question);
  // What can go wrong, and what the question asks about ("woody and leggy: can I cut it back?").
  const aspects = [...TROUBLE, ...asked.filter((aspect) => !TROUBLE.includes(aspect))];
  for (const fact of store.of(crop.slug)) {
    // Any fact may describe it ("can I split my old crown?" is propagation, not a disease), but
    // one about what goes wrong is the likelier answer.
    const rank = aspects.includes(fact.aspect) ? aspects.indexOf(fact.aspect) : OTHER_ASPECT_RANK;
    const { words, weight } = matched(fact);
    // "Watch for" facts describe symptoms: one shared symptom word is enough for them.
    const enough = words.size >= MIN_SYMPTOM_WORDS || (words.size >= 1 && fact.role === "watch");
    if (enough) {
      candidates.push({
        fact,
        words,
        score:
          weight +
          (howTo
            ? fact.role === "main" && fact.kind?.includes("how")
              ? 0.5
              : 0
            : fact.role === "watch"
              ? 0.5
              : 0) +
          (why && givesReason(fact.text) ? WHY_WEIGHT : 0) -
          rank * 0.01,
      });
    }
  }
  candidates.sort((a, b) => b.score - a.score);
  const best = candidates[0];
  if (!best) return null;
  const sentences = [best.fact.text];
  const used = [best.fact];
  // A second fact when it speaks to words of the question the first leaves out ("crispy" and
  // "dropping"), else the aspect's own advice on what to do.
  const second =
    candidates.find((c) => c !== best && [...c.words].some((word) => !best.words.has(word)))
      ?.fact ??
    // A runner-up as close as the watch-for bonus is another cause of the same symptom.
    candidates.find(
      (c) => c !== best && c.words.size >= MIN_SYMPTOM_WORDS && c.score >= best.score - RUNNER_UP,
    )?.fact ??
    (best.fact.role === "main"
      ? undefined
      : store
          .of(crop.slug)
          .find(
            (fact) =>
              fact.aspect === best.fact.aspect &&
              fact.role === "main" &&
              (fact.kind?.includes("how") ?? false),
          ));
  if (second && best.fact.text.length + second.text.length < 480) {
    sentences.push(second.text);
    used.push(second);
  }
  return { text: sentences.join(" "), sources: sourcesOf(crop, plant, used) };
}
