import type { Crop } from "../../../core/schemas/crop";
import type { CareInfo } from "../../../core/schemas/identification";
import { pruningOf, sentencesOf, toxicityOf } from "../../providers/ai/knowledge/crop-facts";
import type { KnowledgeBase, Passage } from "../../providers/ai/knowledge/knowledge-base";

const SUN: Record<Crop["sunlight"], string> = {
  "full-sun": "Full sun",
  "partial-shade": "Partial shade",
  shade: "Shade",
};
const WATER: Record<Crop["watering"], string> = {
  low: "Low",
  moderate: "Moderate",
  high: "High",
};
const MAINTENANCE: Record<Crop["difficulty"], string> = {
  easy: "Low: easy to grow",
  moderate: "Moderate",
  hard: "High: needs close attention",
};
const CATEGORY: Record<Crop["category"], string> = {
  vegetable: "Vegetable",
  herb: "Herb",
  fruit: "Fruit",
  flower: "Flower",
  houseplant: "Houseplant",
};

const range = ({ min, max }: { min: number; max: number }) =>
  min === max ? `${min}` : `${min}–${max}`;

/** "Full sun — Tomatoes need full sun: …": the catalogue's value, then the care sheet's words. */
function withSheet(label: string, passage: Passage | undefined): string {
  const first = passage ? sentencesOf(passage.text)[0] : undefined;
  return first ? `${label} — ${first}` : label;
}

/**
 * Spec §3 "Care info" from the catalogue ("catalogue" provider): sunlight, watering, soil and
 * maintenance from the crop's entry with the first sentence of its care sheet's section, growth
 * habit from its category, days to maturity and spacing, and toxicity and pruning where the
 * knowledge base says anything about them.
 */
export function careInfo(crop: Crop, knowledge: KnowledgeBase): CareInfo {
  const sun = knowledge.section("crop", crop.slug, "Sun");
  const water = knowledge.section("crop", crop.slug, "Water");
  const inches = Math.round(crop.spacingCm / 2.54);
  const days = range(crop.daysToMaturity);
  const maturity =
    crop.category === "houseplant"
      ? `established in about ${days} days`
      : crop.category === "flower"
        ? `in bloom about ${days} days from ${crop.daysToGermination ? "sowing" : "planting"}`
        : `first harvest about ${days} days from ${crop.daysToGermination ? "sowing" : "planting"}`;
  const toxicity = toxicityOf(knowledge, crop);
  const pruning = pruningOf(knowledge, crop);
  const used = [sun, water, ...(toxicity?.sources ?? []), ...(pruning?.sources ?? [])].filter(
    (p): p is Passage => p !== undefined,
  );
  return {
    id: crop.slug,
    sunlight: withSheet(SUN[crop.sunlight], sun),
    watering: withSheet(WATER[crop.watering], water),
    growth_habit: `${CATEGORY[crop.category]}; ${maturity}; space plants ${crop.spacingCm} cm (${inches} in) apart.`,
    toxicity: toxicity?.text ?? null,
    soil: `${crop.soil}; pH ${range(crop.ph)}.`,
    maintenance: MAINTENANCE[crop.difficulty],
    pruning_month: pruning?.text ?? null,
    name: crop.name,
    scientificName: crop.scientificName,
    provider: "catalogue",
    sources: [
      ...new Map(
        used.map((p) => [p.ref, { title: `${p.title} — ${p.heading}`, ref: p.ref }]),
      ).values(),
    ],
  };
}
