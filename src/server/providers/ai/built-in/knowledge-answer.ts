import { type CareAspect, careAspects } from "../../../../core/assistant/intents";
import type { MessageSource } from "../../../../core/schemas/chat";
import type { GardenerContext, GardenPlant } from "../assistant";
import type { KnowledgeBase, Passage } from "../knowledge/knowledge-base";
import { type Answer, plantSource } from "./garden-answers";
import { dayName, plantPhrase, temperature } from "./wording";

/** At most this many passages in one reply: enough to answer, short enough to read on a phone. */
const MAX_PASSAGES = 3;
/**
 * A passage is relevant when it holds at least this share of the question's words. Below it the
 * match is a coincidence of one common word ("plant", "grow"), and the honest answer is "I don't
 * know".
 */
export const MIN_COVERAGE = 0.5;

export const passageSource = (passage: Passage): MessageSource => ({
  title: `${passage.title} — ${passage.heading}`,
  ref: passage.ref,
});

/** What the reply says about the gardener's own plant before the facts. */
function plantLead(plant: GardenPlant, context: GardenerContext): string {
  const parts = [`About ${plantPhrase(plant)}`];
  if (plant.stage) {
    parts.push(
      ` — it is in its **${plant.stage.toLowerCase()}** stage${plant.stageDay ? ` (day ${plant.stageDay})` : ""}`,
    );
  } else if (plant.plantingDate) {
    parts.push(` — its plan starts on ${dayName(plant.plantingDate)}`);
  }
  if (plant.medium)
    parts.push(`, growing in ${plant.medium}${plant.place ? ` ${plant.place}` : ""}`);
  const next = [...context.overdue, ...context.dueToday, ...context.upcoming].find(
    (task) => task.plantId === plant.id,
  );
  const nextLine = next
    ? ` Its next task is **${next.title}**${next.dueDate ? ` (${dayName(next.dueDate)})` : ""}.`
    : "";
  return `${parts.join("")}.${nextLine}`;
}

/** A line on this week's weather where it changes the advice (watering in heat or rain). */
function weatherNote(aspects: CareAspect[], context: GardenerContext): string | null {
  const weather = context.weather;
  if (!weather || weather.days.length === 0 || !aspects.includes("Water")) return null;
  const week = weather.days.slice(0, 7);
  const hottest = Math.max(...week.map((day) => day.maxC));
  const rain = week.reduce((sum, day) => sum + day.precipitationMm, 0);
  const where = weather.place ? ` for ${weather.place}` : "";
  if (hottest >= 30) {
    return `This week's forecast${where} reaches ${temperature(hottest, context)}: check the soil every day and water in the early morning, since pots and young plants can dry out within a day in that heat.`;
  }
  if (rain >= 10) {
    return `About ${Math.round(rain)} mm of rain is forecast${where} this week: check the soil before you water and skip it while the top few centimetres are still moist.`;
  }
  return null;
}

const MEDIUM_TOPICS: Record<string, string> = {
  hydroponic: "hydroponics nutrient solution EC pH",
  hydroponics: "hydroponics nutrient solution EC pH",
  cocopeat: "cocopeat coco coir watering cal-mag",
};

/**
 * Composes an answer from the knowledge base: the care-sheet sections the question asks about
 * for the crop in focus, then the best topic notes. Null when nothing relevant is known.
 */
export function knowledgeAnswer(
  message: string,
  context: GardenerContext,
  focus: { plant: GardenPlant | null; cropSlug: string | null },
  knowledge: KnowledgeBase,
): Answer | null {
  const aspects = careAspects(message);
  const passages: Passage[] = [];
  const add = (passage: Passage | undefined) => {
    if (passage && passages.length < MAX_PASSAGES && !passages.some((p) => p.ref === passage.ref)) {
      passages.push(passage);
    }
  };
  const { cropSlug, plant } = focus;
  if (cropSlug) {
    for (const aspect of aspects.slice(0, 2)) add(knowledge.section("crop", cropSlug, aspect));
  }
  const found = knowledge.search(message, { cropSlug, limit: 8 });
  const relevant = found.filter((passage) => passage.coverage >= MIN_COVERAGE);
  if (cropSlug && aspects.length === 0) {
    // "Tell me about kale": the crop's best-matching sections.
    for (const passage of relevant
      .filter((p) => p.kind === "crop" && p.slug === cropSlug)
      .slice(0, 2))
      add(passage);
  }
  const top = relevant[0];
  for (const passage of relevant) {
    if (!top || passage.score < top.score * 0.5) break;
    // With a crop in focus, another crop's sheet is rarely what was asked; when the question named
    // the sections it wants, only topic notes may add to them.
    if (cropSlug && passage.kind === "crop" && (passage.slug !== cropSlug || aspects.length > 0))
      continue;
    add(passage);
  }
  const medium = plant?.medium?.toLowerCase();
  if (
    plant &&
    medium &&
    MEDIUM_TOPICS[medium] &&
    (aspects.includes("Water") || aspects.includes("Feeding"))
  ) {
    add(knowledge.search(MEDIUM_TOPICS[medium], { kind: "topic", limit: 1 })[0]);
  }
  if (passages.length === 0) return null;

  const blocks: string[] = [];
  if (plant) blocks.push(plantLead(plant, context));
  for (const passage of passages)
    blocks.push(`**${passage.title} — ${passage.heading}**\n${passage.text}`);
  const note = weatherNote(aspects, context);
  if (note) blocks.push(note);
  const sources = passages.map(passageSource);
  if (plant) sources.unshift(plantSource(plant));
  return { text: blocks.join("\n\n"), sources };
}

export function dontKnowAnswer(): Answer {
  return {
    text:
      "I don't know the answer to that, and I'd rather not guess. My notes cover the care of every " +
      "crop in the catalogue (sun, water, spacing, soil and pH, feeding, problems, harvest) and " +
      "topics such as watering, pests, diseases, soil, hydroponics, seed starting and frost. " +
      "Try naming the plant or the symptom, or ask about your tasks, zone or weather.",
    sources: [],
  };
}
