import type { Logger } from "pino";
import type { Config } from "../../config";
import type { Catalogue } from "../../features/catalogue/catalogue-read-model";
import type { Assistant } from "./assistant";
import { BuiltInAssistant } from "./built-in/built-in-assistant";
import { CropMentions } from "./built-in/crop-mentions";
import { factStore } from "./knowledge/fact-store";
import { knowledgeBase } from "./knowledge/knowledge-base";
import { createLlmAssistant } from "./llm/llm-assistant";

export type { Assistant } from "./assistant";

/**
 * The assistant of this server: the built-in engine, or an OpenAI-compatible model (AI_BASE_URL)
 * that falls back to it. The built-in engine is returned too: signed-out chat always uses it.
 */
export function createAssistants(
  config: Config,
  catalogue: Catalogue,
  log: Logger,
): { assistant: Assistant; builtIn: Assistant } {
  const knowledge = knowledgeBase();
  const facts = factStore();
  const builtIn = new BuiltInAssistant(knowledge, catalogue, facts);
  const assistant = config.ai
    ? createLlmAssistant(config.ai, {
        fallback: builtIn,
        knowledge,
        log,
        turn: { catalogue, facts, mentions: new CropMentions(catalogue.crops, knowledge) },
      })
    : builtIn;
  return { assistant, builtIn };
}
