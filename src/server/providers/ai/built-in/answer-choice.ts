import type { Crop } from "../../../../core/schemas/crop";
import type { KnowledgeBase } from "../knowledge/knowledge-base";
import { NAME_WEIGHT } from "../knowledge/sentences";
import { namesCrop } from "./crop-mentions";
import type { Answer } from "./garden-answers";

/**
 * How much of what a question asks a reply holds: the weight (inverse frequency) of each of the
 * question's words (`askedTerms`) the reply uses.
 */
function coverage(knowledge: KnowledgeBase, asked: readonly string[], reply: string) {
  const said = knowledge.termsOf(reply);
  let total = 0;
  for (const term of asked) {
    if (said.has(term)) total += knowledge.weightOf(term);
  }
  return total;
}

/** The question's words, the plant's own names left out (every reply about it has them). */
function askedTerms(knowledge: KnowledgeBase, question: string, crop: Crop): string[] {
  const skip = knowledge.termsOf(
    [crop.name, ...crop.aliases, crop.slug.replace(/-/g, " ")].join(" "),
  );
  return [...knowledge.termsOf(question)].filter((term) => !skip.has(term));
}

/**
 * The question's rarest word when it names something ("paniculata" in "do I prune my hydrangea
 * paniculata?"), which an answer must hold to be about it.
 */
function namedThing(knowledge: KnowledgeBase, asked: readonly string[]): string | undefined {
  const [rarest] = [...asked].sort((a, b) => knowledge.weightOf(b) - knowledge.weightOf(a));
  return rarest && knowledge.weightOf(rarest) > NAME_WEIGHT ? rarest : undefined;
}

/**
 * How much more of the question a topic note's answer must hold to replace a plant's own: this
 * much more weight and this many times as much. A described symptom needs less: the note on the
 * problem it describes is the diagnosis, the plant's facts are often about something else.
 */
const MARGINS = { care: { more: 6, times: 1.5 }, symptom: { more: 3, times: 1.25 } };

/**
 * The plant's own answer, unless a topic note's answer names the plant (or, for a described
 * symptom, holds clearly more of it) and either holds clearly
 * more of the question ("how do I store apples?" when the apple's facts only say how to pick them,
 * and the note on storing the harvest says how to store apples) or holds the variety or pest the
 * question names when the plant's answer does not.
 */
export function betterAnswer<A extends Answer>(
  knowledge: KnowledgeBase,
  question: string,
  crop: Crop,
  own: A,
  topic: Answer | null,
  reading: keyof typeof MARGINS = "care",
): A | Answer {
  if (!topic) return own;
  // A note that never names the plant is general advice: the plant's own facts say it better,
  // unless they describe a symptom far worse than the note does (scale insects on "my ficus").
  const names = namesCrop(topic.text, crop);
  if (!names && reading !== "symptom") return own;
  const asked = askedTerms(knowledge, question, crop);
  const mine = coverage(knowledge, asked, own.text);
  const theirs = coverage(knowledge, asked, topic.text);
  // The plant's facts say nothing of the variety or pest the question names, the note does.
  const named = namedThing(knowledge, asked);
  if (
    named &&
    names &&
    theirs >= mine &&
    !knowledge.termsOf(own.text).has(named) &&
    knowledge.termsOf(topic.text).has(named)
  ) {
    return topic;
  }
  const { more, times } = MARGINS[names ? reading : "care"];
  return theirs >= mine + more && theirs >= times * mine ? topic : own;
}
