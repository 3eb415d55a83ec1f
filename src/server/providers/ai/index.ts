import type { Logger } from "pino";
import type { Config } from "../../config";
import type { Catalogue } from "../../features/catalogue/catalogue-read-model";
import type { Assistant } from "./assistant";
import { BuiltInAssistant } from "./built-in/built-in-assistant";
import { CropMentions } from "./built-in/crop-mentions";
import { factStore } from "./knowledge/fact-store";
import { knowledgeBase } from "./knowledge/knowledge-base";
import { LazyAssistant } from "./lazy-assistant";
import { createLlmAssistant } from "./llm/llm-assistant";

export type { Assistant } from "./assistant";

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
  const builtIn = new LazyAssistant(
    "built-in",
    "built-in",
    () => new BuiltInAssistant(knowledgeBase(), catalogue, factStore()),
  );
  const ai = config.ai;
  if (!ai) return { assistant: builtIn, builtIn };
  const assistant = new LazyAssistant("llm", "llm", () => {
    const knowledge = knowledgeBase();
    return createLlmAssistant(ai, {
      fallback: builtIn,
      knowledge,
      log,
      turn: {
        catalogue,
        facts: factStore(),
        mentions: new CropMentions(catalogue.crops, knowledge),
      },
    });
  });
  return { assistant, builtIn };
}
