import { detectIntent } from "../../../../core/assistant/intents";
import { parseReminder } from "../../../../core/assistant/reminder";
import { generatePlan, repeatPhrase } from "../../../../core/garden";
import { type CropMatcher, createCropMatcher } from "../../../../core/identification/match-crop";
import type { MessageAction } from "../../../../core/schemas/chat";
import type { Crop } from "../../../../core/schemas/crop";
import type { Catalogue } from "../../../features/catalogue/catalogue-read-model";
import type {
  Assistant,
  AssistantReply,
  AssistantText,
  ChatInput,
  GardenerContext,
  GardenPlant,
  IssueAnalysis,
} from "../assistant";
import type { KnowledgeBase } from "../knowledge/knowledge-base";
import { CropMentions, plantNamedIn } from "./crop-mentions";
import {
  type Answer,
  myPlantsAnswer,
  plantSource,
  tasksAnswer,
  temperatureCheckAnswer,
  weatherAnswer,
  zoneAnswer,
} from "./garden-answers";
import { builtInGrowGuide } from "./grow-guide";
import { summariseIdentification } from "./identification-summary";
import { analyzeFromKnowledge } from "./issue-analysis";
import { dontKnowAnswer, knowledgeAnswer } from "./knowledge-answer";
import { streamPieces } from "./stream-pieces";
import { dayName, plantPhrase } from "./wording";

interface Focus {
  plant: GardenPlant | null;
  cropSlug: string | null;
  /** Whether this week's weather bears on it: not for a plant indoors, or a houseplant. */
  outdoors: boolean;
}

/**
 * The default engine: no network, no key. Answers from the gardener's own data (tasks, zone,
 * forecast, plants) and from the knowledge base in data/knowledge, names its sources, and says so
 * when it does not know. Plans are the rule-based generator's.
 */
export class BuiltInAssistant implements Assistant {
  readonly engine = "built-in" as const;
  readonly name = "built-in";
  private readonly mentions: CropMentions;
  private readonly species: CropMatcher<Crop>;

  constructor(
    private readonly knowledge: KnowledgeBase,
    private readonly catalogue: Catalogue,
  ) {
    this.mentions = new CropMentions(catalogue.crops, knowledge);
    this.species = createCropMatcher(catalogue.crops);
  }

  async createPlan(input: Parameters<Assistant["createPlan"]>[0]) {
    const plan = generatePlan(input);
    return { plan, raw: JSON.stringify(plan) };
  }

  async chat(input: ChatInput): Promise<AssistantReply> {
    const { text, sources, actions } = await this.answer(input);
    if (input.onDelta) for (const piece of streamPieces(text)) input.onDelta(piece);
    return { text, sources, actions, engine: this.engine };
  }

  /** A custom plant named "Grandma's tomato" is still a tomato for the knowledge base. */
  private cropOf(plant: GardenPlant): string | null {
    return plant.cropSlug ?? this.mentions.cropsIn(`${plant.name} ${plant.cropName}`)[0] ?? null;
  }

  private focusOf(message: string, context: GardenerContext): Focus {
    const named = this.mentions.cropsIn(message);
    // Custom plants' crops matter only when the message names a crop: skip the phrase scan else.
    const plants = named.length
      ? context.plants.map((plant) => ({ ...plant, cropSlug: this.cropOf(plant) }))
      : context.plants;
    // A crop named in the message outranks the chat's plant ("and what about basil?").
    const plant = plantNamedIn(message, plants, named) ?? (named[0] ? null : context.focusPlant);
    const cropSlug = plant ? this.cropOf(plant) : (named[0] ?? null);
    const crop = cropSlug ? this.catalogue.bySlug(cropSlug) : undefined;
    const outdoors = plant ? plant.place !== "indoor" : crop?.category !== "houseplant";
    return { plant, cropSlug, outdoors };
  }

  private async answer(input: ChatInput): Promise<Answer & { actions: MessageAction[] }> {
    const { message, context } = input;
    const intent = detectIntent(message);
    const focus = this.focusOf(message, context);
    const none: MessageAction[] = [];
    switch (intent) {
      case "reminder":
        return this.remind(input, focus);
      case "greeting":
        return {
          text:
            "Hello! Ask me about your plants, what is due today, your zone or this week's weather, " +
            "or any gardening question — watering, pests, feeding, seed starting and more.",
          sources: [],
          actions: none,
        };
      case "tasks":
        return { ...tasksAnswer(context), actions: none };
      case "zone":
        return { ...zoneAnswer(context), actions: none };
      case "weather":
        return { ...weatherAnswer(context), actions: none };
      case "my-plants":
        return { ...myPlantsAnswer(context), actions: none };
      case "temperature-check": {
        const crop = focus.cropSlug ? this.catalogue.bySlug(focus.cropSlug) : undefined;
        // No plant named ("how do I protect my veg from frost tonight?"): general advice.
        if (crop) return { ...temperatureCheckAnswer(context, focus.plant, crop), actions: none };
        return {
          ...(knowledgeAnswer(message, context, focus, this.knowledge) ?? dontKnowAnswer()),
          actions: none,
        };
      }
      default:
        return {
          ...(knowledgeAnswer(message, context, focus, this.knowledge) ?? dontKnowAnswer()),
          actions: none,
        };
    }
  }

  private async remind(
    input: ChatInput,
    focus: Focus,
  ): Promise<Answer & { actions: MessageAction[] }> {
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
