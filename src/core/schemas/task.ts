import { normalizeRepeat } from "../garden/tasks";
import { isoDateSchema } from "./date";
import { labelledEnum } from "./enum";
import { whenMissing, z } from "./z";

export const taskStatusValues = ["pending", "completed"] as const;
export type TaskStatusValue = (typeof taskStatusValues)[number];

/** Ten years: a longer interval is a typo, and it keeps repeat dates within range. */
export const MAX_REPEAT_DAYS = 3650;
export const MIN_PRIORITY = 1;
export const MAX_PRIORITY = 5;
export const MAX_PAGE_SIZE = 500;
export const DEFAULT_PAGE_SIZE = 100;

/** Why a watering is due when it is: the rain skipped it (issue 26). */
export const taskSkipSchema = z.object({
  /** The day the rain fell, at the gardener's place. */
  on: z.string(),
  /** That day's rain in millimetres (measured or forecast). */
  rainMm: z.number(),
  /** The due date before the skip; POST /api/tasks/:id/skip/undo restores it. */
  fromDueDate: z.string(),
});

/** API.md `Task`. */
export const taskSchema = z.object({
  id: z.string(),
  plantId: z.string().nullable(),
  title: z.string(),
  type: z.string(),
  dueDate: z.string().nullable(),
  status: z.enum(taskStatusValues),
  priority: z.number().int(),
  notes: z.string().nullable(),
  repeatEveryDays: z.number().int().nullable(),
  createdAt: z.string(),
  completedAt: z.string().nullable(),
  /** On task reads: the rain skip the due date came from, else null. */
  skip: taskSkipSchema.nullable().optional(),
});

const REPEAT_MESSAGE = `Repeat every days must be a whole number from 1 to ${MAX_REPEAT_DAYS}, or null for no repeat.`;

/**
 * Spec §5: a repeat counts only as an integer greater than 0 (`normalizeRepeat`; a string of
 * digits, a form's raw value, counts too). null, absent or an empty string mean "no repeat"; any
 * other value (0, -3, 1.5, "weekly") is refused rather than silently dropped, so a mistaken
 * interval never passes unnoticed.
 */
export const repeatEveryDaysSchema = z
  .union([z.number(), z.string(), z.null()], { error: REPEAT_MESSAGE })
  .transform((value, ctx) => {
    if (value === null || (typeof value === "string" && value.trim() === "")) return null;
    const days = normalizeRepeat(value);
    if (days === null || days > MAX_REPEAT_DAYS) {
      ctx.addIssue({ code: "custom", message: REPEAT_MESSAGE });
      return z.NEVER;
    }
    return days;
  });

const titleSchema = z
  .string({ error: whenMissing("Enter a title.") })
  .trim()
  .min(1, "Enter a title.")
  .max(200, "Keep the title to 200 characters or fewer.");

/** Optional free text: blank becomes null. */
export const notesSchema = z
  .string({ error: "Notes must be text." })
  .trim()
  .max(5000, "Keep notes to 5,000 characters or fewer.")
  .nullable()
  .transform((value) => value || null);

const prioritySchema = z
  .number({
    error: `Priority is a whole number from ${MIN_PRIORITY} (highest) to ${MAX_PRIORITY}.`,
  })
  .int(`Priority is a whole number from ${MIN_PRIORITY} (highest) to ${MAX_PRIORITY}.`)
  .min(
    MIN_PRIORITY,
    `Priority is a whole number from ${MIN_PRIORITY} (highest) to ${MAX_PRIORITY}.`,
  )
  .max(
    MAX_PRIORITY,
    `Priority is a whole number from ${MIN_PRIORITY} (highest) to ${MAX_PRIORITY}.`,
  );

const typeSchema = z
  .string({ error: "Use a short lower-case type such as watering or custom." })
  .trim()
  .toLowerCase()
  .regex(/^[a-z][a-z0-9-]{0,29}$/, "Use a short lower-case type such as watering or custom.");

export const idSchema = z
  .string({ error: "Give the id as text." })
  .min(1, "Give an id.")
  .max(100, "That id is too long.");

/** POST /api/tasks. Defaults (spec §9): priority 2, type "custom", no repeat. */
export const taskCreateSchema = z.strictObject({
  title: titleSchema,
  dueDate: isoDateSchema("Enter a due date (YYYY-MM-DD)."),
  plantId: idSchema.nullable().optional(),
  repeatEveryDays: repeatEveryDaysSchema.optional(),
  notes: notesSchema.optional(),
  priority: prioritySchema.optional(),
  type: typeSchema.optional(),
});
export type TaskCreate = z.infer<typeof taskCreateSchema>;

/** PATCH /api/tasks/:id. Setting status "completed" completes the task, repeat included. */
export const taskPatchSchema = z.strictObject({
  title: titleSchema.optional(),
  dueDate: isoDateSchema().optional(),
  notes: notesSchema.optional(),
  priority: prioritySchema.optional(),
  repeatEveryDays: repeatEveryDaysSchema.optional(),
  status: labelledEnum(taskStatusValues).optional(),
});
export type TaskPatch = z.infer<typeof taskPatchSchema>;

export const pageQuerySchema = z.object({
  limit: z.coerce
    .number({ error: `limit is a whole number from 1 to ${MAX_PAGE_SIZE}.` })
    .int(`limit is a whole number from 1 to ${MAX_PAGE_SIZE}.`)
    .min(1, `limit is a whole number from 1 to ${MAX_PAGE_SIZE}.`)
    .max(MAX_PAGE_SIZE, `limit is a whole number from 1 to ${MAX_PAGE_SIZE}.`)
    .default(DEFAULT_PAGE_SIZE),
  /** nextCursor of the previous page. */
  cursor: z.string().max(1000).optional(),
});

export const taskListQuerySchema = pageQuerySchema.extend({
  status: labelledEnum(taskStatusValues).optional(),
  plantId: idSchema.optional(),
});
export type TaskListQuery = z.infer<typeof taskListQuerySchema>;

export const taskListSchema = z.object({
  tasks: z.array(taskSchema),
  /** Pass as `cursor` for the next page; null on the last page. */
  nextCursor: z.string().nullable(),
});

export const taskCompletionSchema = z.object({
  task: taskSchema,
  /** The repeat scheduled by completing, if the task repeats. */
  next: taskSchema.nullable(),
});

export const taskReopeningSchema = z.object({
  task: taskSchema,
  /** The repeat that completing it had scheduled, removed with the completion (still pending). */
  removed: taskSchema.nullable(),
});

export const idParamsSchema = z.object({ id: idSchema });
