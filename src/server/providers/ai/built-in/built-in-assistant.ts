import { type DialogueState, resolveConversation } from "../../../../core/assistant/conversation";
import { deadlyPlantIn } from "../../../../core/assistant/deadly-plants";
import type { Aspect } from "../../../../core/assistant/facts";
import { detectIntent } from "../../../../core/assistant/intents";
import { languageNotice, readLanguage } from "../../../../core/assistant/language";
import { withLocalSeasons } from "../../../../core/assistant/local-seasons";
import { asksForReminder, parseReminder } from "../../../../core/assistant/reminder";
import { poisonLine, type SafetyRead, safetyReply } from "../../../../core/assistant/safety";
import { understand } from "../../../../core/assistant/understand";
import type { Heads } from "../../../../core/assistant/understanding/heads";
import { generatePlan, repeatPhrase } from "../../../../core/garden";
import { type CropMatcher, createCropMatcher } from "../../../../core/identification/match-crop";
import type { MessageAction } from "../../../../core/schemas/chat";
import type { Crop } from "../../../../core/schemas/crop";
import { localizeUnits } from "../../../../core/units-text";
import { hemisphereOf } from "../../../../core/weather/season";
import type { Catalogue } from "../../../features/catalogue/catalogue-read-model";
import type {
  Assistant,
  AssistantReply,
  AssistantText,
  ChatInput,
  GardenerContext,
  IssueAnalysis,
} from "../assistant";
import { withConcepts } from "../knowledge/concepts";
import type { FactStore } from "../knowledge/fact-store";
import type { KnowledgeBase } from "../knowledge/knowledge-base";
import { betterAnswer } from "./answer-choice";
import { CropMentions } from "./crop-mentions";
import { factAnswer, symptomAnswer } from "./fact-answer";
import {
  type Answer,
  myPlantsAnswer,
  plantSource,
  temperatureCheckAnswer,
  weatherAnswer,
} from "./garden-answers";
import { builtInGrowGuide } from "./grow-guide";
import { summariseIdentification } from "./identification-summary";
import { analyzeFromKnowledge } from "./issue-analysis";
import { dontKnowAnswer } from "./knowledge-answer";
import {
  overdueAnswer,
  plantNowAnswer,
  readyAnswer,
  statusAnswer,
  todayAnswer,
  weekTasksAnswer,
  zoneAnswer,
} from "./own-garden";
import { streamPieces } from "./stream-pieces";
import { PROBLEM_TOPICS, topicAnswer } from "./topic-answer";
import { cropOfPlant, focusOf, safetyOfTurn, vocabularyFor } from "./turn-brief";
import { understandingHeads } from "./understanding/model-file";
import { dayName, plantPhrase } from "./wording";

const GREETING =
  /^\s*(hi|hello|hey|good (morning|afternoon|evening)|thanks|thank you|cheers)\b[\s!.,]*(there|tendril)?[\s!.]*$/i;
/** Words that make a message about gardening at all, when no plant or aspect was recognised. */
const GARDEN_WORDS =
  /\b(plant\w*|garden\w*|grow\w*|seed\w*|soil|leaf|leaves|flower\w*|crop\w*|veg\w*|fruit\w*|tree\w*|lawn|compost\w*|weed\w*|bloom\w*|root\w*|pot\w*|mulch\w*|pest\w*|bug\w*|herb\w*|prun\w*|bush\w*|shrub\w*|hedge\w*|bulbs?|corms?|tubers?|cuttings?|repot\w*|harvest\w*|ripen\w*|sow\w*|stems?|shoots?|buds?|petals?|branch\w*|vines?|climbers?|perennials?|annuals?|greenhouse|allotment|caterpillars?|aphids?|slugs?|snails?|grubs?|mildew|blight|rot|aphid|fertili[sz]\w*|feed\w*|water\w*|berr(y|ies)|cut (it|them|back|down)|bonsai|houseplants?|succulents?|cact(us|i)|orchids?|ferns?|moss|hydroponic\w*|germinat\w*|nutrients?)\b/i;
/** Asks that are not about what is wrong with a plant. */
const NOT_DIAGNOSIS = new Set<Aspect>([
  "sowing",
  "spacing",
  "planting-out",
  "harvest",
  "companions",
  "propagation",
  "toxicity",
  // The solution's own facts say what its numbers do to the plant.
  "hydroponics",
]);
const SCOPE_REPLY =
  "I can only help with gardening: your plants and their care, pests and problems, what to sow and when, and your garden's tasks, zone and weather.";

/**
 * A toxicity read's answer always carries the poison line, whichever path answered it (a
 * symptom's note, a topic): first when something was already eaten.
 */
