import { areaKindValues, areaSchema, areaSunValues, MAX_AREAS, storedAreaM2Schema } from "./area";
import { chatSchema, messageSchema } from "./chat";
import { frostDatesSchema } from "./climate";
import { isoDateSchema } from "./date";
import { labelledEnum } from "./enum";
import { gardenTypeValues, growLightingValues } from "./grow-guide";
import { harvestSchema, MAX_HARVEST_COUNT, storedGramsSchema } from "./harvest";
import { identificationSchema, PHOTO_MAX_BYTES } from "./identification";
import { journalEntrySchema, journalTagSchema } from "./journal";
import { experienceValues, meSchema, preferenceValues, unitsValues, zipSchema } from "./me";
import { placeSchema } from "./place";
import {
  lightsValues,
  mediumValues,
  milestoneSchema,
  placeValues,
  plantSchema,
  plantSourceValues,
  plantStatusValues,
  startMethodValues,
} from "./plant";
import { reminderHourSchema, timeZoneSchema } from "./reminders";
import { MAX_PRIORITY, MAX_REPEAT_DAYS, MIN_PRIORITY, taskSchema, taskStatusValues } from "./task";
import { workflowSchema } from "./workflow";
import { z } from "./z";

export const EXPORT_FORMAT = "tendril-export";
export const EXPORT_VERSION = 1;

/**
 * How much one import may hold: far more than a real garden (the bench's 1,000 plants and
 * 20,000 tasks fit), little enough that one request cannot tie the server up.
 */
export const IMPORT_LIMITS = {
  plants: 10_000,
  tasks: 100_000,
  milestones: 100_000,
  chats: 10_000,
  messagesPerChat: 10_000,
  workflows: 1_000,
  itemsPerWorkflow: 200,
  identifications: 1_000,
  areas: MAX_AREAS,
  areaPlantings: 100_000,
  harvests: 100_000,
  journalEntries: 100_000,
} as const;
/**
 * The largest import body (the JSON file), in bytes: room for about 400 plant photos (stored
 * photos are WebP of at most 1024 px, about 100 KB, a third more as base64).
 */
export const IMPORT_BODY_LIMIT = 64 * 1024 * 1024;
/** The largest plant photo in an import, as base64 text (a stored photo is far smaller). */
const MAX_PHOTO_BASE64 = Math.ceil((PHOTO_MAX_BYTES * 4) / 3);

// ---- GET /api/export ----

/** A plant's photo in the file: the stored WebP, as base64. */
export const exportPhotoSchema = z.object({
  mimeType: z.literal("image/webp"),
  width: z.number().int(),
  height: z.number().int(),
  data: z.string(),
});

/** A plant as exported: API.md `Plant` with its photo itself in place of the photo's URL. */
export const exportPlantSchema = plantSchema
  .omit({ imageUrl: true, latestPhotoUrl: true, currentStage: true })
  .extend({ photo: exportPhotoSchema.nullable() });
/** A harvest as exported: API.md `Harvest` with its photo itself, without names of the moment. */
export const exportHarvestSchema = harvestSchema
  .omit({ imageUrl: true, plantName: true, areaName: true })
  .extend({ photo: exportPhotoSchema.nullable() });
/** A journal entry as exported: its photos themselves, in the entry's order, for their URLs. */
export const exportJournalEntrySchema = journalEntrySchema
  .omit({ photos: true })
  .extend({ photos: z.array(exportPhotoSchema) });
/** A chat with its messages, oldest first. */
export const exportChatSchema = chatSchema.extend({
  messages: z.array(messageSchema.omit({ chatId: true })),
});
/** An identification without its photo (the history is a scratch pad; plants keep theirs). */
export const exportIdentificationSchema = identificationSchema.omit({ imageUrl: true });

/** A bed or area (issue 26); its plants name it by `areaId`. */
export const exportAreaSchema = areaSchema.omit({ plantCount: true });
/** A plant that grew in an area and left it: crop rotation's history (issue 26). */
export const exportAreaPlantingSchema = z.object({
  id: z.string(),
  areaId: z.string(),
  plantId: z.string(),
  plantName: z.string(),
  cropSlug: z.string().nullable(),
  plantedOn: z.string(),
  leftAt: z.string(),
});

