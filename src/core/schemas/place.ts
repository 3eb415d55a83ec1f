import { z } from "./z";

/**
 * A place a gardener gardens in (API.md): a town or postcode anywhere, as /api/places found it.
 * `admin1` is the state or region ("Karnataka"), `country` its English name.
 */
export const placeSchema = z.strictObject({
  name: z.string().trim().min(1, "A place needs a name.").max(120),
  admin1: z.string().trim().max(120).nullable(),
  country: z.string().trim().max(120).nullable(),
  countryCode: z
    .string()
    .regex(/^[A-Z]{2}$/, "A country code is two capital letters, like IN.")
    .nullable(),
  latitude: z
    .number()
    .min(-90, "Latitude is between −90 and 90.")
    .max(90, "Latitude is between −90 and 90."),
  longitude: z
    .number()
    .min(-180, "Longitude is between −180 and 180.")
    .max(180, "Longitude is between −180 and 180."),
  timeZone: z.string().trim().max(64).nullable().optional(),
  postcode: z.string().trim().max(12).nullable().optional(),
});
export type Place = z.infer<typeof placeSchema>;

export const placesQuerySchema = z.object({ q: z.string().max(120).default("") });
export const placesBodySchema = z.object({ places: z.array(placeSchema) });
