import { type Insertable, type Kysely, sql } from "kysely";
import { insertRows, ownersOf } from "../../db/batches";
import type {
  Database,
  JournalEntryTable,
  JournalPhotoTable,
  MilestoneTable,
  PlantTable,
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

export const insertPlantRows = (db: Db, rows: readonly Insertable<PlantTable>[]) =>
  insertRows(db, "plants", rows);
export const insertTaskRows = (db: Db, rows: readonly Insertable<TaskTable>[]) =>
  insertRows(db, "tasks", rows);
export const insertMilestoneRows = (db: Db, rows: readonly Insertable<MilestoneTable>[]) =>
  insertRows(db, "milestones", rows);

/** Every journal, plant, task, milestone and area of the gardener, children first. */
export async function deleteGardenRows(db: Db, userId: string): Promise<void> {
  for (const table of [
    "journal_photos",
    "journal_entries",
    "milestones",
    "tasks",
    "plants",
    "areas",
  ] as const) {
    await db.deleteFrom(table).where("user_id", "=", userId).execute();
  }
}