/** API.md "export": everything of one gardener, in the API's own shapes. */
export const exportFileSchema = z.object({
  format: z.literal(EXPORT_FORMAT),
  version: z.literal(EXPORT_VERSION),
  exportedAt: z.string(),
  /** The profile as GET /api/me shows it, with the frost dates the gardener gave (null: the place's). */
  profile: meSchema.extend({
    frostDates: z.object({ lastFrost: z.string(), firstFrost: z.string() }).nullable(),
  }),
  plants: z.array(exportPlantSchema),
  tasks: z.array(taskSchema),
  milestones: z.array(milestoneSchema),
  chats: z.array(exportChatSchema),
  workflows: z.array(workflowSchema),
  identifications: z.array(exportIdentificationSchema),
  areas: z.array(exportAreaSchema),
  areaPlantings: z.array(exportAreaPlantingSchema),
  harvests: z.array(exportHarvestSchema),
  /** Issue 26: the plants' journals, each entry with its photos. */
  journal: z.array(exportJournalEntrySchema),
});
export type ExportFile = z.infer<typeof exportFileSchema>;

// ---- POST /api/import ----
// Each record is checked as strictly as the routes that create it, with the same limits; fields
// the export has but an import cannot set (photo URLs, the plant's next task, the account's
// email and plan) are ignored.

const id = z.string({ error: "must be text." }).min(1).max(100);

const text = (max: number) => z.string({ error: "must be text." }).max(max);
const optionalText = (max: number) =>
  text(max)
    .nullable()
    .optional()
    .transform((value) => value ?? null);

const INSTANT_MESSAGE = "must be an ISO-8601 instant, like 2026-05-01T09:30:00.000Z.";
/** An instant, stored in the API's form (ISO-8601 UTC, milliseconds). */
const instant = z
  .string({ error: INSTANT_MESSAGE })
  .max(40, INSTANT_MESSAGE)
  .refine((value) => {
    const ms = Date.parse(value);
    return Number.isFinite(ms) && ms >= Date.UTC(1900, 0, 1) && ms < Date.UTC(2200, 0, 1);
  }, INSTANT_MESSAGE)
  .transform((value) => new Date(value).toISOString());
const optionalInstant = instant
  .nullable()
  .optional()
  .transform((value) => value ?? null);

export const importPlantSchema = z.object({
  id,
  name: text(100).trim().min(1),
  scientificName: optionalText(200),
  commonName: optionalText(200),
  slug: optionalText(100),
  cropSlug: optionalText(100),
  source: z.enum(plantSourceValues).default("custom"),
  medium: labelledEnum(mediumValues),
  place: labelledEnum(placeValues),
  lights: labelledEnum(lightsValues),
  gardenType: z
    .enum(gardenTypeValues)
    .nullable()
    .optional()
    .transform((value) => value ?? null),
  growLighting: z
    .enum(growLightingValues)
    .nullable()
    .optional()
    .transform((value) => value ?? null),
  startMethod: z
    .enum(startMethodValues)
    .nullable()
    .optional()
    .transform((value) => value ?? null),
  experience: optionalText(40),
  plantingDate: isoDateSchema(),
  stagePlan: z
    .array(
      z.object({
        name: text(40).trim().min(1),
        durationDays: z.number().int().min(0).max(MAX_REPEAT_DAYS),
      }),
    )
    .max(50)
    .default([]),
  tips: z.array(text(1000)).max(50).default([]),
  aiPlanVersion: z.number().int().min(1).max(1000).default(1),
  status: z.enum(plantStatusValues).default("active"),
  stage: optionalText(40),
  stageStartedAt: optionalInstant,
  location: z
    .object({ place: text(120) })
    .nullable()
    .optional()
    .transform((value) => value ?? null),
  notes: optionalText(5000),
  createdAt: instant,
  updatedAt: optionalInstant,
  identifiedAt: optionalInstant,
  /** An area of the file or one the gardener has; any other is left out (the plant unplaced). */
  areaId: id
    .nullable()
    .optional()
    .transform((value) => value ?? null),
  // Decoded and checked like an upload by the import itself; the size and type are its own.
  photo: z
    .object({
      data: z
        .string({ error: "must be base64 text." })
        .max(MAX_PHOTO_BASE64, "is larger than 10 MB, more than a photo may be."),
    })
    .nullable()
    .optional()
    .transform((value) => value ?? null),
});
export type ImportPlant = z.infer<typeof importPlantSchema>;

export const importTaskSchema = z.object({
  id,
  plantId: id
    .nullable()
    .optional()
    .transform((value) => value ?? null),
  title: text(200).trim().min(1),
  type: z
    .string({ error: "must be text." })
    .regex(/^[a-z][a-z0-9-]{0,29}$/, "must be a short lower-case type such as watering.")
    .default("custom"),
  dueDate: isoDateSchema()
    .nullable()
    .optional()
    .transform((value) => value ?? null),
  status: z.enum(taskStatusValues).default("pending"),
  priority: z.number().int().min(MIN_PRIORITY).max(MAX_PRIORITY).default(2),
  notes: optionalText(5000),
  repeatEveryDays: z
    .number()
    .int()
    .min(1)
    .max(MAX_REPEAT_DAYS)
    .nullable()
    .optional()
    .transform((value) => value ?? null),
  createdAt: instant,
  completedAt: optionalInstant,
  /**
   * The rain skip its due date came from (issue 26; absent from older files): brought back with a
   * pending task due on a date after `fromDueDate`, so its note and Undo come back too.
   */
  skip: z
    .object({
      on: isoDateSchema(),
      rainMm: z.number().min(0).max(10_000),
      fromDueDate: isoDateSchema(),
    })
    .nullable()
    .optional()
    .transform((value) => value ?? null),
});
export type ImportTask = z.infer<typeof importTaskSchema>;

