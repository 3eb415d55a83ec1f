import type { AssistantEngine } from "../../core/schemas/chat";

/** Which assistant wrote an answer, as chat replies and grow-along guides both name it. */
export const engineLabels: Record<AssistantEngine, string> = {
  "built-in": "Built-in assistant",
  llm: "AI model",
};
