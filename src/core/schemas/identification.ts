import { whenMissing, z } from "./z";

/** Spec §9: below this confidence the page warns "Low confidence identification". */
export const LOW_CONFIDENCE_THRESHOLD = 0.7;
/** Spec §9: identifications kept per gardener, and shown on /plant-id. */
export const IDENTIFICATIONS_KEPT = 10;
export const IDENTIFICATIONS_SHOWN = 3;
/** Spec §9 "up to 5 common names shown"; API.md also caps suggestions at 5. */
export const COMMON_NAMES_SHOWN = 5;
export const SUGGESTIONS_KEPT = 5;
/** Spec §9 "Plant photo size note: up to 10MB", enforced on the server. */
export const PHOTO_MAX_BYTES = 10 * 1024 * 1024;
/** Longest side of a stored photo, in pixels (issue 11). */
export const STORED_PHOTO_MAX_SIDE = 1024;
/** Spec §4 Plant ID: the growth stages offered when saving an identified plant. */
export const identificationStages = [
  "seed",
  "seedling",
  "vegetative",
  "flowering",
  "fruiting",
  "harvest",
] as const;

export const identificationEngines = ["offline", "plant.id", "plantnet"] as const;
export type IdentificationEngine = (typeof identificationEngines)[number];

export const identificationSuggestionSchema = z.object({
  scientificName: z.string(),
  commonNames: z.array(z.string()),
  confidence: z.number(),
  cropSlug: z.string().nullable(),
});
export type IdentificationSuggestion = z.infer<typeof identificationSuggestionSchema>;

/** API.md `Identification`: the best suggestion spelled out, then all of them (best first). */
export const identificationSchema = z.object({
  id: z.string(),
  engine: z.enum(identificationEngines),
  /** False for the model's background class or a top score too low to name anything. */
  recognised: z.boolean(),
  plantName: z.string(),
  scientificName: z.string(),
  confidence: z.number(),
  commonNames: z.array(z.string()),
  imageUrl: z.string(),
  cropSlug: z.string().nullable(),
  suggestions: z.array(identificationSuggestionSchema),
  createdAt: z.string(),
});
export type Identification = z.infer<typeof identificationSchema>;

export const identificationListSchema = z.object({
  identifications: z.array(identificationSchema),
});

/**
 * The JSON body of POST /api/gardening/identify-plant may be this large: a 10 MB photo is about
 * 13.4 MB as base64, and a larger one must reach the size check (413 with the photo message)
 * rather than fail as malformed JSON.
 */
export const IDENTIFY_BODY_LIMIT = 16 * 1024 * 1024;

/** What is accepted, said the same way by every refusal of a photo. */
export const PHOTO_ACCEPTED = "send a JPEG, PNG or WebP image of up to 10 MB";

const shortWord = z.string().max(50, "must be at most 50 characters.");

/**
 * POST /api/gardening/identify-plant as JSON (spec §7): one photo as base64 or a data URL. The
 * spec's `modifiers` and `plantDetails` (Plant.id options) are accepted and left to the engines.
 */
export const identifyRequestSchema = z.strictObject({
  images: z
    .array(
      z
        .string({ error: "Each image must be base64 text or a data URL." })
        .min(1, "Each image must be base64 text or a data URL.")
        .max(IDENTIFY_BODY_LIMIT),
      { error: whenMissing("Add a photo: images must hold one base64 image or data URL.") },
    )
    .min(1, "Add a photo: images must hold one base64 image or data URL.")
    .max(1, "Send one photo per identification."),
  modifiers: z.array(shortWord).max(10).optional(),
  plantDetails: z.array(shortWord).max(10).optional(),
});
export type IdentifyRequest = z.infer<typeof identifyRequestSchema>;

/** GET /api/identifications/:id/image, GET /api/plants/:id/photo. */
export const photoQuerySchema = z.object({
  /** The image id from `imageUrl`: the URL changes when the photo does, so it may be cached. */
  v: z.string().max(100).optional(),
});

export const careProviders = ["catalogue"] as const;

