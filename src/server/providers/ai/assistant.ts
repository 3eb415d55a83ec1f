import type { AssistantEngine, MessageAction, MessageSource } from "../../../core/schemas/chat";
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
  /** The current stage from the timeline, or null before planting. */
  stage: string | null;
  /** Day of the current stage (1 = its first day). */
  stageDay: number | null;
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
  plants: GardenPlant[];
  /** The plant the chat is about (?plantId=, the chat's plant, or one named in the message). */
  focusPlant: GardenPlant | null;
  overdue: GardenTask[];
  dueToday: GardenTask[];
  /** Due within the next 7 days (spec §4 upcoming window), today excluded. */
  upcoming: GardenTask[];
  weather: GardenWeather | null;
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

/** A written answer with the knowledge it came from (grow guide, ID summary, issue analysis). */
export interface AssistantText {
  text: string;
  sources: MessageSource[];
  engine: AssistantEngine;
}

export interface GrowGuideInput {
  plantName: string;
  cropSlug: string | null;
  medium: string | null;
  place: string | null;
  lights: string | null;
  experience: string | null;
  location: string | null;
}

export interface IdentificationSummaryInput {
  plantName: string;
  scientificName: string | null;
  commonNames: string[];
}

export interface IssueAnalysisInput {
  description: string;
  plantName: string | null;
}

/**
 * The one interface behind every AI feature. Two engines: the built-in one (retrieval over
 * data/knowledge plus the gardener's own data, rule-based plans), and an LLM one for any
 * OpenAI-compatible endpoint, which falls back to the built-in engine when the endpoint fails.
 */
export interface Assistant extends PlanProvider {
  readonly engine: AssistantEngine;
  chat(input: ChatInput): Promise<AssistantReply>;
  growGuide(input: GrowGuideInput): Promise<AssistantText>;
  identificationSummary(input: IdentificationSummaryInput): Promise<AssistantText>;
  analyzeIssue(input: IssueAnalysisInput): Promise<AssistantText>;
}
