import { JOURNAL_TAG_LABELS, journalTagValues } from "../garden/journal";
import { isoDateSchema } from "./date";
import { labelledEnum } from "./enum";
import { harvestSchema } from "./harvest";
import { idSchema } from "./task";
import { z } from "./z";

const NOTE_MAX = 5000;

const tagLabels = Object.fromEntries(
  Object.entries(JOURNAL_TAG_LABELS).map(([value, label]) => [label, value]),
) as Record<string, (typeof journalTagValues)[number]>;

/** A tag by its value ("pest-disease") or its label ("Pest or disease seen"). */
export const journalTagSchema = labelledEnum(journalTagValues, tagLabels);

const tagsSchema = z
  .array(journalTagSchema, { error: `tags must be a list of: ${journalTagValues.join(", ")}.` })
  .max(journalTagValues.length, `Pick at most ${journalTagValues.length} tags.`);

const noteSchema = z
  .string({ error: "The note must be text." })
  .trim()
  .max(NOTE_MAX, "Keep the note to 5,000 characters or fewer.");

/** POST /api/plants/:plantId/journal. Photos follow, one per request. */
export const journalEntryCreateSchema = z.strictObject({
  date: isoDateSchema("Enter the entry's date (YYYY-MM-DD)."),
  note: noteSchema.optional(),
  tags: tagsSchema.optional(),
});
export type JournalEntryCreate = z.infer<typeof journalEntryCreateSchema>;

/** PATCH /api/journal/:entryId. */
export const journalEntryPatchSchema = z.strictObject({
  date: isoDateSchema().optional(),
  note: noteSchema.optional(),
  tags: tagsSchema.optional(),
});
export type JournalEntryPatch = z.infer<typeof journalEntryPatchSchema>;

export const journalPhotoSchema = z.object({
  id: z.string(),
  entryId: z.string(),
  /** The photo (WebP, EXIF and GPS removed); the URL always means these bytes. */
  url: z.string(),
  /** 0..5: the entry's photos in the order they were added. */
  position: z.number().int(),
  createdAt: z.string(),
});
export type JournalPhoto = z.infer<typeof journalPhotoSchema>;

export const journalEntrySchema = z.object({
  id: z.string(),
  plantId: z.string(),
  /** The day the entry is about, YYYY-MM-DD. */
  date: z.string(),
  note: z.string(),
  tags: z.array(z.enum(journalTagValues)),
  photos: z.array(journalPhotoSchema),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type JournalEntry = z.infer<typeof journalEntrySchema>;

export const journalEntryListSchema = z.object({ entries: z.array(journalEntrySchema) });
export const journalEntryReplySchema = z.object({ entry: journalEntrySchema });
export const journalPhotoReplySchema = z.object({ photo: journalPhotoSchema });

/** Every timeline item: its kind, the day it is shown under, and the instant that orders a day. */
const itemBase = { id: z.string(), date: z.string(), at: z.string() };

/**
 * GET /api/plants/:plantId/timeline, newest first: journal entries, stages reached, tasks done
 * and harvests, a union on `kind`.
 */
export const timelineItemSchema = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("entry"), ...itemBase, entry: journalEntrySchema }),
  z.object({ kind: z.literal("stage"), ...itemBase, stage: z.string(), title: z.string() }),
  z.object({ kind: z.literal("task"), ...itemBase, title: z.string(), type: z.string() }),
  z.object({ kind: z.literal("harvest"), ...itemBase, harvest: harvestSchema }),
]);
export type TimelineItem = z.infer<typeof timelineItemSchema>;
export const plantTimelineSchema = z.object({ items: z.array(timelineItemSchema) });
export type PlantTimeline = z.infer<typeof plantTimelineSchema>;

export const plantIdParamsSchema = z.object({ plantId: idSchema });
export const entryIdParamsSchema = z.object({ entryId: idSchema });
export const entryPhotoParamsSchema = z.object({ entryId: idSchema, photoId: idSchema });
export const photoIdParamsSchema = z.object({ photoId: idSchema });
