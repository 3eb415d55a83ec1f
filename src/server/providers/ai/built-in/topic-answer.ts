import type { Aspect, QuestionKind } from "../../../../core/assistant/facts";
import type { KnowledgeBase } from "../knowledge/knowledge-base";
import type { NoteSentence } from "../knowledge/sentences";
import type { Answer } from "./garden-answers";
import { isRelevant, passageSource } from "./knowledge-answer";

/** A reply from a topic note stays within this many characters. */
const MAX_CHARS = 520;
/** And within this many sentences: the rule, its exceptions and an example fit; a section does not. */
const MAX_SENTENCES = 4;
const REMEDY =
  /\b(fix\w*|control\w*|treat\w*|get rid|manag\w*|what to do|protect\w*|cure\w*|stop\w*|save)\b/i;
const ASKS_REMEDY =
  /\b(fix|get rid|treat|cure|stop|control|kill|save|what (do|should|can) i do|how (do|can|should) i (deal|handle))\b/i;

/** Topic notes about a problem: named in a question, they answer it before a crop's sheet. */
export const PROBLEM_TOPICS = new Set([
  "aphids",
  "blossom-end-rot",
  "bolting",
  "calcium-magnesium-iron-deficiency",
  "caterpillars",
  "damping-off",
  "downy-mildew",
  "early-blight",
  "fungus-gnats",
  "germination-problems",
  "late-blight",
  "leaf-spot",
  "leggy-seedlings",
  "mealybugs-and-scale",
  "nutrient-deficiencies",
  "overwatering",
  "powdery-mildew",
  "root-rot",
  "slugs-and-snails",
  "spider-mites",
  "sunscald",
  "thrips",
  "underwatering",
  "whitefly",
  "yellow-leaves",
  "vine-weevil",
  "rust",
  "mosaic-virus",
  "sooty-mould",
  "rose-problems",
  "tomato-fruit-problems",
  "herbicide-damage",
  "hydroponic-problems",
  "fruit-tree-pests",
  "fruit-tree-diseases",
  "brassica-pests",
  "clubroot",
  "allium-problems",
  "lawn-problems",
  "honey-fungus",
  "hydroponic-seedling-problems",
]);
export interface TopicOptions {
  lead?: string;
  diagnose?: boolean;
  aspects?: readonly Aspect[];
  topic?: string;
  /** The kind of question ("how much?", "why?"): sentences that answer that kind rank higher. */
  kind?: QuestionKind | null;
  /** What the chat's earlier replies said: a follow-up is not answered with it again. */
  said?: readonly string[];
  /** The message is only its kind ("how much?", "why?"): the kind is all it asks. */
  kindOnly?: boolean;
}

/**
 * What a sentence answering each kind of question holds: an amount, a frequency, a moment, a
 * reason. A follow-up such as "how much?" or "why?" has no other words to go on.
 */
const KIND_CUES: Partial<Record<QuestionKind, RegExp>> = {
  "how-much":
    /\d\s?(cm|mm|m|l|litres?|liters?|ml|g|kg|%|percent|in|inches|gal|hours?|weeks?|days?)\b|\b(a|per) (week|plant)\b/i,
  "how-often": /\b(every|once|twice|daily|weekly|a week|a day|times a)\b/i,
  when: /\b(before|after|spring|summer|autumn|fall|winter|morning|evening|once|until|weeks?|days?|months?)\b/i,
  why: /\b(because|so that|so (the|it|they|roots|water)|which (means|reduces|lets|keeps|stops)|reduces?|prevents?|lets|otherwise|since|comes? from|caused by|due to|result of)\b/i,
};

/** What the chat has said, which a follow-up should not say again (see `repeats`). */
const saidBefore = (options: TopicOptions) => (options.said ?? []).join(" ");

/**
 * Whether a sentence the chat has said would be said again. A "why?" may repeat a reason: it is
 * often in the answer before it, and saying it again on its own is the answer.
 */
const repeats = (sentence: NoteSentence, said: string, options: TopicOptions) =>
  said.includes(sentence.text) && !(options.kind === "why" && KIND_CUES.why?.test(sentence.text));

