import { assistantEngines } from "./chat";
import { cropSlugSchema } from "./crop";
import { labelledEnum } from "./enum";
import { lightsValues, mediumValues, placeValues } from "./plant-setup";
import { whenMissing, z } from "./z";

// Spec §5 Grow Along options, lower-case on the wire (API.md "Grow Along").
export const gardenTypeValues = [
  "container",
  "raised-bed",
  "in-ground",
  "hydroponic-system",
  "indoor",
  "balcony",
] as const;
export const growLightingValues = ["full-sun", "partial-shade", "led", "mixed"] as const;
export const growExperienceValues = ["beginner", "some", "intermediate", "advanced"] as const;
export const climateValues = [
  "tropical",
  "subtropical",
  "temperate",
  "arid",
  "desert",
  "mediterranean",
  "cold",
  "alpine",
] as const;

export type GardenType = (typeof gardenTypeValues)[number];
export type GrowLighting = (typeof growLightingValues)[number];
export type GrowExperience = (typeof growExperienceValues)[number];
export type Climate = (typeof climateValues)[number];

/** Spec §8 "Grow guide": the failure message, shown as the 502's message too. */
export const GROW_GUIDE_FAILED_MESSAGE =
  "Sorry, I couldn't generate recommendations right now. Please try again later.";

/** The spec's labels that do not simply hyphenate into their wire value. */
const lightingLabels = { "LED Grow Lights": "led", "Mixed (Sun + LED)": "mixed" } as const;
const experienceLabels = { "Some Experience": "some" } as const;

/** Ten years: a guide reaching further is broken, not patient (the plans' limit too). */
export const MAX_GUIDE_DAY = 3650;
export const MAX_GUIDE_STAGES = 20;
export const MAX_GUIDE_TASKS = 50;
export const MAX_GUIDE_TIPS = 20;
export const MAX_GUIDE_INSTRUCTIONS = 30;
export const GUIDE_DESCRIPTION_LIMIT = 500;
export const GUIDE_TIP_LIMIT = 500;
export const GUIDE_INSTRUCTION_LIMIT = 1000;

const text = (what: string, max: number) =>
  z
    .string({ error: whenMissing(`Give the ${what}.`) })
    .trim()
    .min(1, `Give the ${what}.`)
    .max(max, `Keep the ${what} to ${max.toLocaleString("en")} characters or fewer.`);

/** POST /api/gardening/grow-guide (spec §5 Grow Along): every field is required. */
export const growGuideRequestSchema = z.strictObject({
  plant: z
    .string({ error: whenMissing("Enter the plant you want to grow.") })
    .trim()
    .min(1, "Enter the plant you want to grow.")
    .max(100, "Keep the plant's name to 100 characters or fewer."),
  /** The catalogue crop picked from the suggestions; without it the name is looked up. */
  cropSlug: z
    .string({ error: "cropSlug must be a catalogue slug, like cherry-tomato." })
    .pipe(cropSlugSchema)
    .nullable()
    .optional(),
  location: z
    .string({ error: whenMissing("Enter your location, or use GPS.") })
    .trim()
    .min(1, "Enter your location, or use GPS.")
    .max(120, "Keep the location to 120 characters or fewer."),
  medium: labelledEnum(mediumValues),
  gardenType: labelledEnum(gardenTypeValues),
  lighting: labelledEnum(growLightingValues, lightingLabels),
  experience: labelledEnum(growExperienceValues, experienceLabels),
  climate: labelledEnum(climateValues),
});
export type GrowGuideRequest = z.infer<typeof growGuideRequestSchema>;

const day = (what: string) =>
  z
    .number({ error: `${what} must be a whole number of days from 0 to ${MAX_GUIDE_DAY}.` })
    .int(`${what} must be a whole number of days from 0 to ${MAX_GUIDE_DAY}.`)
    .min(0, `${what} must be a whole number of days from 0 to ${MAX_GUIDE_DAY}.`)
    .max(MAX_GUIDE_DAY, `${what} must be a whole number of days from 0 to ${MAX_GUIDE_DAY}.`);

export const guideStageSchema = z.strictObject({
  name: text("stage name", 40),
  /** Days from the planting date (0 = the planting day) of the stage's first day. */
  startDay: day("startDay"),
  /** Its last day, inclusive: the next stage starts the day after. */
  endDay: day("endDay"),
  description: z
    .string({ error: "description must be text." })
    .trim()
    .max(
      GUIDE_DESCRIPTION_LIMIT,
      `Keep a stage's description to ${GUIDE_DESCRIPTION_LIMIT} characters or fewer.`,
    ),
});
export type GuideStage = z.infer<typeof guideStageSchema>;

