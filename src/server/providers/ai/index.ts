import type { Logger } from "pino";
import type { Config } from "../../config";
import type { Catalogue } from "../../features/catalogue/catalogue-read-model";
import type { Assistant } from "./assistant";
import { BuiltInAssistant } from "./built-in/built-in-assistant";
import { CropMentions } from "./built-in/crop-mentions";
import { type FactStore, factStore } from "./knowledge/fact-store";
import { type KnowledgeBase, knowledgeBase } from "./knowledge/knowledge-base";
import { createLlmAssistant } from "./llm/llm-assistant";

export type { Assistant } from "./assistant";

interface Built {
  knowledge: KnowledgeBase;
  facts: FactStore;
  builtIn: BuiltInAssistant;
  /** Only a model's turns need their own (AI_BASE_URL); made the first time one does. */
  mentions?: CropMentions;
}

/**
 * Building the engine indexes every crop name and topic (seconds on a busy machine) and it keeps
 * no state of a gardener's, so every app of a process on the same catalogue, knowledge base and
 * facts shares one: tests start hundreds of apps in one process.
 */
const built = new WeakMap<Catalogue, Built>();

function builtFor(catalogue: Catalogue, knowledge: KnowledgeBase, facts: FactStore): Built {
  const found = built.get(catalogue);
  if (found && found.knowledge === knowledge && found.facts === facts) return found;
  const made = { knowledge, facts, builtIn: new BuiltInAssistant(knowledge, catalogue, facts) };
  built.set(catalogue, made);
  return made;
}

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
  const shared = builtFor(catalogue, knowledge, facts);
  const builtIn = shared.builtIn;
  if (!config.ai) return { assistant: builtIn, builtIn };
  shared.mentions ??= new CropMentions(catalogue.crops, knowledge);
  const assistant = createLlmAssistant(config.ai, {
    fallback: builtIn,
    knowledge,
    log,
    turn: { catalogue, facts, mentions: shared.mentions },
  });
  return { assistant, builtIn };
}
