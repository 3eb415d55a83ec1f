import { randomUUID } from "node:crypto";
import type { Kysely, Updateable } from "kysely";
import {
  type CareKind,
  canAddJournalPhoto,
  careLoggedBy,
  completedTasks,
  type DayOf,
  JOURNAL_PHOTO_LIMIT_MESSAGE,
  journalEntryHasContent,
  MAX_JOURNAL_PHOTOS,
  mergeTimeline,
  normalizeJournalTags,
  stageChanges,
} from "../../../../core/garden";
import type {
  JournalEntry,
  JournalEntryCreate,
  JournalEntryPatch,
  JournalPhoto,
  TimelineItem,
} from "../../../../core/schemas/journal";
import type { Dialect } from "../../../db/connection";
import type { Database, JournalEntryTable } from "../../../db/schema";
import { AppError, badRequest, notFound } from "../../../errors";
import { type ImageRow, imageRow } from "../../../lib/photos/image-store";
import type { StoredPhoto } from "../../../lib/photos/pipeline";
import { type PublishChange, publishNothing } from "../changes";
import { harvestsOfPlant } from "../harvests/harvests-repository";
import { toHarvest } from "../harvests/harvests-service";
import { milestonesOfPlant } from "../plants-repository";
import { plantExists } from "../read-model";
import { toMilestone } from "../rows";
import {
  completedTasksOfPlant,
  deleteEntry,
  deletePhoto,
  entriesOfPlant,
  findEntry,
  insertEntry,
  insertPhotoWithin,
  type JournalEntryRow,
  type JournalPhotoRow,
  photoImage,
  photosOfEntries,
  updateEntry,
} from "./journal-repository";
import { toJournalEntry, toJournalPhoto } from "./journal-rows";

/** A plant's timeline shows at most this many completed tasks (the newest). */
const TIMELINE_TASKS = 500;

const plantNotFound = () => notFound("That plant");
const entryNotFound = () => notFound("That journal entry");

/** Moves the plant's repeating tasks of that kind of care on from `day` (TaskService.careLogged). */
export type LogCare = (
  userId: string,
  plantId: string,
  kind: CareKind,
  day: string,
) => Promise<unknown>;

const EMPTY_MESSAGE = "Add a note, a tag or a photo: an entry with none of them says nothing.";

