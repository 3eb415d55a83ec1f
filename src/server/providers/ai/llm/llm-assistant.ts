import { createOpenAICompatible } from "@ai-sdk/openai-compatible";
import { generateText, type LanguageModel, type ModelMessage, stepCountIs, streamText } from "ai";
import type { Logger } from "pino";
import {
  extractJsonObject,
  guideSetup,
  parseAiPlan,
  parseGuideReply,
} from "../../../../core/garden";
import type { MessageAction, MessageSource } from "../../../../core/schemas/chat";
import type { GrowGuide } from "../../../../core/schemas/grow-guide";
import { likelihoodValues } from "../../../../core/schemas/identification";
import { z } from "../../../../core/schemas/z";
import type { Config } from "../../../config";
import type {
  Assistant,
  AssistantReply,
  AssistantText,
  ChatInput,
  ChatTurn,
  IssueAnalysis,
} from "../assistant";
import { briefTurn, type TurnBrief, type TurnBriefDeps } from "../built-in/turn-brief";
import type { KnowledgeBase, Passage } from "../knowledge/knowledge-base";
import { EmptyReplyError, failureFields, InvalidReplyError, ModelTimeoutError } from "./failure";
import {
  chatSystemPrompt,
  FALLBACK_NOTICE,
  gardenerMessage,
  growGuidePrompt,
  identificationPrompt,
  issuePrompt,
  type PromptPair,
  planPrompt,
} from "./prompts";
import { gardenTools } from "./tools";

export type LlmConfig = NonNullable<Config["ai"]>;

export interface LlmAssistantDeps {
  /**
   * The built-in engine: it answers whenever the model cannot (never for plans), and gives the
   * fixed safety replies.
   */
  fallback: Assistant;
  knowledge: KnowledgeBase;
  log: Logger;
  /** What reading a turn as the built-in engine does needs (its knowledge is `knowledge`). */
  turn: Omit<TurnBriefDeps, "knowledge">;
}

/** Earlier turns sent with a message: enough to follow a thread, little enough for small models. */
const HISTORY_TURNS = 6;
/** The earlier turns' characters at most: the oldest go first past it. */
const HISTORY_CHARS = 6000;
const PASSAGE_LIMIT = 5;
/** Model calls per chat reply: a few tool rounds, then it must answer. */
const MAX_STEPS = 5;

const nonEmptyText = (max: number) => z.string().trim().min(1).max(max);

/** An issue analysis as the model must give it (ISSUE_REPLY_RULES); anything else falls back. */
const modelIssueSchema = z.object({
  summary: nonEmptyText(3000),
  causes: z
    .array(
      z.object({
        name: nonEmptyText(200),
        likelihood: z.preprocess(
          (value) => (typeof value === "string" ? value.trim().toLowerCase() : value),
          z.enum(likelihoodValues),
        ),
        why: nonEmptyText(1500),
        actions: z.array(nonEmptyText(600)).max(8),
      }),
    )
    .max(6),
});

const sourcesOf = (passages: readonly Passage[]): MessageSource[] =>
  passages.map((p) => ({ title: `${p.title} — ${p.heading}`, ref: p.ref }));

/** The last turns of the chat that fit the budget, oldest first. */
export function recentTurns(history: readonly ChatTurn[]): ChatTurn[] {
  const kept: ChatTurn[] = [];
  let chars = 0;
  for (const turn of history.slice(-HISTORY_TURNS).reverse()) {
    chars += turn.content.length;
    if (chars > HISTORY_CHARS) break;
    kept.unshift(turn);
  }
  return kept;
}

function historyMessages(history: readonly ChatTurn[]): ModelMessage[] {
  return recentTurns(history).map((turn) =>
    turn.role === "user"
      ? { role: "user", content: gardenerMessage(turn.content) }
      : { role: "assistant", content: turn.content },
  );
}

/** What to say when the model added tasks but wrote nothing about them. */
function confirmation(actions: readonly MessageAction[]): string {
  const tasks = actions.map((a) => `“${a.title}”${a.dueDate ? ` (due ${a.dueDate})` : ""}`);
  return `I added ${tasks.join(", ")} to your tasks.`;
}

function abortError(signal: AbortSignal): unknown {
  return signal.reason ?? new DOMException("The request was cancelled.", "AbortError");
}

/**
 * The assistant for any OpenAI-compatible endpoint (OpenAI, Ollama, vLLM, llama.cpp, LM Studio…)
 * through the AI SDK. Chat streams, may call tools and falls back to the built-in engine when the
 * endpoint fails; plans never fall back, since a bad plan must save nothing.
 */
