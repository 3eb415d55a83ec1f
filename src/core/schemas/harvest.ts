import { toGrams, weightUnits } from "../garden/harvests";
import { isoDateSchema } from "./date";
import { idSchema, notesSchema } from "./task";
import { z } from "./z";

/** 10 tonnes, a million items: more is a typo, and it keeps totals finite. */
export const MAX_HARVEST_GRAMS = 10_000_000;
export const MAX_HARVEST_COUNT = 1_000_000;
/** Weights are kept to a tenth of a gram (toGrams): the least there is to log. */
const MIN_HARVEST_GRAMS = 0.1;

const WEIGHT_MESSAGE = "Give the weight as a number above 0 with a unit: g, kg, oz or lb.";
const TOO_LIGHT =
  "Give a weight of at least 0.1 g (about 0.004 oz): Tendril keeps weights to a tenth of a gram.";
const TOO_HEAVY = "That weight is more than any harvest: check the figure.";
/** A weight past any number (1e308 lb once in grams, or in tenths) is too heavy, or too light. */
const beyondNumbers = (input: unknown) =>
  input === Infinity ? TOO_HEAVY : input === -Infinity ? TOO_LIGHT : undefined;
const COUNT_MESSAGE = `Give the count as a whole number from 1 to ${MAX_HARVEST_COUNT.toLocaleString("en-US")}.`;

/**
 * Grams as Tendril keeps them: rounded to the tenth first, then checked, so a weight that passes
 * is the weight stored (1e-300 g would be kept as 0). The API's weights and the import's both
 * pass through it.
 */
export const storedGramsSchema = z
  .number({ error: (issue) => beyondNumbers(issue.input) })
  .transform((grams) => toGrams(grams, "g"))
  .pipe(
    z
      .number({ error: (issue) => beyondNumbers(issue.input) })
      .min(MIN_HARVEST_GRAMS, TOO_LIGHT)
      .max(MAX_HARVEST_GRAMS, TOO_HEAVY),
  );

/** A weight as entered: a number and its unit, kept as grams (storedGramsSchema). */
export const harvestWeightSchema = z
  .strictObject(
    {
      value: z.number({ error: WEIGHT_MESSAGE }),
      unit: z.enum(weightUnits, { error: "Use one of: g, kg, oz, lb." }),
    },
    {
      error: (issue) =>
        issue.input === undefined
          ? "Give the weight ({ value, unit }), or null when you only counted."
          : WEIGHT_MESSAGE,
    },
  )
  .transform((weight) => toGrams(weight.value, weight.unit))
  .pipe(storedGramsSchema);

const countSchema = z
  .number({
    error: (issue) =>
      issue.input === undefined ? "Give the count, or null when you only weighed." : COUNT_MESSAGE,
  })
  .int(COUNT_MESSAGE)
  .min(1, COUNT_MESSAGE)
  .max(MAX_HARVEST_COUNT, COUNT_MESSAGE);

const noteSchema = notesSchema.optional();

/**
 * POST /api/plants/:plantId/harvests: `weight` comes out as grams (`weightG`). Both `weight` and
 * `count` are given, null for the one not measured. That it has a
 * weight or a count is checked after the plant is found (`hasAmount`), so another gardener's
 * plant is 404 whatever the body.
 */
export const harvestCreateSchema = z
  .strictObject({
    date: isoDateSchema("Enter the harvest date (YYYY-MM-DD)."),
    weight: harvestWeightSchema.nullable(),
    count: countSchema.nullable(),
    note: noteSchema,
  })
  .transform(({ weight, ...rest }) => ({ ...rest, weightG: weight }));
export type HarvestCreate = z.infer<typeof harvestCreateSchema>;

/** PATCH /api/harvests/:harvestId: what is given changes (null clears a weight or count). */
export const harvestPatchSchema = z
  .strictObject({
    date: isoDateSchema().optional(),
    weight: harvestWeightSchema.nullable().optional(),
    count: countSchema.nullable().optional(),
    note: noteSchema,
  })
  .transform(({ weight, ...rest }) => (weight === undefined ? rest : { ...rest, weightG: weight }));
export type HarvestPatch = z.infer<typeof harvestPatchSchema>;

/** API: a harvest as logged. `weightG` always in grams; the web shows the gardener's units. */
export const harvestSchema = z.object({
  id: z.string(),
  plantId: z.string().nullable(),
  /** The plant's name now; null once the plant is deleted. */
  plantName: z.string().nullable(),
  cropSlug: z.string(),
  cropName: z.string(),
  areaId: z.string().nullable(),
  /** The area's name now; null when the harvest has none or the area is gone. */
  areaName: z.string().nullable(),
  date: z.string(),
  weightG: z.number().nullable(),
  count: z.number().int().nullable(),
  note: z.string().nullable(),
  imageUrl: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Harvest = z.infer<typeof harvestSchema>;

export const totalsSchema = z.object({ weightG: z.number(), count: z.number().int() });

export const harvestCreatedSchema = z.object({ harvest: harvestSchema });

export const plantHarvestsSchema = z.object({
  harvests: z.array(harvestSchema),
  total: totalsSchema,
});
export type PlantHarvests = z.infer<typeof plantHarvestsSchema>;

const SEASON_MESSAGE =
  "Give the season as its year, such as 2026 (or 2026-27 south of the equator).";

export const harvestSeasonQuerySchema = z.strictObject({
  season: z
    .string({ error: SEASON_MESSAGE })
    .regex(/^\d{4}(-\d{2})?$/, SEASON_MESSAGE)
    .optional(),
});

export const seasonSchema = z.object({ key: z.string(), start: z.string(), end: z.string() });

/** GET /api/harvests: one season's harvests, newest first, and their totals by crop and area. */
export const seasonHarvestsSchema = z.object({
  season: seasonSchema,
  /** Seasons with harvests, newest first. */
  seasons: z.array(z.string()),
  harvests: z.array(harvestSchema),
  total: totalsSchema,
  byCrop: z.array(totalsSchema.extend({ cropSlug: z.string(), name: z.string() })),
  byArea: z.array(totalsSchema.extend({ areaId: z.string().nullable(), name: z.string() })),
});
export type SeasonHarvests = z.infer<typeof seasonHarvestsSchema>;

export const plantIdParamsSchema = z.object({ plantId: idSchema });
export const harvestIdParamsSchema = z.object({ harvestId: idSchema });
