import { buildGrowGuide } from "../../../../core/garden";
import type { MessageSource } from "../../../../core/schemas/chat";
import {
  type GrowGuide,
  GUIDE_INSTRUCTION_LIMIT,
  MAX_GUIDE_INSTRUCTIONS,
} from "../../../../core/schemas/grow-guide";
import type { GrowGuideInput } from "../assistant";
import type { KnowledgeBase } from "../knowledge/knowledge-base";
import { passageSource } from "./knowledge-answer";

/** The care-sheet sections a guide's instructions quote: sowing depth and spacing, problems, harvest. */
export const GUIDE_SHEET_SECTIONS = ["Spacing", "Common problems", "Harvest"] as const;

/** The text cut at the last sentence that fits in `max` characters (or at `max`, if none does). */
export function fitSentences(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max);
  const end = Math.max(cut.lastIndexOf(". "), cut.lastIndexOf("; "));
  return end > 0 ? `${cut.slice(0, end + 1)}` : `${cut.slice(0, max - 1)}…`;
}

/** A care-sheet section as one instruction: "Harvest: Cut coriander leaves once…". */
function sectionLine(heading: string, text: string): string {
  const body = text
    .split("\n")
    .map((line) => line.replace(/^\s*[-*]\s+/, "").trim())
    .filter(Boolean)
    .join(" ");
  const label = heading === "Common problems" ? "Watch for" : heading;
  return fitSentences(`${label}: ${body}`, GUIDE_INSTRUCTION_LIMIT);
}

/**
 * The built-in engine's grow guide: the core rules (`buildGrowGuide`) on the crop's catalogue
 * data, with the crop's care sheet quoted after the guide's own steps, and its sections named as
 * sources. A custom plant has no care sheet.
 */
export function builtInGrowGuide(knowledge: KnowledgeBase, input: GrowGuideInput): GrowGuide {
  const draft = buildGrowGuide({
    crop: input.crop,
    plantName: input.plantName,
    location: input.location,
    medium: input.medium,
    gardenType: input.gardenType,
    lighting: input.lighting,
    experience: input.experience,
    climate: input.climate,
  });
  const slug = input.crop?.slug;
  const passages = slug
    ? GUIDE_SHEET_SECTIONS.flatMap((heading) => {
        const passage = knowledge.section("crop", slug, heading);
        return passage ? [passage] : [];
      })
    : [];
  const sources: MessageSource[] = passages.map(passageSource);
  return {
    ...draft,
    instructions: [
      ...draft.instructions,
      ...passages.map((p) => sectionLine(p.heading, p.text)),
    ].slice(0, MAX_GUIDE_INSTRUCTIONS),
    engine: "built-in",
    sources,
  };
}
