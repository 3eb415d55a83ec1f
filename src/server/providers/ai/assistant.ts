import type { GuideCrop } from "../../../core/garden";
import type { AssistantEngine, MessageAction, MessageSource } from "../../../core/schemas/chat";
import type {
  Climate,
  GardenType,
  GrowExperience,
  GrowGuide,
  GrowLighting,
} from "../../../core/schemas/grow-guide";
import type { IssueCause } from "../../../core/schemas/identification";
import type { Place } from "../../../core/schemas/place";
import type { Medium } from "../../../core/schemas/plant-setup";
import type { PlanProvider } from "./plan-provider";

/** One of the gardener's plants, as the assistant sees it. */
export interface GardenPlant {
  id: string;
  name: string;
  /** Catalogue slug, or null for a custom plant. */
  cropSlug: string | null;
  /** The catalogue's name for the crop ("Tomato"), or the plant's own name for a custom plant. */
  cropName: string;
  medium: string | null;
  place: string | null;
  plantingDate: string | null;
  /** "sun" or "led". */
  lights: string | null;
  /** Days since the planting date (0 on the day; negative before it). */
  ageDays: number | null;
  /** The current stage from the timeline, or null before planting. */
  stage: string | null;
  /** Day of the current stage (1 = its first day). */
  stageDay: number | null;
  /** How many days the current stage lasts on the timeline. */
  stageLength: number | null;
  /** The stage after the current one and the date it starts, from the timeline. */
  nextStage: { name: string; startDate: string } | null;
  /**
   * When the plant should be ready: the start of its harvest stage on the timeline the plant page
   * shows (null for plants with no harvest stage, such as houseplants).
   */
  harvestDate: string | null;
  notes: string | null;
}

export interface GardenTask {
  id: string;
  title: string;
  dueDate: string | null;
  plantId: string | null;
  plantName: string | null;
  repeatEveryDays: number | null;
}

export interface WeatherDay {
  date: string;
  minC: number;
  maxC: number;
  precipitationMm: number;
}

export interface GardenWeather {
  /** Where the forecast is for, e.g. "Portland, OR", when known. */
  place: string | null;
  fetchedAt: string;
  temperatureC: number;
  humidity: number;
  windMph: number;
  conditions: string;
  days: WeatherDay[];
  /** Garden-health alerts for this forecast (spec §9 rules), as sentences. */
  alerts: string[];
}

/** Everything the server knows of the gardener that a reply may use. All of it may be empty. */
export interface GardenerContext {
  /** YYYY-MM-DD, the gardener's today. */
  today: string;
  displayName: string | null;
  experience: string | null;
  units: "C" | "F";
  zip: string | null;
  zone: string | null;
  zoneTitle: string | null;
  tempRange: string | null;
  location: string | null;
  /**
   * The gardener's saved place (country, latitude), when the profile has one: emergency numbers,
   * hemisphere and season follow it.
   */
  place?: Place | null;
  plants: GardenPlant[];
  /** The plant the chat is about (?plantId=, the chat's plant, or one named in the message). */
  focusPlant: GardenPlant | null;
  overdue: GardenTask[];
  dueToday: GardenTask[];
  /** Due within the next 7 days (spec §4 upcoming window), today excluded. */
  upcoming: GardenTask[];
  weather: GardenWeather | null;
  /**
   * What to Plant Now by the planting calendar of the gardener's place (issue 23); null when no
   * place or climate is known, and the assistant falls back to the season's lists.
   */
  plantingNow?: PlantingNow | null;
}

/** What can be sown or planted at the gardener's place now and in the next weeks. */
export interface PlantingNow {
  /** "Melbourne, Victoria, Australia". */
  place: string;
  summary: string[];
  vegetables: PlantingNowItem[];
  herbs: PlantingNowItem[];
  flowers: PlantingNowItem[];
}

export interface PlantingNowItem {
  name: string;
  /** "Plant out now, until 20 Dec. Harvest from March." */
  notes: string;
}

export interface NewTask {
  title: string;
  dueDate: string;
  plantId: string | null;
  repeatEveryDays?: number | null;
}

/** What the assistant may do for a signed-in gardener. Absent for signed-out visitors. */
export interface AssistantActions {
  addTask(task: NewTask): Promise<MessageAction>;
}

export interface ChatTurn {
  role: "user" | "assistant";
  content: string;
}

export interface ChatInput {
  message: string;
  /** Earlier turns of this chat, oldest first (the engine may use the last few). */
  history: ChatTurn[];
  context: GardenerContext;
  actions: AssistantActions | null;
  /** Called with each piece of the reply as it is produced. */
  onDelta?: (text: string) => void;
  signal?: AbortSignal;
}

export interface AssistantReply {
  text: string;
  sources: MessageSource[];
  actions: MessageAction[];
  /** The engine that wrote the reply: "built-in" also when the LLM failed and it stood in. */
  engine: AssistantEngine;
}

/** A written answer with the knowledge it came from (ID summary, issue analysis). */
export interface AssistantText {
  text: string;
  sources: MessageSource[];
  engine: AssistantEngine;
}

/** The Grow Along form (spec §5), with the catalogue crop it names (null: a custom plant). */
export interface GrowGuideInput {
  plantName: string;
  crop: GuideCrop | null;
  location: string;
  medium: Medium;
  gardenType: GardenType;
  lighting: GrowLighting;
  experience: GrowExperience;
  climate: Climate;
}

export interface IdentificationSummaryInput {
  plantName: string;
  scientificName: string | null;
  commonNames: string[];
  /** 0–1, how sure the identification is; below 0.7 the summary calls it a best guess. */
  confidence?: number | null;
  /** The catalogue crop the identification matched, if any. */
  cropSlug?: string | null;
}

export interface IssueAnalysisInput {
  description: string;
  plantName: string | null;
  /** The catalogue crop of the plant in question (the gardener's plant, or named). */
  cropSlug?: string | null;
  /** Where the plant grows, as the gardener gave it. */
  location?: string | null;
}

/** Issue analysis: a summary (`text`) and the likely causes, most likely first. */
export interface IssueAnalysis extends AssistantText {
  causes: IssueCause[];
}

/**
 * The one interface behind every AI feature. Two engines: the built-in one (retrieval over
 * data/knowledge plus the gardener's own data, rule-based plans), and an LLM one for any
 * OpenAI-compatible endpoint, which falls back to the built-in engine when the endpoint fails.
 */
export interface Assistant extends PlanProvider {
  readonly engine: AssistantEngine;
  chat(input: ChatInput): Promise<AssistantReply>;
  /** A structured guide (API.md GrowGuide), `engine` saying which engine wrote it. */
  growGuide(input: GrowGuideInput): Promise<GrowGuide>;
  identificationSummary(input: IdentificationSummaryInput): Promise<AssistantText>;
  analyzeIssue(input: IssueAnalysisInput): Promise<IssueAnalysis>;
}
