import { withoutBidiControls } from "../bidi-controls";
import { experienceValues, preferenceValues, unitsValues } from "../profile-values";
import { labelledEnum } from "./enum";
import { placeSchema } from "./place";
import { reminderHourSchema, timeZoneSchema } from "./reminders";
import { z } from "./z";

export {
  experienceValues,
  preferenceLabels,
  preferenceValues,
  unitsValues,
} from "../profile-values";

export const zipSchema = z
  .string()
  .trim()
  .regex(/^\d{5}(-\d{4})?$/, "A US ZIP code has 5 digits, like 94110.")
  .transform((zip) => zip.slice(0, 5));

export const meSchema = z.object({
  id: z.string(),
  email: z.string(),
  displayName: z.string().nullable(),
  photoUrl: z.string().nullable(),
  provider: z.string().nullable(),
  createdAt: z.string(),
  lastLoginAt: z.string().nullable(),
  units: z.enum(unitsValues),
  location: z.string().nullable(),
  /** Where the gardener gardens, as /api/places found it; null on profiles with only a ZIP. */
  place: placeSchema.nullable(),
  zip: z.string().nullable(),
  zone: z.string().nullable(),
  zoneTitle: z.string().nullable(),
  tempRange: z.string().nullable(),
  experience: z.enum(experienceValues).nullable(),
  preference: z.enum(preferenceValues).nullable(),
  onboardingCompleted: z.boolean(),
  completedAt: z.string().nullable(),
  plan: z.enum(["free", "pro"]),
  /** IANA zone of the daily reminder ("UTC" until the gardener sets one). */
  timeZone: z.string(),
  /** The local hour (0–23) the daily reminder goes out. */
  reminderHour: z.number().int(),
  /** Whether the daily reminder is also e-mailed. */
  emailDigest: z.boolean(),
});
export type Me = z.infer<typeof meSchema>;

export const mePatchSchema = z.strictObject({
  displayName: z
    .string()
    .overwrite(withoutBidiControls)
    .trim()
    .min(1, "Enter a display name.")
    .max(100)
    .optional(),
  units: z
    .preprocess(
      (v) => (typeof v === "string" ? v.trim().toUpperCase() : v),
      z.enum(unitsValues, { error: "Use C or F." }),
    )
    .optional(),
  location: z.string().trim().max(120).nullable().optional(),
  zip: zipSchema.nullable().optional(),
  /** A place from /api/places; it sets the location too (and the ZIP, for a US ZIP code). */
  place: placeSchema.nullable().optional(),
  experience: labelledEnum(experienceValues).optional(),
  preference: labelledEnum(preferenceValues).optional(),
  onboardingCompleted: z.boolean().optional(),
  timeZone: timeZoneSchema.optional(),
  reminderHour: reminderHourSchema.optional(),
  emailDigest: z.boolean({ error: "emailDigest must be true or false." }).optional(),
});
export type MePatch = z.infer<typeof mePatchSchema>;

export const zoneSchema = z.object({
  zipcode: z.string(),
  zone: z.string(),
  trange: z.string(),
  zonetitle: z.string(),
  map: z.enum(["2023", "2012"]),
});
export type Zone = z.infer<typeof zoneSchema>;

/** GET /api/zones/:zip: the zone and the ZIP's town, "Phoenix, AZ" (null when unknown). */
export const zipZoneSchema = zoneSchema.extend({ place: z.string().nullable() });
export type ZipZone = z.infer<typeof zipZoneSchema>;
