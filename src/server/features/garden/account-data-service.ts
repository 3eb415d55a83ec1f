import type { Insertable, Kysely, Transaction } from "kysely";
import type { Task } from "../../../core/garden";
import type { ExportFile } from "../../../core/schemas/data-export";
import type { Harvest } from "../../../core/schemas/harvest";
import type { JournalEntry } from "../../../core/schemas/journal";
import type { Milestone, Plant } from "../../../core/schemas/plant";
import type {
  AreaPlantingTable,
  AreaTable,
  Database,
  HarvestTable,
  JournalEntryTable,
  JournalPhotoTable,
  MilestoneTable,
  PlantTable,
  TaskSkipTable,
  TaskTable,
} from "../../db/schema";
import {
  areaOwners,
  areaPlantingOwners,
  areaPlantingRowsOf,
  areaRowsOf,
  deleteGardenRows,
  harvestOwners,
  insertAreaPlantingRows,
  insertAreaRows,
  insertHarvestRows,
  insertJournalEntryRows,
  insertJournalPhotoRows,
  insertMilestoneRows,
  insertPlantRows,
  insertTaskRows,
  insertTaskSkipRows,
  journalEntryOwners,
  journalEntryRowsOf,
  journalPhotoRowsOf,
  milestoneOwners,
  milestoneRowsOf,
  plantOwners,
  plantRowsOf,
  taskOwners,
  taskRowsOf,
  taskRowsWithPlantNames,
} from "./account-data-repository";
import { toArea } from "./areas/service";
import { allHarvests } from "./harvests/harvests-repository";
import { toHarvest } from "./harvests/harvests-service";
import { toJournalEntry } from "./journal/journal-rows";
import { withSkips } from "./rain-skips/task-skips";
import { toMilestone, toPlant, toTask } from "./rows";
import { refreshNextTask } from "./tasks-repository";

// What account-data (export, import, account deletion) needs of the garden's plants, tasks and
// milestones: it reaches these tables only through here.

type Db = Kysely<Database>;

/** A plant as an export holds it: no photo URL or current stage, its photo's image id beside. */
export interface PlantForExport {
  plant: Omit<Plant, "imageUrl" | "latestPhotoUrl" | "currentStage">;
  imageId: string | null;
}

export async function plantsForExport(
  db: Db,
  userId: string,
  today: string,
): Promise<PlantForExport[]> {
  const rows = await plantRowsOf(db, userId);
  return rows.map((row) => {
    const {
      imageUrl: _photo,
      latestPhotoUrl: _latest,
      currentStage: _stage,
      ...plant
    } = toPlant(row, today);
    return { plant, imageId: row.image_id };
  });
}

/** A journal entry as an export holds it: its photos' image ids beside, in the entry's order. */
export interface JournalEntryForExport {
  entry: Omit<JournalEntry, "photos">;
  imageIds: string[];
}

export async function journalForExport(db: Db, userId: string): Promise<JournalEntryForExport[]> {
  const [entries, photos] = await Promise.all([
    journalEntryRowsOf(db, userId),
    journalPhotoRowsOf(db, userId),
  ]);
  const imagesOf = new Map<string, string[]>();
  for (const photo of photos) {
    imagesOf.set(photo.entry_id, [...(imagesOf.get(photo.entry_id) ?? []), photo.image_id]);
  }
  return entries.map((row) => {
    const { photos: _photos, ...entry } = toJournalEntry(row, []);
    return { entry, imageIds: imagesOf.get(row.id) ?? [] };
  });
}

/** Each with its standing rain skip, so the note and its Undo come back with an import. */
export async function tasksForExport(db: Db, userId: string): Promise<Task[]> {
  return withSkips(db, userId, (await taskRowsOf(db, userId)).map(toTask));
}

export async function milestonesForExport(db: Db, userId: string): Promise<Milestone[]> {
  return (await milestoneRowsOf(db, userId)).map(toMilestone);
}

/** The gardener's areas as an export holds them (issue 26). */
export async function areasForExport(db: Db, userId: string): Promise<ExportFile["areas"]> {
  return (await areaRowsOf(db, userId)).map((row) => {
    const { plantCount: _count, ...area } = toArea({ ...row, plant_count: 0 });
    return area;
  });
}

/** Crop rotation's history: the plants that grew in an area and left it. */
export async function areaPlantingsForExport(
  db: Db,
  userId: string,
): Promise<ExportFile["areaPlantings"]> {
  return (await areaPlantingRowsOf(db, userId)).map((row) => ({
    id: row.id,
    areaId: row.area_id,
    plantId: row.plant_id,
    plantName: row.plant_name,
    cropSlug: row.crop_slug,
    plantedOn: row.planted_on,
    leftAt: row.left_at,
  }));
}

