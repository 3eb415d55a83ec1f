import {
  type GrowGuide,
  GUIDE_DESCRIPTION_LIMIT,
  growGuideSchema,
  MAX_GUIDE_INSTRUCTIONS,
  MAX_GUIDE_STAGES,
  MAX_GUIDE_TASKS,
  MAX_GUIDE_TIPS,
} from "../schemas/grow-guide";
import { type GuideDraft, toGuideStages } from "./grow-guide";
import { extractJsonObject, toNumber } from "./plan-parsing";

/** What the grow-guide prompt asks the model for; `parseGuideReply` holds the reply to it. */
export const GUIDE_PROMPT_RULES = `Reply with one JSON object and nothing else, in this shape:
{"stages": [{"name": string, "startDay": number, "endDay": number, "description": string}], "tasks": [{"title": string, "dueInDays": number, "repeatEveryDays": number | null}], "tips": [string], "instructions": [string]}
- stages: the growth stages in order, back to back from day 0 (the sowing or planting day): each starts the day after the previous one's endDay, its last day. At most ${MAX_GUIDE_STAGES}. name: one or two words. description: what happens and what to do, at most 300 characters.
- tasks: 4 to 30 care tasks; dueInDays counts days from day 0; repeatEveryDays is the interval of a repeating task, or null. Titles at most 120 characters.
- tips: 3 to 10 short, practical lines that suit the setup, experience and climate.
- instructions: 3 to 8 steps to get started, in order.
- Take figures for EC, pH, spacing and days only from the facts given. Where the facts give none, say what to follow (for example the nutrient maker's dose) rather than inventing a number.`;

export type ParseGuideResult = { ok: true; guide: GuideDraft } | { ok: false; reason: string };

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

const strings = (value: unknown): string[] =>
  Array.isArray(value)
    ? value
        .filter((v): v is string => typeof v === "string" && v.trim() !== "")
        .map((v) => v.trim())
    : [];

interface RawStage {
  name: string;
  durationDays: number;
  description: string;
}

/** A stage's length: endDay − startDay + 1, else durationDays; null when neither is usable. */
function parseStage(raw: unknown): RawStage | null {
  if (!isRecord(raw) || typeof raw.name !== "string" || raw.name.trim() === "") return null;
  const start = toNumber(raw.startDay);
  const end = toNumber(raw.endDay);
  const duration = start !== null && end !== null ? end - start + 1 : toNumber(raw.durationDays);
  if (duration === null || duration < 1) return null;
  const description = typeof raw.description === "string" ? raw.description.trim() : "";
  return {
    name: raw.name.trim(),
    durationDays: Math.round(duration),
    description: description.slice(0, GUIDE_DESCRIPTION_LIMIT),
  };
}

function parseTask(raw: unknown) {
  if (!isRecord(raw) || typeof raw.title !== "string" || raw.title.trim() === "") return null;
  const due = toNumber(raw.dueInDays);
  if (due === null || due < 0) return null;
  const every = toNumber(raw.repeatEveryDays);
  return {
    title: raw.title.trim(),
    dueInDays: Math.round(due),
    repeatEveryDays: every !== null && every >= 1 ? Math.round(every) : null,
  };
}

/**
 * A model's grow guide, held to GUIDE_PROMPT_RULES: the JSON object is taken from the reply,
 * stages without a name or a length and tasks without a title or a day are dropped, stages are
 * laid back to back from day 0 (so the timeline, milestones and chart agree whatever days the
 * model gave), lists are cut to their limits, and the result must pass `growGuideSchema` with
 * the facts the server knows (`base`). No stage, or anything else off, is a rejection.
 */
export function parseGuideReply(
  text: string,
  base: Pick<GuideDraft, "plant" | "cropSlug" | "custom" | "setup" | "gardenType" | "lighting">,
): ParseGuideResult {
  const root = extractJsonObject(text);
  if (root === null) return { ok: false, reason: "No JSON object found in the reply." };
  if (!Array.isArray(root.stages)) return { ok: false, reason: "The guide has no stages list." };
  if (!Array.isArray(root.tasks)) return { ok: false, reason: "The guide has no tasks list." };
  const raw = root.stages.map(parseStage).filter((s) => s !== null);
  if (raw.length === 0) return { ok: false, reason: "The guide has no valid stage." };
  const stages = toGuideStages(
    raw.slice(0, MAX_GUIDE_STAGES),
    (_name, index) => raw[index]?.description ?? "",
  );
  const candidate: GrowGuide = {
    ...base,
    engine: "llm",
    sources: [],
    stages,
    tasks: root.tasks
      .map(parseTask)
      .filter((t) => t !== null)
      .slice(0, MAX_GUIDE_TASKS),
    tips: strings(root.tips).slice(0, MAX_GUIDE_TIPS),
    instructions: strings(root.instructions).slice(0, MAX_GUIDE_INSTRUCTIONS),
  };
  const checked = growGuideSchema.safeParse(candidate);
  if (!checked.success) {
    const issue = checked.error.issues[0];
    return {
      ok: false,
      reason: `The guide breaks a limit at ${issue?.path.join(".") || "its root"}: ${issue?.message ?? "invalid"}`,
    };
  }
  const { engine: _engine, sources: _sources, ...guide } = checked.data;
  return { ok: true, guide };
}
