import { z } from "zod";
import { stageNameValues } from "../schemas/crop";
import { lightsValues, mediumValues, placeValues } from "../schemas/plant-setup";

/**
 * What a question can ask about a plant (ASSISTANT.md step 3). Each fact answers one of them.
 * grow-light: hours and distance under lamps; hydroponics: EC/PPM, solution pH and changes;
 * toxicity: to pets and children; general: what the plant is and how hard it is.
 */
export const aspectValues = [
  "water",
  "light",
  "grow-light",
  "soil",
  "hydroponics",
  "feeding",
  "spacing",
  "sowing",
  "planting-out",
  "containers",
  "pruning",
  "propagation",
  "companions",
  "pests",
  "diseases",
  "harvest",
  "overwintering",
  "temperature",
  "toxicity",
  "general",
] as const;
export type Aspect = (typeof aspectValues)[number];

/** The kind of question a fact answers best. */
export const questionKindValues = [
  "how-often",
  "how-much",
  "when",
  "how",
  "why",
  "which",
  "can-i",
  "what",
] as const;
export type QuestionKind = (typeof questionKindValues)[number];

export const seasonValues = ["spring", "summer", "autumn", "winter"] as const;
export type Season = (typeof seasonValues)[number];

/** The catalogue's stage names, and the seed and dormant states a plant can also be in. */
export const stageValues = ["seed", ...stageNameValues, "dormant"] as const;
export type StageName = (typeof stageValues)[number];

/**
 * The situations a fact holds in. A missing field holds in every situation; a fact is never used
 * where a field it sets contradicts what is known of the gardener's plant (soil watering for a
 * hydroponic lettuce, fruit advice for a seedling).
 */
export const factConditionsSchema = z
  .object({
    medium: z.array(z.enum(mediumValues)).min(1).optional(),
    place: z.array(z.enum(placeValues)).min(1).optional(),
    lights: z.array(z.enum(lightsValues)).min(1).optional(),
    container: z.boolean().optional(),
    season: z.array(z.enum(seasonValues)).min(1).optional(),
    stage: z.array(z.enum(stageValues)).min(1).optional(),
  })
  .strict();
export type FactConditions = z.infer<typeof factConditionsSchema>;

/**
 * main: a direct answer to its aspect. modifier: what changes it in the situation `when` names
 * (winter, pots, hydroponics). watch: the one thing to look out for.
 */
export const factRoleValues = ["main", "modifier", "watch"] as const;
export type FactRole = (typeof factRoleValues)[number];

/** Metric first, imperial in brackets: "5 cm (2 in)", "21 °C (70 °F)". */
const IMPERIAL_FIRST = /\d\s?(?:in|inch(?:es)?|ft|feet|°F|gal(?:lons?)?|lb|oz)\b(?!\))/;

export const factSchema = z
  .object({
    aspect: z.enum(aspectValues),
    role: z.enum(factRoleValues).default("main"),
    kind: z.array(z.enum(questionKindValues)).min(1).optional(),
    when: factConditionsSchema.optional(),
    text: z
      .string()
      .min(20)
      .max(240)
      .refine((text) => !IMPERIAL_FIRST.test(text), "imperial units go in brackets after metric")
      .refine((text) => /[.!]$/.test(text), "a fact is a whole sentence, ending with a full stop"),
  })
  .strict();
export type FactInput = z.input<typeof factSchema>;

/** One plant's facts: data/knowledge/facts/<slug>.json, `slug` the catalogue crop's. */
export const factFileSchema = z
  .object({
    slug: z.string().regex(/^[a-z0-9-]+$/),
    facts: z.array(factSchema).min(1),
  })
  .strict();
export type FactFile = z.infer<typeof factFileSchema>;

export interface Fact extends z.infer<typeof factSchema> {
  /** "<slug>.<aspect>.<n>", n counting from 1 within the aspect. */
  id: string;
  /** The catalogue crop the fact is about. */
  slug: string;
}

/** Gives each fact of a file its id and subject. */
export function factsOf(file: FactFile): Fact[] {
  const counts = new Map<Aspect, number>();
  return file.facts.map((fact) => {
    const n = (counts.get(fact.aspect) ?? 0) + 1;
    counts.set(fact.aspect, n);
    return { ...fact, id: `${file.slug}.${fact.aspect}.${n}`, slug: file.slug };
  });
}
