import { withoutBidiControls } from "../bidi-controls";
import { cropSlugSchema } from "./crop";
import { isoDateSchema } from "./date";
import { labelledEnum } from "./enum";
import { gardenTypeValues, growGuideSchema, growLightingValues } from "./grow-guide";
import { lightsValues, mediumValues, placeValues, startMethodValues } from "./plant-setup";
import { notesSchema, pageQuerySchema, taskSchema } from "./task";
import { whenMissing, z } from "./z";

export { lightsValues, mediumValues, placeValues, startMethodValues };
export const plantSourceValues = ["catalogue", "custom", "identified"] as const;
export const plantStatusValues = ["active", "archived"] as const;

export const stagePlanEntrySchema = z.object({ name: z.string(), durationDays: z.number() });

/** API.md `Plant`, plus `currentStage`: the stage today's date falls in on its timeline. */
export const plantSchema = z.object({
  id: z.string(),
  name: z.string(),
  scientificName: z.string().nullable(),
  commonName: z.string().nullable(),
  slug: z.string().nullable(),
  cropSlug: z.string().nullable(),
  source: z.enum(plantSourceValues),
  medium: z.enum(mediumValues),
  place: z.enum(placeValues),
  lights: z.enum(lightsValues),
  /** The Grow Along garden type it was tracked with (a container, a raised bed…), or null. */
  gardenType: z.enum(gardenTypeValues).nullable(),
  /** The Grow Along lighting it was tracked with (full sun, partial shade…), or null. */
  growLighting: z.enum(growLightingValues).nullable(),
  startMethod: z.enum(startMethodValues).nullable(),
  experience: z.string().nullable(),
  plantingDate: z.string(),
  stagePlan: z.array(stagePlanEntrySchema),
  tips: z.array(z.string()),
  aiPlanVersion: z.number().int(),
  status: z.enum(plantStatusValues),
  /** The stage as recorded (on creation, or set by the gardener). */
  stage: z.string().nullable(),
  stageStartedAt: z.string().nullable(),
  nextTaskId: z.string().nullable(),
  imageUrl: z.string().nullable(),
  /** The bed or area it grows in (issue 26), or null when it is in none. */
  areaId: z.string().nullable(),
  /** What the plant card shows: its newest journal photo, else its own photo (imageUrl), else null. */
  latestPhotoUrl: z.string().nullable(),
  location: z.object({ place: z.string() }).nullable(),
  notes: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  identifiedAt: z.string().nullable(),
  currentStage: z.string().nullable(),
});
export type Plant = z.infer<typeof plantSchema>;

export const plantListItemSchema = plantSchema.extend({ nextTask: taskSchema.nullable() });

export const timelineStageSchema = z.object({
  name: z.string(),
  durationDays: z.number().int(),
  startDate: z.string(),
  /** Last day of the stage, inclusive. */
  endDate: z.string(),
  /** Share of the stage's days elapsed, 0..1. */
  progress: z.number(),
  current: z.boolean(),
  /** When the stage is expected to finish (its endDate). */
  eta: z.string(),
});

export const timelineSchema = z.object({
  stages: z.array(timelineStageSchema),
  currentStage: z.string().nullable(),
  progress: z.number(),
  eta: z.string().nullable(),
  /** When the plant should be ready: the first day of its harvest stage; null without one. */
  harvestDate: z.string().nullable(),
});

/**
 * API.md `Milestone`: a stage the plant is planned to reach on `date` (YYYY-MM-DD), `reachedAt`
 * set when it gets there. Spec §3's fields stay: `name` (= title), `fromAt` and `toAt` (the
 * stage's planned first and last day, as instants) and `createdAt`.
 */
export const milestoneSchema = z.object({
  id: z.string(),
  plantId: z.string(),
  title: z.string(),
  stage: z.string(),
  date: z.string(),
  reachedAt: z.string().nullable(),
  name: z.string(),
  fromAt: z.string().nullable(),
  toAt: z.string().nullable(),
  createdAt: z.string(),
});
export type Milestone = z.infer<typeof milestoneSchema>;

/**
 * GET /api/plants/:id. `tasks` are the plant's first 100 pending tasks, earliest first; `taskCount`
 * counts them all, and `tasksNextCursor` continues the list through
 * GET /api/tasks?plantId=…&status=pending&cursor=….
 */
export const plantDetailSchema = plantSchema.extend({
  timeline: timelineSchema,
  tasks: z.array(taskSchema),
  taskCount: z.number().int(),
  tasksNextCursor: z.string().nullable(),
  nextTask: taskSchema.nullable(),
  milestones: z.array(milestoneSchema),
});
export type PlantDetail = z.infer<typeof plantDetailSchema>;

const nameSchema = z
  .string({ error: whenMissing("Enter the plant's name.") })
  .overwrite(withoutBidiControls)
  .trim()
  .min(1, "Enter the plant's name.")
  .max(100, "Keep the plant's name to 100 characters or fewer.");

