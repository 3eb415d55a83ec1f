import { type Insertable, type Kysely, sql } from "kysely";
import { insertRows, ownersOf } from "../../db/batches";
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

type Db = Kysely<Database>;

/** The gardener's plants, oldest first. */
export function plantRowsOf(db: Db, userId: string) {
  return db
    .selectFrom("plants")
    .selectAll()
    .where("user_id", "=", userId)
    .orderBy("created_at")
    .orderBy("id")
    .execute();
}

/** The gardener's tasks, oldest first. */
export function taskRowsOf(db: Db, userId: string) {
  return db
    .selectFrom("tasks")
    .selectAll()
    .where("user_id", "=", userId)
    .orderBy("created_at")
    .orderBy("id")
    .execute();
}

/** Tasks with their plant's name, in the task list's order (due date, none last). */
export function taskRowsWithPlantNames(db: Db, userId: string) {
  return db
    .selectFrom("tasks")
    .leftJoin("plants", (join) =>
      join.onRef("plants.id", "=", "tasks.plant_id").onRef("plants.user_id", "=", "tasks.user_id"),
    )
    .selectAll("tasks")
    .select("plants.name as plant_name")
    .where("tasks.user_id", "=", userId)
    .orderBy(sql`case when tasks.due_date is null then 1 else 0 end`)
    .orderBy("tasks.due_date")
    .orderBy("tasks.created_at")
    .orderBy("tasks.id")
    .execute();
}

export function milestoneRowsOf(db: Db, userId: string) {
  return db
    .selectFrom("milestones")
    .selectAll()
    .where("user_id", "=", userId)
    .orderBy("plant_id")
    .orderBy("date")
    .orderBy("created_at")
    .orderBy("id")
    .execute();
}

/** The gardener's journal entries, oldest first, and their photos in each entry's order. */
export function journalEntryRowsOf(db: Db, userId: string) {
  return db
    .selectFrom("journal_entries")
    .selectAll()
    .where("user_id", "=", userId)
    .orderBy("plant_id")
    .orderBy("entry_date")
    .orderBy("created_at")
    .orderBy("id")
    .execute();
}

export function journalPhotoRowsOf(db: Db, userId: string) {
  return db
    .selectFrom("journal_photos")
    .selectAll()
    .where("user_id", "=", userId)
    .orderBy("entry_id")
    .orderBy("position")
    .execute();
}

export const journalEntryOwners = (db: Db, ids: readonly string[]) =>
  ownersOf(db, "journal_entries", ids);
export const insertJournalEntryRows = (db: Db, rows: readonly Insertable<JournalEntryTable>[]) =>
  insertRows(db, "journal_entries", rows);
export const insertJournalPhotoRows = (db: Db, rows: readonly Insertable<JournalPhotoTable>[]) =>
  insertRows(db, "journal_photos", rows);

export const plantOwners = (db: Db, ids: readonly string[]) => ownersOf(db, "plants", ids);
export const taskOwners = (db: Db, ids: readonly string[]) => ownersOf(db, "tasks", ids);
export const milestoneOwners = (db: Db, ids: readonly string[]) => ownersOf(db, "milestones", ids);
export const harvestOwners = (db: Db, ids: readonly string[]) => ownersOf(db, "harvests", ids);

export const areaOwners = (db: Db, ids: readonly string[]) => ownersOf(db, "areas", ids);
export const areaPlantingOwners = (db: Db, ids: readonly string[]) =>
  ownersOf(db, "area_plantings", ids);

export const insertAreaRows = (db: Db, rows: readonly Insertable<AreaTable>[]) =>
  insertRows(db, "areas", rows);
export const insertAreaPlantingRows = (db: Db, rows: readonly Insertable<AreaPlantingTable>[]) =>
  insertRows(db, "area_plantings", rows);

/** The gardener's areas and their past plantings, oldest first. */
export function areaRowsOf(db: Db, userId: string) {
  return db
    .selectFrom("areas")
    .selectAll()
    .where("user_id", "=", userId)
    .orderBy("created_at")
    .orderBy("id")
    .execute();
}

export function areaPlantingRowsOf(db: Db, userId: string) {
  return db
    .selectFrom("area_plantings")
    .selectAll()
    .where("user_id", "=", userId)
    .orderBy("left_at")
    .orderBy("id")
    .execute();
}

export const insertPlantRows = (db: Db, rows: readonly Insertable<PlantTable>[]) =>
  insertRows(db, "plants", rows);
export const insertTaskRows = (db: Db, rows: readonly Insertable<TaskTable>[]) =>
  insertRows(db, "tasks", rows);
export const insertTaskSkipRows = (db: Db, rows: readonly Insertable<TaskSkipTable>[]) =>
  insertRows(db, "task_skips", rows);
export const insertMilestoneRows = (db: Db, rows: readonly Insertable<MilestoneTable>[]) =>
  insertRows(db, "milestones", rows);
export const insertHarvestRows = (db: Db, rows: readonly Insertable<HarvestTable>[]) =>
  insertRows(db, "harvests", rows);

/** Every journal, harvest, plant, task, rain skip, milestone, area and past planting, children first. */
export async function deleteGardenRows(db: Db, userId: string): Promise<void> {
  const tables = [
    "journal_photos",
    "journal_entries",
    "harvests",
    "task_skips",
    "milestones",
    "tasks",
    "plants",
    "area_plantings",
    "areas",
  ] as const;
  for (const table of tables) {
    await db.deleteFrom(table).where("user_id", "=", userId).execute();
  }
}