export const guideTaskSchema = z.strictObject({
  title: text("task title", 200),
  /** Days from the planting date of its first due date. */
  dueInDays: day("dueInDays"),
  repeatEveryDays: z
    .number({
      error: `repeatEveryDays must be a whole number from 1 to ${MAX_GUIDE_DAY}, or null.`,
    })
    .int(`repeatEveryDays must be a whole number from 1 to ${MAX_GUIDE_DAY}, or null.`)
    .min(1, `repeatEveryDays must be a whole number from 1 to ${MAX_GUIDE_DAY}, or null.`)
    .max(
      MAX_GUIDE_DAY,
      `repeatEveryDays must be a whole number from 1 to ${MAX_GUIDE_DAY}, or null.`,
    )
    .nullable(),
  /** Ours: the task's kind (watering, feeding, …), kept when the guide is tracked. */
  type: z
    .string({ error: "Use a short lower-case type such as watering or custom." })
    .regex(/^[a-z][a-z0-9-]{0,29}$/, "Use a short lower-case type such as watering or custom.")
    .optional(),
});
export type GuideTask = z.infer<typeof guideTaskSchema>;

/** What a tracked guide's plant is saved with (Add Plant's medium, place and lights). */
export const guideSetupSchema = z.strictObject({
  medium: z.enum(mediumValues),
  place: z.enum(placeValues),
  lights: z.enum(lightsValues),
});
export type GuideSetup = z.infer<typeof guideSetupSchema>;

const BACK_TO_BACK =
  "Stages run back to back from day 0: the first starts on day 0, each ends on or after its start, and the next starts the day after.";

/** Whether the stages run back to back from day 0, as a plant's timeline does. */
export function stagesBackToBack(stages: readonly { startDay: number; endDay: number }[]) {
  let next = 0;
  for (const stage of stages) {
    if (stage.startDay !== next || stage.endDay < stage.startDay) return false;
    next = stage.endDay + 1;
  }
  return true;
}

/**
 * API.md `GrowGuide`, with `sources` (the knowledge it used) and `setup` (what to track it as)
 * added. The same schema checks a guide sent back to POST /api/plants for tracking.
 */
export const growGuideSchema = z.strictObject({
  plant: text("plant's name", 100),
  cropSlug: cropSlugSchema.max(100).nullable(),
  /** True for a plant not in the catalogue: generic stages and general care. */
  custom: z.boolean({ error: "custom must be true or false." }),
  engine: z.enum(assistantEngines),
  stages: z
    .array(guideStageSchema, { error: "stages must be a list." })
    .min(1, "A guide needs at least one stage.")
    .max(MAX_GUIDE_STAGES, `A guide has at most ${MAX_GUIDE_STAGES} stages.`)
    .refine(stagesBackToBack, { error: BACK_TO_BACK }),
  tasks: z
    .array(guideTaskSchema, { error: "tasks must be a list." })
    .max(MAX_GUIDE_TASKS, `A guide has at most ${MAX_GUIDE_TASKS} tasks.`),
  tips: z
    .array(text("tip", GUIDE_TIP_LIMIT), { error: "tips must be a list." })
    .max(MAX_GUIDE_TIPS, `A guide has at most ${MAX_GUIDE_TIPS} tips.`),
  instructions: z
    .array(text("instruction", GUIDE_INSTRUCTION_LIMIT), { error: "instructions must be a list." })
    .max(MAX_GUIDE_INSTRUCTIONS, `A guide has at most ${MAX_GUIDE_INSTRUCTIONS} instructions.`),
  sources: z
    .array(z.strictObject({ title: text("source title", 200), ref: text("source ref", 200) }), {
      error: "sources must be a list.",
    })
    .max(20, "A guide names at most 20 sources."),
  setup: guideSetupSchema,
  /**
   * The form's garden type and lighting the guide was made for, which say more than `setup`
   * (a container; full sun or partial shade): the plant tracked from it keeps them. Optional, so
   * a guide from before they were added can still be tracked.
   */
  gardenType: z.enum(gardenTypeValues).optional(),
  lighting: z.enum(growLightingValues).optional(),
  /**
   * Why today is outside the crop's window at the gardener's place, or null (issue 23); sent
   * back with the guide when it is tracked, and ignored then.
   */
  plantingWarning: z.string().max(600).nullable().optional(),
});
export type GrowGuide = z.infer<typeof growGuideSchema>;