function withPoisonLine<T extends Answer>(
  answer: T | null,
  safety: SafetyRead | null,
  context: GardenerContext,
): T | null {
  if (!answer || safety?.class !== "toxicity") return answer;
  const line = poisonLine(safety.who ?? "pet", context.place?.countryCode);
  if (answer.text.includes(line)) return answer;
  return { ...answer, text: withLine(answer.text, line, safety.urgent) };
}

/** The poison line before the answer when something was already eaten, else after it. */
function withLine(body: string, line: string, urgent: boolean | undefined): string {
  if (!line) return body;
  return urgent ? `${line}\n\n${body}` : `${body}\n\n${line}`;
}

/** Instead of repeating the last reply word for word. */
const REPEAT_REPLY =
  "That is all my notes say on it. Tell me more and I can look again: which plant, what you see " +
  "(which leaves, what colour, any spots, webbing or insects) and what changed recently.";

/**
 * The default engine: no network, no key. Understands each message (plants, asks, situation),
 * carries the chat's plants and asks into follow-ups, answers safety questions first, answers
 * from the gardener's own rows (tasks, plants, zone, forecast) and from short tagged facts about
 * each plant and the topic notes, and says so when it does not know. Plans are the rule-based
 * generator's.
 */
export class BuiltInAssistant implements Assistant {
  readonly engine = "built-in" as const;
  readonly name = "built-in";
  private readonly mentions: CropMentions;
  private readonly species: CropMatcher<Crop>;
  private readonly topicNames: { slug: string; pattern: RegExp }[];

  constructor(
    private readonly knowledge: KnowledgeBase,
    private readonly catalogue: Catalogue,
    private readonly facts: FactStore,
    private readonly heads: Heads = understandingHeads(),
  ) {
    this.mentions = new CropMentions(catalogue.crops, knowledge);
    this.species = createCropMatcher(catalogue.crops);
    this.topicNames = knowledge.entries
      .filter((entry) => entry.kind === "topic")
      .map((entry) => ({
        slug: entry.slug,
        pattern: new RegExp(
          // A keyword naming a plant ("cyclamen" on the vine weevil note, a plant it attacks) is
          // no name of the problem.
          `\\b(${[entry.title, ...entry.keywords.filter((k) => !this.mentions.cropsIn(k).length)]
            .map((name) => name.toLowerCase().replace(/[.*+?^${}()|[\]\\]/g, "\\$&"))
            .join("|")})\\b`,
        ),
      }));
  }

  async createPlan(input: Parameters<Assistant["createPlan"]>[0]) {
    const plan = generatePlan(input);
    return { plan, raw: JSON.stringify(plan) };
  }

  async chat(input: ChatInput): Promise<AssistantReply> {
    const { text, sources, actions, safety } = await this.answer(input);
    const place = input.context.place;
    const localized = withLocalSeasons(
      localizeUnits(text, input.context.units),
      place ? hemisphereOf(place.latitude) : null,
    );
    // The same reply twice in a row helps nobody: the gardener said something new. A safety
    // reply is said again as often as it is needed.
    const last = input.history.findLast((turn) => turn.role === "assistant")?.content.trim();
    const reply = !safety && last === localized.trim() ? REPEAT_REPLY : localized;
    if (input.onDelta) for (const piece of streamPieces(reply)) input.onDelta(piece);
    return { text: reply, sources, actions, engine: this.engine };
  }

  /** The topic note a question names ("aphids", "blossom end rot"), if it names a problem. */
  private problemNamed(text: string): string | null {
    const lower = text.toLowerCase();
    return (
      this.topicNames.find((topic) => PROBLEM_TOPICS.has(topic.slug) && topic.pattern.test(lower))
        ?.slug ?? null
    );
  }

  private async answer(
    input: ChatInput,
  ): Promise<Answer & { actions: MessageAction[]; safety?: boolean }> {
    const { message, context } = input;
    const none: MessageAction[] = [];
    if (asksForReminder(message)) return this.remind(input);
    const language = readLanguage(message);
    const safety = safetyOfTurn(this.heads, message, language.english);
    const fixed = safety ? safetyReply(safety, context.place?.countryCode) : null;
    if (fixed) return { text: fixed, sources: [], actions: none, safety: true };
    if (GREETING.test(message)) {
      return {
        text: "Ask me about your plants, what is due this week, your zone or this week's weather, or any gardening question: watering, pests, feeding, sowing and more.",
        sources: [],
        actions: none,
      };
    }
    const vocabulary = vocabularyFor(this.mentions, context, this.heads);
    const earlier = input.history
      .filter((turn) => turn.role === "user")
      .map((turn) => readLanguage(turn.content).english);
    const state = resolveConversation([...earlier, language.english], (text) =>
      understand(text, vocabulary),
    );
    const said = input.history.filter((turn) => turn.role === "assistant").map((t) => t.content);
    const answer = withPoisonLine(
      this.answerState(language.english, state, context, safety, said),
      safety,
      context,
    );
    if (language.known || language.language !== "en") {
      const understood = answer !== null && !answer.unknown;
      const notice = languageNotice(language, understood);
      return {
        text: understood && answer ? `${notice}\n\n${answer.text}` : notice,
        sources: understood && answer ? answer.sources : [],
        actions: none,
      };
    }
    if (answer) return { text: answer.text, sources: answer.sources, actions: none };
    const text =
      GARDEN_WORDS.test(message) || state?.crops.length ? dontKnowAnswer().text : SCOPE_REPLY;
    return { text, sources: [], actions: none };
  }

