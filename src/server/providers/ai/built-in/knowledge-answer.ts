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
const MIN_COVERAGE = 0.5;
/** Long questions may match on fewer of their words, but on three at least. */
const MIN_LONG_COVERAGE = 0.34;

export const isRelevant = (passage: Passage) =>
  passage.coverage >= MIN_COVERAGE ||
  (passage.coverage >= MIN_LONG_COVERAGE && passage.matched >= 3);

const REMEDY =
  /\b(fix\w*|control\w*|treat\w*|get rid|manag\w*|what to do|protect\w*|cure\w*|stop\w*)\b/i;

function remedyOf(knowledge: KnowledgeBase, passage: Passage): Passage | undefined {
  const entry = knowledge.entry(passage.kind, passage.slug);
  const heading = entry?.sections.find((section) => REMEDY.test(section.heading))?.heading;
  return heading ? knowledge.section(passage.kind, passage.slug, heading) : undefined;
}

export const passageSource = (passage: Passage): MessageSource => ({
  title: `${passage.title} — ${passage.heading}`,
  ref: passage.ref,
});

const MEDIUM_WORDS: Record<string, string> = {
  soil: "in soil",
  cocopeat: "in cocopeat",
  hydroponics: "hydroponically",
};
const PLACE_WORDS: Record<string, string> = { indoor: "indoors", outdoor: "outdoors" };

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
  const medium = plant.medium ? (MEDIUM_WORDS[plant.medium] ?? `in ${plant.medium}`) : null;
  const place = plant.place ? (PLACE_WORDS[plant.place] ?? plant.place) : null;
  if (medium || place) parts.push(`, growing ${[medium, place].filter(Boolean).join(" ")}`);
  const next = [...context.overdue, ...context.dueToday, ...context.upcoming].find(
    (task) => task.plantId === plant.id,
  );
  const overdue = next?.dueDate && next.dueDate < context.today;
  const nextLine = !next
    ? ""
    : overdue
      ? ` Its next task, **${next.title}**, is overdue (due ${dayName(next.dueDate as string)}).`
      : ` Its next task is **${next.title}**${next.dueDate ? ` (${dayName(next.dueDate)})` : ""}.`;
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
  focus: { plant: GardenPlant | null; cropSlug: string | null; outdoors: boolean },
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
  const cropSections: Passage[] = [];
  if (cropSlug) {
    for (const aspect of aspects.slice(0, 2)) {
      const section = knowledge.section("crop", cropSlug, aspect);
      if (section) cropSections.push(section);
    }
    if (aspects.length === 0) {
      // "Tell me about kale": the crop's best-matching sections.
      const own = knowledge.search(message, { cropSlug, kind: "crop", limit: 4 });
      cropSections.push(...own.filter((p) => p.slug === cropSlug && isRelevant(p)).slice(0, 2));
    }
  }
  // Topic notes are ranked on their own, so a crop's boosted sheet does not crowd them out; a
  // specific note (whitefly, blossom end rot) says more than a sheet's list of problems.
  const found = knowledge.search(message, { kind: "topic", limit: 6 }).filter(isRelevant);
  const best = found[0];
  // When the crop's own sections already hold every word of the question ("how often should I
  // water a snake plant?"), a general note (watering a vegetable bed) only dilutes the answer.
  const asked = knowledge.termsOf(message);
  const known = knowledge.termsOf(
    cropSections.map((p) => `${p.title} ${p.heading} ${p.text}`).join(" "),
  );
  const open = [...asked].filter((term) => !known.has(term));
  const addsSomething = (p: Passage) => {
    if (aspects.length === 0 || cropSections.length === 0) return true;
    // A named pest or disease has its own note, with more than the sheet's one line.
    if (aspects.includes("Common problems")) return true;
    const terms = knowledge.termsOf(`${p.title} ${p.heading} ${p.text}`);
    return open.some((term) => terms.has(term));
  };
  const topics = found
    .filter((p) => best && p.score >= best.score * 0.5 && addsSomething(p))
    .slice(0, cropSlug ? 2 : MAX_PASSAGES);
  // Recognising a pest or disease is half an answer: the note's remedy goes with it.
  const lead = topics[0];
  const remedy = lead && !REMEDY.test(lead.heading) ? remedyOf(knowledge, lead) : undefined;
  if (remedy && !topics.some((p) => p.ref === remedy.ref)) topics.splice(1, 1, remedy);
  // A note on the very pest or disease asked about reads better before the sheet's list.
  if (!aspects.includes("Common problems") || topics.length === 0) add(cropSections[0]);
  for (const passage of topics) add(passage);
  add(cropSections[0]);
  for (const passage of cropSections.slice(1)) add(passage);
  if (!cropSlug && passages.length === 0) {
    // No topic fits: a crop sheet might ("which plants like acid soil?").
    const sheets = knowledge.search(message, { kind: "crop", limit: 2 });
    for (const passage of sheets.filter((p) => p.coverage >= MIN_COVERAGE)) add(passage);
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
    blocks.push(`**${passage.title} — ${passage.heading}**\n\n${passage.text}`);
  const note = focus.outdoors ? weatherNote(aspects, context) : null;
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
