import type { AiPlan, GeneratePlanInput } from "../../../core/garden";

export interface PlanResult {
  plan: AiPlan;
  /** What the provider returned before parsing, kept with the plant (plants.ai_plan_raw). */
  raw: string;
}

/**
 * Makes a grow plan for a new plant; every Assistant is one. The built-in engine is rule-based;
 * the LLM engine asks with PLAN_PROMPT_RULES, runs the reply through parseAiPlan and throws when
 * it is rejected. Any throw means "no valid plan": the plant is not
 * saved and the API answers 502.
 */
export interface PlanProvider {
  readonly name: string;
  createPlan(input: GeneratePlanInput): Promise<PlanResult>;
}