  /** The answer for a resolved turn, or null when nothing known answers it. */
  private answerState(
    text: string,
    state: DialogueState | null,
    context: GardenerContext,
    safety: SafetyRead | null,
    said: readonly string[],
  ): (Answer & { unknown?: boolean }) | null {
    if (!state) return null;
    const kind = state.parts[0]?.kind ?? null;
    const kindOnly = kind !== null && this.knowledge.termsOf(text).size === 0;
    const focus = focusOf(this.mentions, state, context);
    const crop = focus.cropSlug ? (this.catalogue.bySlug(focus.cropSlug) ?? null) : null;
    switch (state.garden) {
      case "tasks":
        return weekTasksAnswer(context, focus.plant);
      case "overdue":
      case "today":
        // "And what's next for the tomato?" after a task question: that plant's tasks.
        if (focus.plant && state.crops.length + state.ownPlantIds.length > 0) {
          return weekTasksAnswer(context, focus.plant);
        }
        return state.garden === "overdue" ? overdueAnswer(context) : todayAnswer(context);
      case "zone":
        return zoneAnswer(context);
      case "my-plants":
        return myPlantsAnswer(context);
      case "plant-now":
        return plantNowAnswer(context);
      case "status":
      case "ready-when": {
        const plant = focus.plant ?? (context.plants.length === 1 ? context.plants[0] : null);
        if (!plant) break;
        const plantCrop = this.catalogue.bySlug(cropOfPlant(this.mentions, plant) ?? "") ?? null;
        return state.garden === "status"
          ? statusAnswer(plant, plantCrop, context)
          : readyAnswer(plant, plantCrop, context);
      }
      default:
        break;
    }
    if (detectIntent(text) === "weather") return weatherAnswer(context);
    if (detectIntent(text) === "temperature-check" && crop) {
      return temperatureCheckAnswer(context, focus.plant, crop);
    }
    const asked = state.parts.flatMap((part) => part.aspects);
    // A follow-up that keeps the asks is read with the words that set them.
    const words = this.mentions.withCropNames(withConcepts(state.askText || text));
    const problem = this.problemNamed(text);
    // A symptom is diagnosed unless the question asks about something else as well ("yellow
    // leaves: when do I harvest?"); the aspects a symptom is read with do not count.
    const diagnosis =
      (problem || state.symptom) && asked.every((aspect) => !NOT_DIAGNOSIS.has(aspect));
    if (diagnosis && crop) {
      const own = symptomAnswer(
        crop,
        focus.plant,
        words,
        this.facts,
        (words) => this.knowledge.termsOf(words),
        (term) => this.knowledge.weightOf(term),
        asked,
      );
      if (own) {
        const topic = topicAnswer(this.knowledge, words, {
          diagnose: true,
          aspects: asked,
          topic: problem ?? undefined,
          kind,
          said,
        });
        return betterAnswer(this.knowledge, words, crop, own, topic, "symptom") as Answer;
      }
    }
    if (diagnosis || (!crop && asked.length + (state.care ? 1 : 0) > 0) || (!crop && problem)) {
      const lead = crop ? `On ${crop.name.toLowerCase()}:` : undefined;
      const topic = topicAnswer(this.knowledge, words, {
        lead,
        diagnose: Boolean(diagnosis),
        aspects: asked,
        topic: problem ?? undefined,
        kind,
        kindOnly,
        said,
      });
      if (topic) return topic;
    }
    const deadly =
      safety?.class === "toxicity" || asked.includes("toxicity") ? deadlyPlantIn(text) : null;
    if (deadly) {
      // A poisonous plant outside the catalogue: its own warning, never a look-alike's facts; a
      // catalogue plant named beside it ("a sago palm or a spider plant?") gets its own line.
      const who = safety?.who ?? "pet";
      const named = (name: string) => text.toLowerCase().includes(name.toLowerCase());
      const other =
        crop && [crop.name, ...crop.aliases].some(named)
          ? this.facts
              .of(crop.slug)
              .find((fact) => fact.aspect === "toxicity" && fact.role === "main")
          : undefined;
      const body = [deadly.text, ...(other ? [other.text] : [])].join(" ");
      const line = poisonLine(who, context.place?.countryCode);
      return { text: withLine(body, line, safety?.urgent), sources: [] };
    }
    if (crop) {
      const toxicity = safety?.class === "toxicity" || asked.includes("toxicity");
      const parts = toxicity ? [{ aspects: ["toxicity" as const], kind: null }] : state.parts;
      const who =
        safety?.who ??
        (/\b(cats?|kittens?|dogs?|pupp(y|ies)|pets?)\b/i.test(text)
          ? "pet"
          : /\b(kids?|child(ren)?|toddlers?|bab(y|ies))\b/i.test(text)
            ? "child"
            : null);
      const answer = factAnswer(
        { crop, plant: focus.plant },
        {
          parts,
          conditions: state.conditions,
          care: state.care,
          text: words,
          termsOf: (terms) => this.knowledge.termsOf(terms),
          weightOf: (term) => this.knowledge.weightOf(term),
          said,
        },
        context,
        this.facts,
      );
      // The catalogue's companions and a plant's toxicity are its own; anything else may be
      // answered better by a note that names the plant.
      if (answer && !toxicity && !asked.includes("companions")) {
        const topic = topicAnswer(this.knowledge, words, { aspects: asked, kind, kindOnly, said });
        if (topic && betterAnswer(this.knowledge, words, crop, answer, topic) === topic) {
          return topic;
        }
      }
      if (answer) {
        const poison = toxicity && who ? poisonLine(who, context.place?.countryCode) : "";
        return {
          text: withLine(answer.text, poison, safety?.urgent),
          sources: answer.sources,
          unknown: answer.unknown.length > 0 && answer.unknown.length >= asked.length,
        };
      }
    }
    return topicAnswer(this.knowledge, words, { aspects: asked, kind, kindOnly, said });
  }