/** A plant's values as stored (a CSV shows them as they are, legacy values too). */
export async function plantsForCsv(db: Db, userId: string) {
  return (await plantRowsOf(db, userId)).map((p) => ({
    id: p.id,
    name: p.name,
    scientificName: p.scientific_name,
    commonName: p.common_name,
    cropSlug: p.crop_slug,
    source: p.source,
    medium: p.medium,
    place: p.place,
    lights: p.lighting,
    startMethod: p.start_method,
    plantingDate: p.planting_date,
    stage: p.stage,
    status: p.status,
    location: p.location_place,
    notes: p.notes,
    createdAt: p.created_at,
    updatedAt: p.updated_at,
  }));
}

/** A task's values as stored with its plant's name, in the task list's order. */
export async function tasksForCsv(db: Db, userId: string) {
  return (await taskRowsWithPlantNames(db, userId)).map((t) => ({
    id: t.id,
    title: t.title,
    plant: t.plant_name,
    plantId: t.plant_id,
    type: t.type,
    dueDate: t.due_date,
    status: t.status,
    priority: Number(t.priority),
    repeatEveryDays: t.repeat_every_days === null ? null : Number(t.repeat_every_days),
    notes: t.notes,
    createdAt: t.created_at,
    completedAt: t.completed_at,
  }));
}

/** A harvest as an export holds it: no photo URL or names of the moment, its image id beside. */
export interface HarvestForExport {
  harvest: Omit<Harvest, "imageUrl" | "plantName" | "areaName">;
  imageId: string | null;
}

export async function harvestsForExport(db: Db, userId: string): Promise<HarvestForExport[]> {
  return (await allHarvests(db, userId)).map((row) => {
    const { imageUrl: _photo, plantName: _plant, areaName: _area, ...harvest } = toHarvest(row);
    return { harvest, imageId: row.image_id };
  });
}

/** Every harvest with its plant's and area's names, newest first (weights in grams). */
export async function harvestsForCsv(db: Db, userId: string) {
  return (await allHarvests(db, userId)).map(toHarvest);
}

/** The gardener's area count, locked until the import's transaction ends (MAX_AREAS). */
export { lockedAreaCount } from "./areas/repository";
/** The garden lock (garden-lock.ts): a file's records may name plants and areas one has. */
export { lockGarden } from "./garden-lock";

/** Who has each of these ids (ids nobody has are absent). */
export const gardenOwners = {
  plants: plantOwners,
  tasks: taskOwners,
  milestones: milestoneOwners,
  areas: areaOwners,
  areaPlantings: areaPlantingOwners,
  harvests: harvestOwners,
  journalEntries: journalEntryOwners,
};

/** An import's new journal entries and their photos (images stored first), in the caller's transaction. */
export async function insertImportedJournal(
  trx: Transaction<Database>,
  entries: readonly Insertable<JournalEntryTable>[],
  photos: readonly Insertable<JournalPhotoTable>[],
): Promise<void> {
  await insertJournalEntryRows(trx, entries);
  await insertJournalPhotoRows(trx, photos);
}

/** An import's new areas, their past plantings, plants, tasks and milestones, in the caller's transaction. */
export async function insertImportedGarden(
  trx: Transaction<Database>,
  rows: {
    plants: readonly Insertable<PlantTable>[];
    tasks: readonly Insertable<TaskTable>[];
    milestones: readonly Insertable<MilestoneTable>[];
    areas: readonly Insertable<AreaTable>[];
    areaPlantings: readonly Insertable<AreaPlantingTable>[];
    taskSkips: readonly Insertable<TaskSkipTable>[];
  },
): Promise<void> {
  // Areas first: the plants name them.
  await insertAreaRows(trx, rows.areas);
  await insertAreaPlantingRows(trx, rows.areaPlantings);
  await insertPlantRows(trx, rows.plants);
  await insertTaskRows(trx, rows.tasks);
  await insertMilestoneRows(trx, rows.milestones);
  await insertTaskSkipRows(trx, rows.taskSkips);
}

/** An import's new harvests, in the caller's transaction (after the plants they name). */
export async function insertImportedHarvests(
  trx: Transaction<Database>,
  rows: readonly Insertable<HarvestTable>[],
): Promise<void> {
  await insertHarvestRows(trx, rows);
}

/** Sets each of these plants' next task, as a task write does. */
export async function refreshNextTasks(
  trx: Transaction<Database>,
  userId: string,
  plantIds: Iterable<string>,
): Promise<void> {
  for (const plantId of plantIds) await refreshNextTask(trx, userId, plantId);
}

/** Every plant, task and milestone of the gardener, in the caller's transaction. */
export function deleteGardenOf(trx: Transaction<Database>, userId: string): Promise<void> {
  return deleteGardenRows(trx, userId);
}
