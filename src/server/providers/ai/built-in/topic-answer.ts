import { sentencesOf } from "../../../../core/assistant/compose";
import type { Aspect } from "../../../../core/assistant/facts";
import type { KnowledgeBase, Passage } from "../knowledge/knowledge-base";
import type { Answer } from "./garden-answers";
import { isRelevant, passageSource } from "./knowledge-answer";

/** A reply from a topic note stays within this many characters. */
const MAX_CHARS = 520;
const REMEDY =
  /\b(fix\w*|control\w*|treat\w*|get rid|manag\w*|what to do|protect\w*|cure\w*|stop\w*|save)\b/i;
const ASKS_REMEDY =
  /\b(fix|get rid|treat|cure|stop|control|kill|save|what (do|should|can) i do|how (do|can|should) i (deal|handle))\b/i;

/** The notes on each aspect: a question about it ranks them higher than a chance match. */
const NOTES_ON: Partial<Record<Aspect, string[]>> = {
  water: ["watering", "watering-containers-vs-beds", "overwatering", "underwatering", "drainage"],
  light: ["indoor-lighting", "houseplant-care"],
  "grow-light": ["indoor-lighting"],
  soil: ["soil-ph", "drainage", "raised-beds", "composting", "mulching"],
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
  containers: ["containers", "repotting", "watering-containers-vs-beds"],
  pruning: ["pruning"],
  propagation: ["propagation-cuttings"],
  companions: ["companion-planting"],
  harvest: ["harvesting"],
  overwintering: ["overwintering", "frost-protection"],
  temperature: ["frost-protection", "heat-protection", "overwintering"],
  hydroponics: ["hydroponic-nutrients", "hydroponic-systems", "coco-coir"],
  toxicity: ["pet-toxicity"],
};

/** A section's sentences, bullet lines counted as sentences of their own. */
function sentencesIn(text: string): string[] {
  return text
    .split("\n")
    .map((line) => line.replace(/^\s*[-*]\s+/, "").trim())
    .filter(Boolean)
    .flatMap((line) => sentencesOf(/[.!?:]$/.test(line) ? line : `${line}.`));
}

/**
 * The sentences of a passage that answer the question best: its first (which names the subject,
 * as the knowledge base's README asks), then the ones sharing most of the question's words, in
 * the order written, within `room` characters.
 */
function bestSentences(
  knowledge: KnowledgeBase,
  passage: Passage,
  question: string,
  room: number,
): string[] {
  const asked = knowledge.termsOf(question);
  const sentences = sentencesIn(passage.text);
  const scored = sentences.map((sentence, index) => {
    const terms = knowledge.termsOf(sentence);
    const overlap = [...asked].filter((term) => terms.has(term)).length;
    return { sentence, index, score: overlap + (index === 0 ? 1.5 : 0) - index * 0.05 };
  });
  const chosen: typeof scored = [];
  let used = 0;
  for (const candidate of [...scored].sort((a, b) => b.score - a.score)) {
    if (chosen.length === 3 || used + candidate.sentence.length > room) continue;
    chosen.push(candidate);
    used += candidate.sentence.length + 1;
  }
  return chosen.sort((a, b) => a.index - b.index).map((c) => c.sentence);
}

/**
 * An answer from the topic notes (pests, diseases, symptoms, methods): the best section's
 * sentences that answer the question; for "how do I fix it", and for a described symptom, the
 * note's remedy too when the best section is not already it. Null when no note is relevant.
 */
/**
 * Of the best-ranked passages, the one with the sentence sharing most of the question's words
 * ("green slime in my reservoir" is answered by the sentence on algae, wherever it is), the
 * higher-ranked one on a tie.
 */
function closest(knowledge: KnowledgeBase, passages: readonly Passage[], question: string) {
  const asked = knowledge.termsOf(question);
  let best: { passage: Passage; overlap: number } | undefined;
  for (const passage of passages) {
    const overlap = Math.max(
      0,
      ...sentencesIn(passage.text).map((sentence) => {
        const terms = knowledge.termsOf(sentence);
        return [...asked].filter((term) => terms.has(term)).length;
      }),
    );
    if (!best || overlap > best.overlap) best = { passage, overlap };
  }
  return best?.passage;
}

export function topicAnswer(
  knowledge: KnowledgeBase,
  question: string,
  options: { lead?: string; diagnose?: boolean; aspects?: readonly Aspect[]; topic?: string } = {},
): Answer | null {
  const preferTopics = new Set((options.aspects ?? []).flatMap((aspect) => NOTES_ON[aspect] ?? []));
  const found = knowledge
    .search(question, { kind: "topic", limit: 5, preferTopics })
    .filter((passage) => !options.topic || passage.slug === options.topic)
    .filter(isRelevant);
  // A problem named by its own name ("greenfly") is answered from its note even when the rest of
  // the question shares few of the note's words.
  const named = options.topic ? knowledge.entry("topic", options.topic)?.sections[0] : undefined;
  const best =
    closest(knowledge, found.slice(0, 3), question) ??
    (named && options.topic ? knowledge.section("topic", options.topic, named.heading) : undefined);
  if (!best) return null;
  const wantsRemedy = options.diagnose || ASKS_REMEDY.test(question);
  const sources = [passageSource(best)];
  let sentences = bestSentences(knowledge, best, question, MAX_CHARS);
  if (wantsRemedy && !REMEDY.test(best.heading)) {
    const entry = knowledge.entry("topic", best.slug);
    const heading = entry?.sections.find((section) => REMEDY.test(section.heading))?.heading;
    const remedy = heading ? knowledge.section("topic", best.slug, heading) : undefined;
    if (remedy) {
      // What it is in one or two sentences, then what to do.
      sentences = sentences.slice(0, options.diagnose ? 1 : 2);
      const room = MAX_CHARS - sentences.join(" ").length;
      sentences.push(
        ...bestSentences(knowledge, remedy, question, Math.max(room, 200)).slice(0, 2),
      );
      sources.push(passageSource(remedy));
    }
  }
  const text = sentences.join(" ");
  return { text: options.lead ? `${options.lead} ${text}` : text, sources };
}
