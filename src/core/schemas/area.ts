import { withoutBidiControls } from "../bidi-controls";
import { cropSlugSchema } from "./crop";
import { labelledEnum } from "./enum";
import { z } from "./z";

/** Issue 26: beds and areas. */
export const areaKindValues = [
  "raised-bed",
  "in-ground",
  "container-group",
  "indoor-shelf",
  "hydroponic-system",
  "greenhouse",
] as const;
export const areaSunValues = ["full-sun", "partial-shade", "shade", "grow-lights"] as const;
export const areaSizeUnitValues = ["m2", "ft2"] as const;

export type AreaKind = (typeof areaKindValues)[number];
export type AreaSun = (typeof areaSunValues)[number];
export type AreaSizeUnit = (typeof areaSizeUnitValues)[number];

/** A gardener keeps at most this many areas. */
export const MAX_AREAS = 200;
/** 10 000 m² (a hectare) is far beyond a home garden; anything larger is a typing slip. */
export const MAX_AREA_M2 = 10_000;
/** Sizes are kept to 1 cm²: the smallest there is. */
const MIN_AREA_M2 = 0.0001;
const TOO_SMALL =
  "Give a size of at least 1 cm² (0.0001 m², about 0.001 ft²), or leave the size out.";
const TOO_LARGE = `Keep the size to ${MAX_AREA_M2.toLocaleString("en")} m² (about 107,600 ft²) or less.`;
/** A size past any number (1e308 ft² once in m², or in cm²) is too large, or too small. */
const beyondNumbers = (input: unknown) =>
  input === Infinity ? TOO_LARGE : input === -Infinity ? TOO_SMALL : undefined;
export const SQUARE_METRES_PER_SQUARE_FOOT = 0.09290304;

/**
 * Kept to 4 decimals of a m² (1 cm²): a size given in ft² reads back the same when shown in ft²,
 * and finer is noise from the conversion.
 */
export function storedSquareMetres(m2: number): number {
  return Math.round(m2 * 10_000) / 10_000;
}

/**
 * A size in m² as Tendril keeps it: rounded to the cm² first, then checked, so a size that passes
 * is the size stored (1e-300 m² would be kept as 0). The API's sizes and the import's both pass
 * through it.
 */
export const storedAreaM2Schema = z
  .number({ error: (issue) => beyondNumbers(issue.input) ?? "must be a number of square metres." })
  .transform(storedSquareMetres)
  .pipe(
    z
      .number({ error: (issue) => beyondNumbers(issue.input) })
      .min(MIN_AREA_M2, TOO_SMALL)
      .max(MAX_AREA_M2, TOO_LARGE),
  );

/** The size in m², before it is kept to the cm². */
export function sizeInSquareMetres(size: { value: number; unit: AreaSizeUnit }): number {
  return size.unit === "m2" ? size.value : size.value * SQUARE_METRES_PER_SQUARE_FOOT;
}

/** A size as the gardener gives it: once in m², one Tendril keeps (storedAreaM2Schema). */
export const areaSizeSchema = z
  .strictObject(
    {
      value: z.number({ error: "Give the size as a number, like 2.5." }),
      unit: z.enum(areaSizeUnitValues, { error: 'Give the size unit as "m2" or "ft2".' }),
    },
    { error: "Give the size as { value, unit }, or null." },
  )
  .superRefine((size, ctx) => {
    const kept = storedAreaM2Schema.safeParse(sizeInSquareMetres(size));
    for (const { message } of kept.error?.issues ?? []) ctx.addIssue({ code: "custom", message });
  });
export type AreaSize = z.infer<typeof areaSizeSchema>;

const nameSchema = z
  .string({ error: "Enter the area's name." })
  .overwrite(withoutBidiControls)
  .trim()
  .min(1, "Enter the area's name.")
  .max(60, "Keep the area's name to 60 characters or fewer.");

const areaNotesSchema = z
  .string({ error: "Notes must be text." })
  .trim()
  .max(2000, "Keep notes to 2,000 characters or fewer.")
  .nullable()
  .transform((value) => value || null);

const sizeField = areaSizeSchema.nullable();

/** POST /api/areas. */
export const areaCreateSchema = z.strictObject({
  name: nameSchema,
  kind: labelledEnum(areaKindValues),
  size: sizeField.default(null),
  sun: labelledEnum(areaSunValues),
  covered: z.boolean({ error: "covered is true or false." }).default(false),
  notes: areaNotesSchema.default(null),
});
export type AreaCreate = z.infer<typeof areaCreateSchema>;

/** PATCH /api/areas/:areaId: any of the fields. */
export const areaPatchSchema = z.strictObject({
  name: nameSchema.optional(),
  kind: labelledEnum(areaKindValues).optional(),
  size: sizeField.optional(),
  sun: labelledEnum(areaSunValues).optional(),
  covered: z.boolean({ error: "covered is true or false." }).optional(),
  notes: areaNotesSchema.optional(),
});
export type AreaPatch = z.infer<typeof areaPatchSchema>;

export const areaSchema = z.object({
  id: z.string(),
  name: z.string(),
  kind: z.enum(areaKindValues),
  /** Always square metres; the web app shows ft² to gardeners who use imperial units. */
  sizeM2: z.number().nullable(),
  sun: z.enum(areaSunValues),
  covered: z.boolean(),
  notes: z.string().nullable(),
  plantCount: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Area = z.infer<typeof areaSchema>;

export const areaListSchema = z.object({ areas: z.array(areaSchema) });
export const areaResponseSchema = z.object({ area: areaSchema });

export const areaParamsSchema = z.object({
  areaId: z
    .string({ error: "Give the id as text." })
    .min(1, "Give an id.")
    .max(100, "That id is too long."),
});

/** How many more of a crop fit, by the catalogue's spacing; null: can't tell. */
export const areaFitSchema = z.object({
  cropSlug: z.string(),
  name: z.string(),
  spacingCm: z.number().nullable(),
  more: z.number().int().nullable(),
});
export type AreaFit = z.infer<typeof areaFitSchema>;

export const areaWarningSchema = z.object({
  kind: z.enum(["companion", "rotation"]),
  message: z.string(),
  /** The crops it is about: the pair (companion), or the crop and those before it (rotation). */
  cropSlugs: z.array(z.string()),
  /** Rotation: the shared family. */
  family: z.string().nullable(),
  /** Rotation: the earlier seasons ("2025", or "2025-26" south of the equator). */
  seasons: z.array(z.string()),
});
export type AreaWarning = z.infer<typeof areaWarningSchema>;

export const areaPlantSchema = z.object({
  id: z.string(),
  name: z.string(),
  cropSlug: z.string().nullable(),
  plantingDate: z.string(),
  imageUrl: z.string().nullable(),
});

export const areaDetailSchema = z.object({
  area: areaSchema,
  plants: z.array(areaPlantSchema),
  fit: z.array(areaFitSchema),
  warnings: z.array(areaWarningSchema),
});
export type AreaDetail = z.infer<typeof areaDetailSchema>;

export const areaCheckQuerySchema = z.object({
  crop: z.string({ error: "Give crop=<catalogue slug>, like crop=tomato." }).pipe(cropSlugSchema),
});

export const areaCheckSchema = z.object({
  fit: areaFitSchema,
  warnings: z.array(areaWarningSchema),
});
export type AreaCheck = z.infer<typeof areaCheckSchema>;