/** One of the gardener's areas; null takes the plant out of its area. */
const areaIdSchema = z
  .string({ error: "areaId must be the id of one of your areas, or null." })
  .min(1, "areaId must be the id of one of your areas, or null.")
  .max(100, "areaId must be the id of one of your areas, or null.")
  .nullable()
  .optional();

const stageSchema = z
  .string({ error: "Give the stage as text, like seedling." })
  .trim()
  .min(1, "Give the stage as text, like seedling.")
  .max(40, "Keep the stage to 40 characters or fewer.");

/** POST /api/plants (spec §5 Add Plant). Without cropSlug the name is looked up in the catalogue. */
export const plantCreateSchema = z.strictObject({
  name: nameSchema,
  cropSlug: z
    .string({ error: "cropSlug must be a catalogue slug, like cherry-tomato." })
    .pipe(cropSlugSchema)
    .nullable()
    .optional(),
  medium: labelledEnum(mediumValues),
  place: labelledEnum(placeValues),
  lights: labelledEnum(lightsValues),
  startMethod: labelledEnum(startMethodValues).nullable().optional(),
  plantingDate: isoDateSchema("Enter the start date (YYYY-MM-DD)."),
  stage: stageSchema.optional(),
  notes: notesSchema.optional(),
  /** One of the gardener's stored photos (the `v` of a plant's imageUrl): copied to the plant. */
  imageId: z
    .string({ error: "imageId must be the id of an uploaded image." })
    .regex(/^[A-Za-z0-9_-]{1,100}$/, "imageId must be the id of an uploaded image.")
    .nullable()
    .optional(),
  /**
   * Save an identification (spec §4 Plant ID): source "identified", its names and photo, and
   * stage "seed" unless `stage` says otherwise.
   */
  identificationId: z
    .string({ error: "identificationId must be the id of one of your identifications." })
    .min(1, "identificationId must be the id of one of your identifications.")
    .max(100, "identificationId must be the id of one of your identifications.")
    .nullable()
    .optional(),
  /**
   * Track a Grow Along guide (POST /api/gardening/grow-guide's answer, sent back as it came):
   * the plant starts at stage "seed" (unless `stage` says otherwise), the guide's stages are its
   * stage plan and milestones and the guide's tasks its tasks. No plan is generated.
   */
  guide: growGuideSchema.optional(),
  areaId: areaIdSchema,
});
export type PlantCreate = z.infer<typeof plantCreateSchema>;

export const plantPatchSchema = z.strictObject({
  name: nameSchema.optional(),
  stage: stageSchema.nullable().optional(),
  notes: notesSchema.optional(),
  medium: labelledEnum(mediumValues).optional(),
  place: labelledEnum(placeValues).optional(),
  lights: labelledEnum(lightsValues).optional(),
  plantingDate: isoDateSchema().optional(),
  areaId: areaIdSchema,
});
export type PlantPatch = z.infer<typeof plantPatchSchema>;

/** The forms of GET /api/plants: every Plant field, or only what a plant card shows. */
export const plantListViewValues = ["full", "summary"] as const;

export const plantListQuerySchema = pageQuerySchema.extend({
  view: z
    .enum(plantListViewValues, { error: 'view is "full" (the default) or "summary".' })
    .default("full"),
});
export type PlantListQuery = z.infer<typeof plantListQuerySchema>;

export const plantListSchema = z.object({
  plants: z.array(plantListItemSchema),
  /** Pass as `cursor` for the next page; null on the last page. */
  nextCursor: z.string().nullable(),
});

/**
 * GET /api/plants?view=summary: a plant as its card in the garden list shows it (name, photo,
 * medium, stage and its progress, next task, when added): about half the full form's bytes.
 * API.md's Plant stays the default form; this one is opt-in (docs/decisions.md).
 */
export const plantSummarySchema = plantSchema
  .pick({
    id: true,
    name: true,
    scientificName: true,
    commonName: true,
    cropSlug: true,
    medium: true,
    place: true,
    lights: true,
    plantingDate: true,
    stagePlan: true,
    status: true,
    stage: true,
    nextTaskId: true,
    imageUrl: true,
    areaId: true,
    latestPhotoUrl: true,
    createdAt: true,
    updatedAt: true,
    currentStage: true,
  })
  .extend({
    nextTask: taskSchema.pick({ id: true, title: true, dueDate: true }).nullable(),
    /**
     * How far into its current stage the plant is today (0..1), on its one schedule; null when
     * no stage is current. The card shows it without working out the timeline itself.
     */
    stageProgress: z.number().nullable(),
  });
export type PlantSummary = z.infer<typeof plantSummarySchema>;

export const plantSummaryListSchema = z.object({
  plants: z.array(plantSummarySchema),
  nextCursor: z.string().nullable(),
});

export const plantCreatedSchema = z.object({
  plant: plantDetailSchema,
  /** The tasks the plan scheduled. */
  tasks: z.array(taskSchema),
  /** When the date falls outside the crop's window for the gardener's place (issue 23). */
  plantingWarning: z.string().nullable(),
});
