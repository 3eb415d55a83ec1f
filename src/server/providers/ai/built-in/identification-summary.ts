import type { Crop } from "../../../../core/schemas/crop";
import { LOW_CONFIDENCE_THRESHOLD } from "../../../../core/schemas/identification";
import type { AssistantText, IdentificationSummaryInput } from "../assistant";
import { toxicityOf } from "../knowledge/crop-facts";
import type { KnowledgeBase, Passage } from "../knowledge/knowledge-base";
import { passageSource } from "./knowledge-answer";

const same = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/** What the plant is and how sure the match is, in two or three sentences. */
export function identificationLead(input: IdentificationSummaryInput, crop: Crop | null): string {
  const { plantName, scientificName } = input;
  const latin = scientificName && !same(scientificName, plantName) ? ` (*${scientificName}*)` : "";
  const others = input.commonNames
    .filter((name) => !same(name, plantName) && !(crop && same(name, crop.name)))
    .slice(0, 3);
  const also = others.length ? `, also called ${others.join(", ")}` : "";
  const lines = [`This looks like **${plantName}**${latin}${also}.`];
  if (crop && !same(crop.name, plantName)) {
    lines.push(
      `Tendril's catalogue has it as **${crop.name}**, which the care notes below are for.`,
    );
  }
  const confidence = input.confidence;
  if (typeof confidence === "number" && Number.isFinite(confidence)) {
    const percent = Math.round(Math.min(1, Math.max(0, confidence)) * 100);
    lines.push(
      confidence >= LOW_CONFIDENCE_THRESHOLD
        ? `The identification is ${percent}% sure.`
        : `The identification is only ${percent}% sure, so treat it as a best guess: compare the ` +
            "leaves and flowers with pictures of it before you act on it, or try again with a " +
            "sharp, close photo of one leaf or flower.",
    );
  }
  return lines.join(" ");
}

/**
 * The built-in engine's summary of an identification: what it is and how sure, then the crop's
 * care passages (sun, water, soil, common problems) and what the notes say about toxicity.
 */
export function summariseIdentification(
  knowledge: KnowledgeBase,
  input: IdentificationSummaryInput,
  crop: Crop | null,
): Omit<AssistantText, "engine"> {
  const lead = identificationLead(input, crop);
  if (!crop) {
    return {
      text:
        `${lead}\n\nIt is not in Tendril's crop catalogue, so there are no care notes for it ` +
        "yet. You can still save it to My Plants as a custom plant, or ask about it in Chat.",
      sources: [],
    };
  }
  const passages = ["Sun", "Water", "Soil and pH", "Common problems"].flatMap((heading) => {
    const passage = knowledge.section("crop", crop.slug, heading);
    return passage ? [passage] : [];
  });
  const blocks = [lead, ...passages.map((p) => `**${p.heading}**\n\n${p.text}`)];
  const toxicity = toxicityOf(knowledge, crop);
  const used: Passage[] = [...passages];
  if (toxicity) {
    blocks.push(`**Toxicity**\n\n${toxicity.text}`);
    used.push(...toxicity.sources.filter((p) => !used.some((u) => u.ref === p.ref)));
  }
  return { text: blocks.join("\n\n"), sources: used.map(passageSource) };
}