/** Issue 26: a plant's journal (dated entries, tags, up to six photos each) and its timeline. */
export class JournalService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly dialect: Dialect,
    private readonly logCare: LogCare,
    private readonly publish: PublishChange = publishNothing,
  ) {}

  /** The plant's entries, newest first, each with its photos. */
  async list(userId: string, plantId: string): Promise<JournalEntry[]> {
    const [exists, rows] = await Promise.all([
      plantExists(this.db, userId, plantId),
      entriesOfPlant(this.db, userId, plantId),
    ]);
    if (!exists) throw plantNotFound();
    return this.withPhotos(userId, rows);
  }

  private async withPhotos(userId: string, rows: JournalEntryRow[]): Promise<JournalEntry[]> {
    const photos = await photosOfEntries(
      this.db,
      userId,
      rows.map((row) => row.id),
    );
    const byEntry = new Map<string, JournalPhotoRow[]>();
    for (const photo of photos)
      byEntry.set(photo.entry_id, [...(byEntry.get(photo.entry_id) ?? []), photo]);
    return rows.map((row) => toJournalEntry(row, byEntry.get(row.id) ?? []));
  }

  private async entry(userId: string, id: string): Promise<JournalEntry> {
    const row = await findEntry(this.db, userId, id);
    if (!row) throw entryNotFound();
    const [entry] = await this.withPhotos(userId, [row]);
    if (!entry) throw entryNotFound();
    return entry;
  }

  /**
   * A new entry. It may start empty: its photos follow, one request each; a note or tags can be
   * added with PATCH. Tags are kept (watered, fed…) for the care rules to read.
   */
  async create(userId: string, plantId: string, input: JournalEntryCreate) {
    const nowIso = new Date().toISOString();
    const row = {
      id: randomUUID(),
      user_id: userId,
      plant_id: plantId,
      entry_date: input.date,
      note: input.note ?? "",
      tags: JSON.stringify(normalizeJournalTags(input.tags ?? [])),
      created_at: nowIso,
      updated_at: nowIso,
    };
    if (!(await insertEntry(this.db, this.dialect, row))) throw plantNotFound();
    this.changed(userId, plantId);
    // As stored (a new entry has no photos): read back, it may already have gone with its plant.
    const entry = toJournalEntry(row, []);
    await this.careFrom(userId, entry);
    return entry;
  }

  /**
   * Issue 26 item 2: "watered" or "fed" in an entry moves that kind of repeating task on from the
   * entry's day. Moves only ever go later, so an edit that logs the same care again changes nothing.
   */
  private async careFrom(userId: string, entry: JournalEntry): Promise<void> {
    for (const kind of careLoggedBy(entry.tags)) {
      await this.logCare(userId, entry.plantId, kind, entry.date);
    }
  }

  /** Changes the entry's date, note or tags; it may not end up with no note, tag or photo. */
  async update(userId: string, id: string, patch: JournalEntryPatch) {
    const before = await this.entry(userId, id);
    const note = patch.note ?? before.note;
    const tags = patch.tags === undefined ? before.tags : normalizeJournalTags(patch.tags);
    if (!journalEntryHasContent({ note, tags, photoCount: before.photos.length })) {
      throw badRequest(EMPTY_MESSAGE);
    }
    const changes: Updateable<JournalEntryTable> = { updated_at: new Date().toISOString() };
    if (patch.date !== undefined) changes.entry_date = patch.date;
    if (patch.note !== undefined) changes.note = patch.note;
    if (patch.tags !== undefined) changes.tags = JSON.stringify(tags);
    await updateEntry(this.db, userId, id, changes);
    this.changed(userId, before.plantId);
    const entry = await this.entry(userId, id);
    await this.careFrom(userId, entry);
    return entry;
  }

  /** The entry, its photos and their images. */
  async remove(userId: string, id: string): Promise<void> {
    const entry = await findEntry(this.db, userId, id);
    if (!entry || !(await deleteEntry(this.db, this.dialect, userId, id))) throw entryNotFound();
    this.changed(userId, entry.plant_id);
  }

  /**
   * 404 unless the entry is the gardener's, 400 when it already has six photos: checked before
   * an upload is read, so neither keeps one.
   */
  async checkRoomForPhoto(userId: string, id: string): Promise<void> {
    const entry = await this.entry(userId, id);
    if (!canAddJournalPhoto(entry.photos.length)) throw tooManyPhotos();
  }

  /** Adds a photo (already checked and cleaned) to the entry: at most six. */
  async addPhoto(userId: string, entryId: string, photo: StoredPhoto): Promise<JournalPhoto> {
    const nowIso = new Date().toISOString();
    const image = imageRow(randomUUID(), userId, photo, nowIso);
    const row = { id: randomUUID(), user_id: userId, entry_id: entryId, created_at: nowIso };
    const added = await insertPhotoWithin(
      this.db,
      this.dialect,
      MAX_JOURNAL_PHOTOS,
      userId,
      entryId,
      image,
      row,
    );
    if (added.kind === "gone") throw entryNotFound();
    if (added.kind === "full") throw tooManyPhotos();
    const entry = await findEntry(this.db, userId, entryId);
    if (entry) this.changed(userId, entry.plant_id);
    return toJournalPhoto(added.row);
  }

  async removePhoto(userId: string, entryId: string, photoId: string): Promise<void> {
    const entry = await findEntry(this.db, userId, entryId);
    const nowIso = new Date().toISOString();
    if (!entry || !(await deletePhoto(this.db, userId, entryId, photoId, nowIso))) {
      throw notFound("That photo");
    }
    this.changed(userId, entry.plant_id);
  }

  async photo(userId: string, photoId: string): Promise<ImageRow> {
    const image = await photoImage(this.db, userId, photoId);
    if (!image) throw notFound("That photo");
    return image;
  }

  /**
   * The plant's timeline, newest first: its journal entries, the stages it reached and the tasks
   * done for it, each on the gardener's day (`dayOf`).
   */
  async timeline(userId: string, plantId: string, dayOf: DayOf): Promise<TimelineItem[]> {
    const [entries, milestones, tasks, harvests] = await Promise.all([
      this.list(userId, plantId),
      milestonesOfPlant(this.db, userId, plantId),
      completedTasksOfPlant(this.db, userId, plantId, TIMELINE_TASKS),
      harvestsOfPlant(this.db, userId, plantId),
    ]);
    const items: TimelineItem[] = [
      ...entries.map((entry) => ({
        kind: "entry" as const,
        id: entry.id,
        date: entry.date,
        at: entry.createdAt,
        entry,
      })),
      ...stageChanges(milestones.map(toMilestone), dayOf),
      ...completedTasks(
        tasks.map((t) => ({ id: t.id, title: t.title, type: t.type, completedAt: t.completed_at })),
        dayOf,
      ),
      ...harvests.map(toHarvest).map((harvest) => ({
        kind: "harvest" as const,
        id: harvest.id,
        date: harvest.date,
        at: harvest.createdAt,
        harvest,
      })),
    ];
    return mergeTimeline(items);
  }

  /** The plant's card shows its newest journal photo, and its page the journal: both change. */
  private changed(userId: string, plantId: string): void {
    this.publish({ userId, type: "plant.updated", id: plantId });
  }
}

const tooManyPhotos = () => new AppError(400, "invalid_request", JOURNAL_PHOTO_LIMIT_MESSAGE);