export const careParamsSchema = z.object({
  provider: z.string().min(1).max(40, "must be at most 40 characters."),
});

export const careQuerySchema = z.object({
  query: z
    .string({ error: whenMissing("Give the plant to look up, as ?query=tomato.") })
    .trim()
    .min(1, "Give the plant to look up, as ?query=tomato.")
    .max(100, "Keep the plant's name to 100 characters or fewer."),
});

/** Spec §3 "Care info" (snake_case as the spec names it), plus where it came from. */
export const careInfoSchema = z.object({
  /** The catalogue slug of the crop. */
  id: z.string(),
  sunlight: z.string(),
  watering: z.string(),
  growth_habit: z.string(),
  /** What the knowledge base says about toxicity to people or pets; null when it says nothing. */
  toxicity: z.string().nullable(),
  soil: z.string(),
  maintenance: z.string(),
  /** When and how to prune, where the knowledge base says; null when it says nothing. */
  pruning_month: z.string().nullable(),
  name: z.string(),
  scientificName: z.string(),
  provider: z.enum(careProviders),
  sources: z.array(z.object({ title: z.string(), ref: z.string() })),
});
export type CareInfo = z.infer<typeof careInfoSchema>;

const nameText = (max: number) => z.string().max(max, `must be at most ${max} characters.`);

/** The result the page shows, as the client passes it back; fields it does not need are dropped. */
const rawIdentificationSchema = z.object({
  plantName: nameText(200).optional(),
  scientificName: nameText(200).nullable().optional(),
  commonNames: z.array(nameText(100)).max(20).optional(),
  cropSlug: nameText(100).nullable().optional(),
  recognised: z.boolean().optional(),
});

/** POST /api/gardening/reframe-identification (spec §7): the client passes the result back. */
export const reframeRequestSchema = z.strictObject({
  rawData: z.union([nameText(200).trim().min(1, "must not be empty."), rawIdentificationSchema], {
    error: "rawData must be the identification result, or the plant's name as text.",
  }),
  analysisType: z.enum(["identify"], {
    error: "analysisType must be identify: the disease check is not available yet.",
  }),
  confidence: z
    .number({ error: "confidence must be a number from 0 to 1." })
    .min(0, "confidence must be a number from 0 to 1.")
    .max(1, "confidence must be a number from 0 to 1."),
});
export type ReframeRequest = z.infer<typeof reframeRequestSchema>;

export const summaryReplySchema = z.object({
  summary: z.string(),
  engine: z.enum(["built-in", "llm"]),
  sources: z.array(z.object({ title: z.string(), ref: z.string() })),
});

export const DESCRIPTION_LIMIT = 5000;

/** POST /api/gardening/analyze-issue (spec §7) plus plantId: the gardener's plant in question. */
export const analyzeIssueRequestSchema = z.strictObject({
  description: z
    .string({ error: whenMissing("Describe what you see on the plant.") })
    .trim()
    .min(1, "Describe what you see on the plant.")
    .max(DESCRIPTION_LIMIT, "Keep the description to 5,000 characters or fewer."),
  location: z
    .union([nameText(120), z.object({ place: nameText(120) })], {
      error: "location must be a place name, or { place }.",
    })
    .nullable()
    .optional(),
  plantId: z
    .string({ error: "plantId must be the id of one of your plants." })
    .min(1, "plantId must be the id of one of your plants.")
    .max(100, "plantId must be the id of one of your plants.")
    .nullable()
    .optional(),
});
export type AnalyzeIssueRequest = z.infer<typeof analyzeIssueRequestSchema>;

export const likelihoodValues = ["high", "medium", "low"] as const;

export const issueCauseSchema = z.object({
  name: z.string(),
  likelihood: z.enum(likelihoodValues),
  why: z.string(),
  actions: z.array(z.string()),
});
export type IssueCause = z.infer<typeof issueCauseSchema>;

export const issueAnalysisSchema = summaryReplySchema.extend({
  /** Most likely first. Empty when the description matches nothing Tendril knows. */
  causes: z.array(issueCauseSchema),
});
