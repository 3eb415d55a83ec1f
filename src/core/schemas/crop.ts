import { z } from "./z";

export const cropCategoryValues = ["vegetable", "herb", "fruit", "flower", "houseplant"] as const;
export const sunlightValues = ["full-sun", "partial-shade", "shade"] as const;
export const wateringValues = ["low", "moderate", "high"] as const;
export const difficultyValues = ["easy", "moderate", "hard"] as const;
export const sowingMethodValues = ["direct", "transplant", "start-indoors"] as const;
/** Stage plans list these in this order, each at most once. */
export const stageNameValues = [
  "germination",
  "seedling",
  "vegetative",
  "flowering",
  "fruiting",
  "harvest",
] as const;
/** Keys of the sections in data/SOURCES.md that a catalogue entry can cite. */
export const cropSourceValues = ["openfarm", "wikipedia-companions", "tendril-editorial"] as const;

export const cropSlugSchema = z
  .string()
  .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, "Use a kebab-case slug.");

const range = (value: z.ZodNumber) =>
  z
    .strictObject({ min: value, max: value })
    .refine((r) => r.min <= r.max, { error: "min must not exceed max." });

const dayRange = range(z.number().int().positive());
const measureRange = range(z.number().positive());

export const stageSchema = z.strictObject({
  name: z.enum(stageNameValues),
  durationDays: z.number().int().min(1),
});

export const hydroponicSchema = z
  .strictObject({
    suitable: z.boolean(),
    /** Nutrient solution strength in mS/cm. */
    ec: measureRange.nullable(),
    ph: measureRange.nullable(),
  })
  .refine((h) => (h.suitable ? h.ec !== null && h.ph !== null : h.ec === null && h.ph === null), {
    error: "Give ec and ph exactly when the crop is suitable for hydroponics.",
  });

export const cropSchema = z.strictObject({
  slug: cropSlugSchema,
  name: z.string().min(1),
  scientificName: z.string().min(1),
  /**
   * Botanical family (APG IV; ferns PPG I), which crop rotation goes by. Null only where one entry
   * stands for plants of several families (microgreens).
   */
  family: z
    .string()
    .regex(/^[A-Z][a-z]+aceae$/, "Use a botanical family name such as Solanaceae.")
    .nullable(),
  /** Other common names, matched by search ("Cilantro" finds Coriander). */
  aliases: z.array(z.string().min(1)),
  category: z.enum(cropCategoryValues),
  sunlight: z.enum(sunlightValues),
  watering: z.enum(wateringValues),
  soil: z.string().min(1),
  ph: measureRange,
  climate: z.string().min(1),
  difficulty: z.enum(difficultyValues),
  description: z.string().min(1),
  /** Null where the crop is grown from cuttings, crowns, tubers, bulbs or nursery plants. */
  daysToGermination: dayRange.nullable(),
  /**
   * To first harvest or bloom: from sowing for seed-raised crops (indoor seedling weeks
   * included), from planting for everything else; for houseplants, to an established plant.
   */
  daysToMaturity: dayRange,
  stagePlan: z.array(stageSchema).min(1),
  spacingCm: z.number().positive(),
  sowingMethod: z.enum(sowingMethodValues),
  companions: z.array(z.string().min(1)),
  avoid: z.array(z.string().min(1)),
  hydroponic: hydroponicSchema,
  sources: z.array(z.enum(cropSourceValues)).min(1),
});

export type Crop = z.infer<typeof cropSchema>;
export type CropCategory = Crop["category"];
export type CropStage = z.infer<typeof stageSchema>;

export const cropCatalogueSchema = z.array(cropSchema);

/** Built-in plant suggestions (spec §9): 22 in the Add Plant dialog, 32 in Grow Along. */
export const cropSuggestionsSchema = z.strictObject({
  addPlant: z.array(cropSlugSchema).length(22),
  growAlong: z.array(cropSlugSchema).length(32),
});

export type CropSuggestions = z.infer<typeof cropSuggestionsSchema>;