export const importMilestoneSchema = z
  .object({
    id,
    plantId: id,
    /** API.md's name for it; `name` (spec §3) is the same text. */
    title: text(200).trim().min(1).optional(),
    name: text(200).trim().min(1).optional(),
    stage: optionalText(40),
    date: isoDateSchema()
      .nullable()
      .optional()
      .transform((value) => value ?? null),
    reachedAt: optionalInstant,
    fromAt: optionalInstant,
    toAt: optionalInstant,
    createdAt: instant,
  })
  .refine((m) => m.title !== undefined || m.name !== undefined, {
    message: "needs a title (or name).",
    path: ["title"],
  });
export type ImportMilestone = z.infer<typeof importMilestoneSchema>;

/** A harvest (issue 26): its plant may be gone (null); weight in grams, a count, or both. */
export const importHarvestSchema = z
  .object({
    id,
    plantId: id
      .nullable()
      .optional()
      .transform((value) => value ?? null),
    cropSlug: text(100).trim().min(1),
    cropName: text(200).trim().min(1),
    areaId: id
      .nullable()
      .optional()
      .transform((value) => value ?? null),
    date: isoDateSchema(),
    weightG: storedGramsSchema
      .nullable()
      .optional()
      .transform((value) => value ?? null),
    count: z
      .number()
      .int()
      .min(1)
      .max(MAX_HARVEST_COUNT)
      .nullable()
      .optional()
      .transform((value) => value ?? null),
    note: optionalText(5000),
    createdAt: instant,
    updatedAt: optionalInstant,
    photo: z
      .object({
        data: z
          .string({ error: "must be base64 text." })
          .max(MAX_PHOTO_BASE64, "is larger than 10 MB, more than a photo may be."),
      })
      .nullable()
      .optional()
      .transform((value) => value ?? null),
  })
  .refine((h) => h.weightG !== null || h.count !== null, {
    message: "needs a weight (weightG), a count, or both.",
    path: ["weightG"],
  });
export type ImportHarvest = z.infer<typeof importHarvestSchema>;
/** A photo in the file (a plant's or a journal entry's), decoded and checked like an upload. */
const importPhotoSchema = z.object({
  data: z
    .string({ error: "must be base64 text." })
    .max(MAX_PHOTO_BASE64, "is larger than 10 MB, more than a photo may be."),
});

export const importJournalEntrySchema = z.object({
  id,
  plantId: id,
  date: isoDateSchema(),
  note: text(5000).trim().default(""),
  tags: z.array(journalTagSchema).max(6).default([]),
  createdAt: instant,
  updatedAt: optionalInstant,
  photos: z.array(importPhotoSchema).max(6).default([]),
});
export type ImportJournalEntry = z.infer<typeof importJournalEntrySchema>;

export const importMessageSchema = z.object({
  id,
  role: z.enum(["user", "assistant"]),
  content: text(100_000),
  createdAt: instant,
  sources: z
    .array(z.object({ title: text(500), ref: text(2000) }))
    .max(100)
    .default([]),
  actions: z
    .array(
      z.object({
        kind: z.literal("task.created"),
        id,
        title: text(200),
        plantId: id.nullable().default(null),
        dueDate: text(10).nullable().default(null),
      }),
    )
    .max(100)
    .default([]),
  engine: z
    .enum(["built-in", "llm"])
    .nullable()
    .optional()
    .transform((value) => value ?? null),
});

export const importChatSchema = z.object({
  id,
  title: text(200).trim().min(1),
  plantId: id
    .nullable()
    .optional()
    .transform((value) => value ?? null),
  createdAt: instant,
  updatedAt: optionalInstant,
  messages: z.array(importMessageSchema).max(IMPORT_LIMITS.messagesPerChat).default([]),
});
export type ImportChat = z.infer<typeof importChatSchema>;