/** A question about what a problem is, not what to do about it. */
const DEFINITION =
  /\b(what('s| is| are)(?! (wrong|happening|eating|causing|killing|going on|this))|difference|define|meaning)\b/i;

/** The notes on each aspect: a question about it ranks them higher than a chance match. */
const NOTES_ON: Partial<Record<Aspect, string[]>> = {
  water: ["watering", "watering-containers-vs-beds", "overwatering", "underwatering", "drainage"],
  light: ["indoor-lighting", "houseplant-care"],
  "grow-light": ["indoor-lighting"],
  soil: ["soil-ph", "drainage", "clay-soil", "raised-beds", "composting", "mulching"],
  feeding: [
    "fertilizers",
    "nutrient-deficiencies",
    "calcium-magnesium-iron-deficiency",
    "composting",
  ],
  sowing: [
    "seed-starting",
    "germination-problems",
    "succession-sowing",
    "leggy-seedlings",
    "damping-off",
  ],
  "planting-out": ["hardening-off", "transplanting"],
  containers: ["containers", "repotting", "watering-containers-vs-beds", "houseplant-questions"],
  pruning: ["pruning", "pruning-shrubs", "pruning-roses", "clematis", "climbers", "hedges"],
  propagation: ["propagation-cuttings", "perennials"],
  companions: ["companion-planting"],
  harvest: ["harvesting", "storing-the-harvest"],
  overwintering: ["overwintering", "frost-protection"],
  temperature: ["frost-protection", "heat-protection", "overwintering"],
  hydroponics: [
    "hydroponic-nutrients",
    "hydroponic-systems",
    "hydroponic-setup",
    "hydroponic-problems",
    "coco-coir",
  ],
  toxicity: ["pet-toxicity"],
};

/** Words that ask what is wanted: the word after one ("how thick", "what temperature"). */
const ASKING =
  /\b(?:how|what|which|when)(?:'s)?\s+(?:(?:is|are|do|does|should|can|the|a|to|i|my)\s+)*([a-z]+)/gi;
/** What a sentence of the kind asked is worth: about one telling word. */
const KIND_WEIGHT = 4;
/** Words of most questions that say little about which sentence answers them. */
const VAGUE = new Set(["best", "way", "good", "right", "thing", "ok", "okay", "really"]);

/**
 * How much a sentence answers the question: the weight (inverse frequency) of each of the
 * question's words in the sentence or its heading (a heading says what its section answers); the
 * word a question asks by ("how thick") counts double. The note's title and keywords add a third of
 * their weight to each of its sentences alike: they choose the note, not the sentence in it.
 */
function scorer(knowledge: KnowledgeBase, question: string, options: TopicOptions = {}) {
  const cue = options.kind ? KIND_CUES[options.kind] : undefined;
  const said = saidBefore(options);
  const asking = new Set(
    [...question.matchAll(ASKING)].flatMap((match) => [...knowledge.termsOf(match[1] ?? "")]),
  );
  const asked = [...knowledge.termsOf(question)]
    .filter((term) => !VAGUE.has(term))
    .map((term) => ({
      term,
      weight: knowledge.weightOf(term) * (asking.has(term) ? 2 : 1),
    }));
  return (sentence: NoteSentence) => {
    // Said already in this chat: the follow-up wants something new.
    if (repeats(sentence, said, options)) return 0;
    let score = cue?.test(sentence.text) ? KIND_WEIGHT * (options.kindOnly ? 2 : 1) : 0;
    for (const { term, weight } of asked) {
      if (sentence.terms.has(term) || sentence.headingTerms.has(term)) score += weight;
      if (sentence.entryTerms.has(term)) score += 0.3 * weight;
    }
    return score;
  };
}

/**
 * The sentences of a section that answer the question best: its first (which names the subject,
 * as the knowledge base's README asks), then the ones sharing most of the question's words, in
 * the order written, within `room` characters.
 */
function bestSentences(
  knowledge: KnowledgeBase,
  sentences: readonly NoteSentence[],
  question: string,
  room: number,
  options: TopicOptions = {},
): string[] {
  const asked = knowledge.termsOf(question);
  const said = saidBefore(options);
  const cue = options.kind ? KIND_CUES[options.kind] : undefined;
  const fresh = sentences.filter((sentence) => !repeats(sentence, said, options));
  // "Why?" is answered with reasons only, when the section gives any.
  const reasons =
    options.kind === "why" ? fresh.filter((sentence) => KIND_CUES.why?.test(sentence.text)) : [];
  const scored = (reasons.length ? reasons : fresh).map((sentence) => {
    const overlap = [...asked].filter((term) => sentence.terms.has(term)).length;
    const first = sentence.position === 0 ? 1.5 : 0;
    const kind = cue?.test(sentence.text) ? 1 : 0;
    return { sentence, score: overlap + first + kind - sentence.position * 0.05 };
  });
  const chosen: typeof scored = [];
  let used = 0;
  for (const candidate of [...scored].sort((a, b) => b.score - a.score)) {
    if (chosen.length === MAX_SENTENCES || used + candidate.sentence.text.length > room) continue;
    chosen.push(candidate);
    used += candidate.sentence.text.length + 1;
  }
  return chosen
    .sort((a, b) => a.sentence.position - b.sentence.position)
    .map((c) => c.sentence.text);
}

/**
 * An answer from the topic notes (pests, diseases, symptoms, methods): of the notes relevant to
 * the question, the section holding the sentence that answers it best ("how thick should I mulch"
 * is answered by the sentence on depth, under "How thick to mulch"), and its sentences that answer
 * the question; for "how do I fix it", and for a described symptom, the note's remedy too when the
 * best section is not already it. Null when no note is relevant.
 */
export function topicAnswer(
  knowledge: KnowledgeBase,
  question: string,
  options: TopicOptions = {},
): Answer | null {
  const preferTopics = new Set((options.aspects ?? []).flatMap((aspect) => NOTES_ON[aspect] ?? []));
  const found = knowledge
    .search(question, { kind: "topic", limit: 6, preferTopics })
    .filter((passage) => !options.topic || passage.slug === options.topic)
    // The note on what is asked ("prune" → pruning) may answer a plant it does not name
    // ("an old blackcurrant bush") on two of the question's words.
    .filter(
      (passage) => isRelevant(passage) || (preferTopics.has(passage.slug) && passage.matched >= 2),
    );
  // A problem named by its own name ("greenfly") is answered from its note even when the rest of
  // the question shares few of the note's words.
  const notes = [
    ...new Set([
      ...found.map((passage) => passage.slug),
      ...(options.topic ? [options.topic] : []),
    ]),
  ];
  const score = scorer(knowledge, question, options);
  let best: { sentence: NoteSentence; score: number } | undefined;
  // The search ranks whole sections (title, keywords, heading, text): its order counts too.
  const sectionRank = new Map(
    found.map((passage, rank) => [`${passage.slug}#${passage.heading}`, rank]),
  );
  for (const [rank, slug] of notes.slice(0, 4).entries()) {
    const noteBonus = (preferTopics.has(slug) ? 0.5 : 0) - rank * 0.3;
    for (const sentence of knowledge.sentencesOf("topic", slug)) {
      const searchRank = sectionRank.get(`${slug}#${sentence.heading}`);
      const sectionBonus = searchRank === undefined ? 0 : Math.max(0, 4 - searchRank * 0.8);
      const value = score(sentence) + noteBonus + sectionBonus;
      if (!best || value > best.score) best = { sentence, score: value };
    }
  }
  if (!best) return null;
  const section = best.sentence;
  const passage = knowledge.section("topic", section.slug, section.heading);
  if (!passage) return null;
  const inSection = (heading: string) =>
    knowledge.sentencesOf("topic", section.slug).filter((s) => s.heading === heading);
  // A problem described ("seedlings keel over at soil level") is answered with its cure too;
  // "what is damping off?" only with what it is.
  const wantsRemedy =
    options.diagnose ||
    ASKS_REMEDY.test(question) ||
    (PROBLEM_TOPICS.has(section.slug) && !DEFINITION.test(question));
  const sources = [passageSource(passage)];
  let sentences = bestSentences(
    knowledge,
    inSection(section.heading),
    question,
    MAX_CHARS,
    options,
  );
  if (wantsRemedy && !REMEDY.test(section.heading)) {
    const entry = knowledge.entry("topic", section.slug);
    const heading = entry?.sections.find((s) => REMEDY.test(s.heading))?.heading;
    const remedy = heading ? knowledge.section("topic", section.slug, heading) : undefined;
    if (heading && remedy) {
      // What it is in one or two sentences, then what to do.
      sentences = sentences.slice(0, options.diagnose ? 1 : 2);
      const room = MAX_CHARS - sentences.join(" ").length;
      sentences.push(
        ...bestSentences(
          knowledge,
          inSection(heading),
          question,
          Math.max(room, 200),
          options,
        ).slice(0, 2),
      );
      sources.push(passageSource(remedy));
    }
  }
  const text = sentences.join(" ");
  return { text: options.lead ? `${options.lead} ${text}` : text, sources };
}
