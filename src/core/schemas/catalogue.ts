import { MAX_RESULTS } from "../catalogue-search";
import { cropCategoryValues } from "./crop";
import { z } from "./z";

/** API.md CropSummary. */
export const cropSummarySchema = z.object({
  slug: z.string(),
  name: z.string(),
  scientificName: z.string(),
  category: z.enum(cropCategoryValues),
});
export type CropSummary = z.infer<typeof cropSummarySchema>;

export const cropListSchema = z.object({ crops: z.array(cropSummarySchema) });

export const cropSearchQuerySchema = z.object({
  q: z.string().max(100, "Keep the search under 100 characters.").default(""),
  limit: z.coerce
    .number({ error: `limit is a whole number from 1 to ${MAX_RESULTS}.` })
    .int(`limit is a whole number from 1 to ${MAX_RESULTS}.`)
    .min(1, `limit is a whole number from 1 to ${MAX_RESULTS}.`)
    .max(MAX_RESULTS, `limit is a whole number from 1 to ${MAX_RESULTS}.`)
    .default(MAX_RESULTS),
});

export const suggestionListValues = ["add-plant", "grow-along"] as const;

export const suggestionsQuerySchema = z.object({
  for: z.enum(suggestionListValues, { error: "Use for=add-plant or for=grow-along." }),
});
