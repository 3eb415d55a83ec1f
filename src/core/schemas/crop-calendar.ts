import { cropSlugSchema } from "./crop";
import { z } from "./z";

/**
 * Where a crop's year sits: "cool" crops grow best in mild weather and take some frost (peas,
 * lettuce, garlic); "warm" crops need warm soil and no frost (tomato, basil); "perennial" plants are
 * planted once while dormant and crop for years (apple, asparagus, rhubarb); "indoor" plants are
 * houseplants, planted and repotted any time indoors.
 */
export const calendarSeasonValues = ["cool", "warm", "perennial", "indoor"] as const;

/**
 * How much frost the growing plant takes: "tender" is killed at 0 °C (32 °F); "half-hardy" takes
 * light frost to about −2 °C (28 °F); "hardy" takes hard frost below about −5 °C (23 °F).
 */
export const frostToleranceValues = ["tender", "half-hardy", "hardy"] as const;

/** Whole weeks from a frost date: negative before it, positive after ("6–8 weeks before" is −8 to −6). */
const weekRange = z
  .strictObject({ from: z.number().int().min(-30).max(30), to: z.number().int().min(-30).max(30) })
  .refine((r) => r.from <= r.to, { error: "from must not be after to." });

/** Keys of the sections in data/SOURCES.md that a calendar entry can cite. */
export const calendarSourceValues = [
  "extension-vegetable-calendars",
  "rhs-grow-your-own",
  "tendril-editorial",
] as const;

export const cropCalendarSchema = z
  .strictObject({
    slug: cropSlugSchema,
    season: z.enum(calendarSeasonValues),
    frost: z.enum(frostToleranceValues),
    /** Lowest soil temperature at which the seed germinates reliably, °C; null when not raised from seed. */
    minSoilC: z.number().min(0).max(35).nullable(),
    /** Sowing indoors, in weeks from the median last spring frost. */
    startIndoors: weekRange.nullable(),
    /** Sowing where it is to grow, in weeks from the median last spring frost. */
    sowOutdoors: weekRange.nullable(),
    /** Planting out transplants, sets, tubers, crowns or bare-root plants, in weeks from the last spring frost. */
    plantOut: weekRange.nullable(),
    /**
     * A second window before winter (garlic cloves, autumn onion sets, spring bulbs, broad beans,
     * bare-root fruit), in weeks from the median first autumn frost.
     */
    autumn: z.strictObject({ method: z.enum(["sow", "plant"]), weeks: weekRange }).nullable(),
    /**
     * Perennials and fruit: when the crop is picked, in weeks from the last spring frost (others
     * are ready their catalogue daysToMaturity after sowing or planting).
     */
    harvest: weekRange.nullable(),
    /**
     * The monthly mean air temperature it grows well in, °C: where there is no frost, a month is
     * a time to sow or plant when its mean and the next months' means are in this range.
     */
    growsInMeanC: z
      .strictObject({ min: z.number().min(-5).max(35), max: z.number().min(0).max(40) })
      .refine((r) => r.min < r.max, { error: "min must be below max." }),
    sources: z.array(z.enum(calendarSourceValues)).min(1),
  })
  .refine(
    (c) => c.season === "indoor" || c.startIndoors || c.sowOutdoors || c.plantOut || c.autumn,
    {
      error: "An outdoor crop needs at least one sowing or planting window.",
    },
  )
  .refine((c) => c.frost !== "tender" || !c.autumn, {
    error: "A frost-tender crop has no window before winter.",
  })
  .refine(
    (c) =>
      c.frost !== "tender" || ((c.plantOut?.from ?? 0) >= 0 && (c.sowOutdoors?.from ?? 0) >= 0),
    { error: "A frost-tender crop goes outside after the last frost, not before it." },
  );

export type CropCalendar = z.infer<typeof cropCalendarSchema>;

export const cropCalendarFileSchema = z.strictObject({
  /** What the weeks count from, said once for a reader of the file. */
  about: z.string().min(1),
  crops: z.array(cropCalendarSchema).min(1),
});