export function createLlmAssistant(ai: LlmConfig, deps: LlmAssistantDeps): Assistant {
  const { fallback, knowledge, log } = deps;
  const turnDeps: TurnBriefDeps = { ...deps.turn, knowledge };
  const cropName = (slug: string) => deps.turn.catalogue.bySlug(slug)?.name ?? slug;
  const model: LanguageModel = createOpenAICompatible({
    name: "openai-compatible",
    baseURL: ai.baseUrl,
    apiKey: ai.apiKey,
  }).chatModel(ai.model);

  const warn = (op: string, error: unknown, msg: string) =>
    log.warn({ op, model: ai.model, ...failureFields(error, ai.apiKey) }, msg);

  /**
   * Streams one chat reply, calling onDelta per piece. The timeout is one of silence, reset by
   * every part of the stream: a slow local model that keeps producing text is not cut off, one
   * that never answers (or stalls) is.
   */
  async function streamChat(
    input: ChatInput,
    brief: TurnBrief,
    passages: readonly Passage[],
    performed: MessageAction[],
    emit: (text: string) => void,
  ): Promise<string> {
    const silence = new AbortController();
    let timer: NodeJS.Timeout | undefined;
    const rearm = () => {
      clearTimeout(timer);
      timer = setTimeout(() => silence.abort(new ModelTimeoutError(ai.timeoutMs)), ai.timeoutMs);
    };
    const signal = input.signal ? AbortSignal.any([input.signal, silence.signal]) : silence.signal;
    rearm();
    try {
      const result = streamText({
        model,
        system: chatSystemPrompt(input.context, passages, input.actions !== null, {
          brief,
          cropName,
        }),
        messages: [
          ...historyMessages(input.history),
          { role: "user", content: gardenerMessage(input.message) },
        ],
        tools: gardenTools(input.context, input.actions, performed),
        stopWhen: stepCountIs(MAX_STEPS),
        // The built-in engine answers at once; retrying a failing endpoint only keeps the
        // gardener waiting.
        maxRetries: 0,
        abortSignal: signal,
        // Errors arrive as stream parts below and are logged once there, not on the console.
        onError: () => {},
      });
      let text = "";
      let stepEnded = false;
      for await (const part of result.fullStream) {
        rearm();
        if (part.type === "text-delta" && part.text) {
          // Text of a step after a tool call starts a new paragraph, not mid-sentence.
          const piece = stepEnded && text.trim() ? `\n\n${part.text}` : part.text;
          stepEnded = false;
          text += piece;
          emit(piece);
        } else if (part.type === "finish-step") {
          stepEnded = true;
        } else if (part.type === "error") {
          throw part.error;
        } else if (part.type === "abort") {
          throw signal.reason ?? new Error("The model call was aborted.");
        }
      }
      return text;
    } finally {
      clearTimeout(timer);
    }
  }

  /**
   * One single-turn answer, read by `read` (which throws on a reply it cannot use); when the model
   * fails, says nothing or answers wrongly, the built-in engine's answer instead.
   */
  async function answer<T>(
    op: string,
    { system, prompt }: PromptPair,
    read: (text: string) => T,
    builtIn: () => Promise<T>,
  ): Promise<T> {
    try {
      const { text } = await generateText({
        model,
        system,
        prompt,
        maxRetries: 0,
        timeout: ai.timeoutMs,
      });
      if (!text.trim()) throw new EmptyReplyError();
      return read(text);
    } catch (error) {
      warn(op, error, "AI model failed; the built-in assistant answered");
      return builtIn();
    }
  }

  /** The built-in engine's answer, saying it stood in for the model. */
  const standIn = async <T extends { text: string }>(reply: Promise<T>) => {
    const answered = await reply;
    return { ...answered, text: FALLBACK_NOTICE + answered.text, engine: "built-in" as const };
  };

  /** A written answer; the built-in one says it stood in. */
  const write = (
    op: string,
    prompts: PromptPair,
    passages: readonly Passage[],
    builtIn: () => Promise<AssistantText>,
  ): Promise<AssistantText> =>
    answer(
      op,
      prompts,
      (text): AssistantText => ({ text: text.trim(), sources: sourcesOf(passages), engine: "llm" }),
      () => standIn(builtIn()),
    );

  return {
    engine: "llm",
    name: "llm",

    async chat(input): Promise<AssistantReply> {
      input.signal?.throwIfAborted();
      const brief = briefTurn(turnDeps, input);
      // Emergencies, wild food, legal limits and injection get the built-in engine's tested
      // fixed reply; the model is not asked.
      if (brief.fixedReply) return fallback.chat(input);
      // The turn's plant, carried from earlier turns, finds the passages a follow-up needs.
      const { cropSlug } = brief.focus;
      const focusName = cropSlug ? cropName(cropSlug) : null;
      const passages = knowledge.search(
        focusName ? `${brief.language.english} ${focusName}` : brief.language.english,
        { cropSlug, limit: PASSAGE_LIMIT },
      );
      const sources = [
        ...brief.sources,
        ...sourcesOf(passages).filter(
          (source) => !brief.sources.some((have) => have.ref === source.ref),
        ),
      ];
      const performed: MessageAction[] = [];
      let streamed = false;
      const emit = (piece: string) => {
        streamed = true;
        input.onDelta?.(piece);
      };
      try {
        let text = await streamChat(input, brief, passages, performed, emit);
        if (!text.trim()) {
          if (performed.length === 0) throw new EmptyReplyError();
          text = confirmation(performed);
          emit(text);
        }
        return { text, sources, actions: performed, engine: "llm" };
      } catch (error) {
        if (input.signal?.aborted) throw abortError(input.signal);
        warn("chat", error, "AI model failed; the built-in assistant answered");
        // Text the model streamed before failing stays on screen (the final reply replaces it),
        // so the notice starts a new paragraph after it.
        const notice = streamed ? `\n\n${FALLBACK_NOTICE}` : FALLBACK_NOTICE;
        let relayed = false;
        const relay = (piece: string) => {
          if (!relayed) emit(notice);
          relayed = true;
          emit(piece);
        };
        const reply = await fallback.chat({ ...input, onDelta: relay });
        // An engine that does not stream still reaches the gardener through onDelta.
        if (!relayed) relay(reply.text);
        const text = FALLBACK_NOTICE + reply.text;
        // Tasks added before the failure exist, so the reply still reports them.
        return { ...reply, text, actions: [...performed, ...reply.actions], engine: "built-in" };
      }
    },

    async createPlan(input) {
      const passages = knowledge.search(
        `${input.plantName} ${input.crop?.name ?? ""} stages care`,
        {
          cropSlug: input.crop?.slug ?? null,
          limit: PASSAGE_LIMIT,
        },
      );
      const { system, prompt } = planPrompt(input, passages);
      let raw: string;
      try {
        ({ text: raw } = await generateText({
          model,
          system,
          prompt,
          maxRetries: 0,
          timeout: ai.timeoutMs,
        }));
      } catch (error) {
        warn("plan", error, "AI model failed to answer for a grow plan");
        throw new Error("The AI model could not be reached for a grow plan.", { cause: error });
      }
      const parsed = parseAiPlan(raw);
      if (!parsed.ok) {
        log.warn(
          { op: "plan", model: ai.model, reason: parsed.reason },
          "AI model returned an invalid grow plan",
        );
        throw new Error(`The AI model returned an invalid grow plan: ${parsed.reason}`);
      }
      return { plan: parsed.plan, raw };
    },

    growGuide(input): Promise<GrowGuide> {
      const passages = knowledge.search(`${input.plantName} grow care harvest`, {
        cropSlug: input.crop?.slug ?? null,
        limit: PASSAGE_LIMIT,
      });
      return answer(
        "grow-guide",
        growGuidePrompt(input, passages),
        (text): GrowGuide => {
          const parsed = parseGuideReply(text, {
            plant: input.plantName,
            cropSlug: input.crop?.slug ?? null,
            custom: input.crop === null,
            setup: guideSetup(input),
            gardenType: input.gardenType,
            lighting: input.lighting,
          });
          if (!parsed.ok) throw new InvalidReplyError(`a grow guide (${parsed.reason})`);
          return { ...parsed.guide, engine: "llm", sources: sourcesOf(passages) };
        },
        () => fallback.growGuide(input),
      );
    },

    identificationSummary(input) {
      const names = [input.plantName, input.scientificName, ...input.commonNames].filter(Boolean);
      const passages = knowledge.search(names.join(" "), { limit: PASSAGE_LIMIT });
      return write("identification-summary", identificationPrompt(input, passages), passages, () =>
        fallback.identificationSummary(input),
      );
    },

    analyzeIssue(input): Promise<IssueAnalysis> {
      const query = input.plantName ? `${input.description} ${input.plantName}` : input.description;
      const passages = knowledge.search(query, {
        cropSlug: input.cropSlug ?? null,
        limit: PASSAGE_LIMIT,
      });
      return answer(
        "analyze-issue",
        issuePrompt(input, passages),
        (text): IssueAnalysis => {
          const parsed = modelIssueSchema.safeParse(extractJsonObject(text));
          if (!parsed.success) throw new InvalidReplyError("an issue analysis");
          return {
            text: parsed.data.summary,
            causes: parsed.data.causes,
            sources: sourcesOf(passages),
            engine: "llm",
          };
        },
        () => standIn(fallback.analyzeIssue(input)),
      );
    },
  };
}
