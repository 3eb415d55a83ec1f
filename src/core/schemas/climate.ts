import { isMonthDay } from "../climate/month-day";
import { cropSlugSchema } from "./crop";
import { isoDateSchema } from "./date";
import { labelledEnum } from "./enum";
import { placeSchema } from "./place";
import { placeValues, startMethodValues } from "./plant-setup";
import { z } from "./z";

const monthDay = z
  .string()
  .regex(/^(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/, "Give a frost date as MM-DD, like 04-15.")
  .refine(
    isMonthDay,
    "That day is not in every year (no 30 February or 31 April; for the end of February use 02-28).",
  );

/** GET /api/me/climate (API.md): the climate of the gardener's place. */
export const climateBodySchema = z.object({
  source: z.enum(["usda-noaa", "historical", "gardener", "estimate"]),
  zone: z.string().nullable(),
  zoneTitle: z.string().nullable(),
  lastFrost: z.string().nullable(),
  firstFrost: z.string().nullable(),
  frostFree: z.boolean(),
  /** Days from the last spring to the first autumn frost; 365 where there is none; null unknown. */
  growingSeasonDays: z.number().int().nullable(),
  monthlyMeanC: z.array(z.number()).nullable(),
  monthlyRainMm: z.array(z.number()).nullable(),
  hemisphere: z.enum(["north", "south"]),
});
export type ClimateBody = z.infer<typeof climateBodySchema>;

/** PATCH /api/me/climate: the gardener's own frost dates; null goes back to the place's. */
export const climatePatchSchema = z
  .strictObject({
    lastFrost: monthDay.nullable(),
    firstFrost: monthDay.nullable(),
  })
  // One date alone cannot make a season: the climate takes the gardener's dates as a pair.
  .refine((dates) => (dates.lastFrost === null) === (dates.firstFrost === null), {
    message: "Give both frost dates, or neither (null for both) to go back to your place's dates.",
  });
export type ClimatePatch = z.infer<typeof climatePatchSchema>;

/** The gardener's own frost dates as an import file carries them (an export's `profile.frostDates`). */
export const frostDatesSchema = z.object({ lastFrost: monthDay, firstFrost: monthDay });

export const calendarActionValues = ["start-indoors", "sow", "plant-out", "harvest"] as const;
const windowSchema = z.object({
  action: z.enum(calendarActionValues),
  from: z.string(),
  to: z.string(),
});

export const plantingCalendarQuerySchema = z.object({
  date: isoDateSchema().optional(),
  crops: z
    .string()
    .regex(/^[a-z0-9-]+(,[a-z0-9-]+)*$/, "Give crops as catalogue slugs separated by commas.")
    .optional(),
});

/** GET /api/planting-calendar (API.md). */
export const plantingCalendarBodySchema = z.object({
  place: placeSchema.nullable(),
  climate: climateBodySchema,
  date: z.string(),
  crops: z.array(
    z.object({
      slug: z.string(),
      name: z.string(),
      category: z.string(),
      verdict: z.enum(["now", "soon", "not-now"]),
      reason: z.string(),
      next: windowSchema.nullable(),
      windows: z.array(windowSchema),
    }),
  ),
});
export type PlantingCalendarBody = z.infer<typeof plantingCalendarBodySchema>;

/** GET /api/planting-warning: the warning Add Plant shows before saving (issue 23). */
export const plantingWarningQuerySchema = z.object({
  crop: cropSlugSchema,
  date: isoDateSchema("Give the date as YYYY-MM-DD."),
  place: labelledEnum(placeValues),
  startMethod: labelledEnum(startMethodValues).optional(),
});
export type PlantingWarningQuery = z.infer<typeof plantingWarningQuerySchema>;

export const plantingWarningBodySchema = z.object({ plantingWarning: z.string().nullable() });
export type PlantingWarningBody = z.infer<typeof plantingWarningBodySchema>;