  private async remind(input: ChatInput): Promise<Answer & { actions: MessageAction[] }> {
    const vocabulary = vocabularyFor(this.mentions, input.context, this.heads);
    const heard = understand(input.message, vocabulary);
    const focus = focusOf(this.mentions, heard, input.context);
    const reminder = parseReminder(input.message, input.context.today);
    if (!input.actions) {
      return {
        text: "Sign in and I can add that to your tasks. Signed-out chats stay in this browser and cannot change a garden.",
        sources: [],
        actions: [],
      };
    }
    if (!reminder) {
      return {
        text: 'What should I remind you to do? Try "Remind me to feed the tomatoes next Friday".',
        sources: [],
        actions: [],
      };
    }
    const action = await input.actions.addTask({
      title: reminder.title,
      dueDate: reminder.dueDate,
      plantId: focus.plant?.id ?? null,
      repeatEveryDays: reminder.repeatEveryDays,
    });
    const on = reminder.dated
      ? `for ${dayName(reminder.dueDate)}`
      : `for today, ${dayName(reminder.dueDate)} (you did not name a day)`;
    const repeat = reminder.repeatEveryDays
      ? `, repeating ${repeatPhrase(reminder.repeatEveryDays)}`
      : "";
    const plant = focus.plant ? `, on ${plantPhrase(focus.plant)}` : "";
    return {
      text: `Done: I added the task **${action.title}** ${on}${repeat}${plant}. You will find it under My Tasks.`,
      sources: focus.plant ? [plantSource(focus.plant)] : [],
      actions: [action],
    };
  }

  async growGuide(input: Parameters<Assistant["growGuide"]>[0]) {
    return builtInGrowGuide(this.knowledge, input);
  }

  async identificationSummary(
    input: Parameters<Assistant["identificationSummary"]>[0],
  ): Promise<AssistantText> {
    const byName = (name: string | null | undefined) =>
      name ? this.catalogue.byName(name) : undefined;
    const crop =
      (input.cropSlug ? this.catalogue.bySlug(input.cropSlug) : undefined) ??
      (input.scientificName ? this.species.match(input.scientificName)?.crop : undefined) ??
      byName(input.plantName) ??
      input.commonNames.map(byName).find(Boolean) ??
      this.catalogue.bySlug(this.mentions.cropsIn(input.plantName)[0] ?? "") ??
      null;
    return { ...summariseIdentification(this.knowledge, input, crop), engine: this.engine };
  }

  async analyzeIssue(input: Parameters<Assistant["analyzeIssue"]>[0]): Promise<IssueAnalysis> {
    const slug =
      input.cropSlug ??
      this.mentions.cropsIn(`${input.plantName ?? ""} ${input.description}`)[0] ??
      null;
    const crop = slug ? (this.catalogue.bySlug(slug) ?? null) : null;
    const plant = input.plantName ? `your ${input.plantName}` : null;
    return {
      ...analyzeFromKnowledge(this.knowledge, input.description, crop, plant),
      engine: this.engine,
    };
  }
}