export const importWorkflowSchema = z.object({
  id,
  name: text(100).trim().min(1),
  template: text(50).trim().min(1),
  createdAt: instant,
  items: z
    .array(
      z.object({
        id,
        title: text(200).trim().min(1),
        detail: text(2000).default(""),
        done: z.boolean().default(false),
      }),
    )
    .max(IMPORT_LIMITS.itemsPerWorkflow)
    .default([]),
});
export type ImportWorkflow = z.infer<typeof importWorkflowSchema>;

export const importAreaSchema = z.object({
  id,
  name: text(60).trim().min(1),
  kind: labelledEnum(areaKindValues),
  sizeM2: storedAreaM2Schema
    .nullable()
    .optional()
    .transform((value) => value ?? null),
  sun: labelledEnum(areaSunValues),
  covered: z.boolean().default(false),
  notes: optionalText(2000),
  createdAt: instant,
  updatedAt: optionalInstant,
});
export type ImportArea = z.infer<typeof importAreaSchema>;

export const importAreaPlantingSchema = z.object({
  id,
  areaId: id,
  plantId: id,
  plantName: text(100).trim().min(1),
  cropSlug: optionalText(100),
  plantedOn: isoDateSchema(),
  leftAt: instant,
});
export type ImportAreaPlanting = z.infer<typeof importAreaPlantingSchema>;

/** The profile's preferences an import restores (not the account, the plan or the digest). */
export const importProfileSchema = z.object({
  units: z.enum(unitsValues).optional(),
  location: text(120).nullable().optional(),
  zip: zipSchema.nullable().optional(),
  /** Absent from files exported before places (session 12): the ZIP and location text stand. */
  place: placeSchema.nullable().optional(),
  /** Absent from older files; null goes back to the place's frost dates. */
  frostDates: frostDatesSchema.nullable().optional(),
  experience: labelledEnum(experienceValues).nullable().optional(),
  preference: labelledEnum(preferenceValues).nullable().optional(),
  onboardingCompleted: z.boolean().optional(),
  completedAt: optionalInstant,
  timeZone: timeZoneSchema.optional(),
  reminderHour: reminderHourSchema.optional(),
});
export type ImportProfile = z.infer<typeof importProfileSchema>;

const FORMAT_MESSAGE = `This is not a Tendril export: format must be "${EXPORT_FORMAT}".`;

export const importFileSchema = z.object({
  format: z.literal(EXPORT_FORMAT, { error: FORMAT_MESSAGE }),
  version: z.literal(EXPORT_VERSION, {
    error: `This export's version is not one this server reads (it reads version ${EXPORT_VERSION}).`,
  }),
  exportedAt: z.string().max(40).optional(),
  profile: importProfileSchema.optional(),
  plants: z.array(importPlantSchema).max(IMPORT_LIMITS.plants).default([]),
  tasks: z.array(importTaskSchema).max(IMPORT_LIMITS.tasks).default([]),
  milestones: z.array(importMilestoneSchema).max(IMPORT_LIMITS.milestones).default([]),
  chats: z.array(importChatSchema).max(IMPORT_LIMITS.chats).default([]),
  workflows: z.array(importWorkflowSchema).max(IMPORT_LIMITS.workflows).default([]),
  /** Exported for the record; an import does not bring them back (their photos are not in it). */
  identifications: z.array(z.unknown()).max(IMPORT_LIMITS.identifications).optional(),
  /** Absent from files exported before areas (issue 26). */
  areas: z.array(importAreaSchema).max(IMPORT_LIMITS.areas).default([]),
  areaPlantings: z.array(importAreaPlantingSchema).max(IMPORT_LIMITS.areaPlantings).default([]),
  /** Absent from files exported before the harvest log (session 17). */
  harvests: z.array(importHarvestSchema).max(IMPORT_LIMITS.harvests).default([]),
  /** Absent from files exported before the journal (issue 26). */
  journal: z.array(importJournalEntrySchema).max(IMPORT_LIMITS.journalEntries).default([]),
});
export type ImportFile = z.infer<typeof importFileSchema>;

export const importResultSchema = z.object({
  imported: z.object({
    plants: z.number().int(),
    tasks: z.number().int(),
    milestones: z.number().int(),
    chats: z.number().int(),
    workflows: z.number().int(),
    journalEntries: z.number().int(),
    areas: z.number().int(),
    harvests: z.number().int(),
  }),
});
export type ImportResult = z.infer<typeof importResultSchema>;

export const DELETE_ACCOUNT_CONFIRMATION = "delete my account";

/** DELETE /api/me: the gardener types the words, so no stray request deletes an account. */
export const deleteAccountSchema = z.strictObject({
  confirm: z.literal(DELETE_ACCOUNT_CONFIRMATION, {
    error: `To delete your account and all its data, send confirm: "${DELETE_ACCOUNT_CONFIRMATION}".`,
  }),
});
