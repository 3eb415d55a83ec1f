import type { Logger } from "pino";
import type { Config } from "../../config";
import type { Catalogue } from "../../features/catalogue/catalogue-read-model";
import { BuiltInAssistant } from "./built-in/built-in-assistant";
import { CropMentions } from "./built-in/crop-mentions";
import { understandingHeads } from "./built-in/understanding/model-file";
import { factStore } from "./knowledge/fact-store";
import { knowledgeBase } from "./knowledge/knowledge-base";
import { LazyAssistant } from "./lazy-assistant";
import { createLlmAssistant } from "./llm/llm-assistant";

export type { Assistant } from "./assistant";

interface Shared {
  builtIn: LazyAssistant;
  /** Only a model's turns need their own (AI_BASE_URL); made the first time one does. */
  mentions?: CropMentions;
}

/**
 * Building the engine indexes every crop name and topic (seconds on a busy machine) and it keeps
 * no state of a gardener's, so every app of a process on the same catalogue shares one (the
 * knowledge base and the facts are one per process already): tests start hundreds of apps in
 * one process.
 */
const shared = new WeakMap<Catalogue, Shared>();

function sharedFor(catalogue: Catalogue): Shared {
  let found = shared.get(catalogue);
  if (!found) {
    found = {
      builtIn: new LazyAssistant(
        "built-in",
        "built-in",
        () => new BuiltInAssistant(knowledgeBase(), catalogue, factStore()),
      ),
    };
    shared.set(catalogue, found);
  }
  return found;
}

/**
 * The assistant of this server: the built-in engine, or an OpenAI-compatible model (AI_BASE_URL)
 * that falls back to it. The built-in engine is returned too: signed-out chat always uses it.
 * Both are built on first use (LazyAssistant): the knowledge base's index takes seconds.
 */
export function createAssistants(
  config: Config,
  catalogue: Catalogue,
  log: Logger,
): { assistant: LazyAssistant; builtIn: LazyAssistant } {
  const own = sharedFor(catalogue);
  const builtIn = own.builtIn;
  const ai = config.ai;
  if (!ai) return { assistant: builtIn, builtIn };
  const assistant = new LazyAssistant("llm", "llm", () => {
    const knowledge = knowledgeBase();
    own.mentions ??= new CropMentions(catalogue.crops, knowledge);
    return createLlmAssistant(ai, {
      fallback: builtIn,
      knowledge,
      log,
      turn: { catalogue, facts: factStore(), mentions: own.mentions, heads: understandingHeads() },
    });
  });
  return { assistant, builtIn };
}
