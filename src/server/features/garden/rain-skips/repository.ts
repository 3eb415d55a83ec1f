import type { Kysely, Selectable } from "kysely";
import type { Database, TaskSkipTable } from "../../../db/schema";
import type { TaskRow } from "../rows";

type Db = Kysely<Database>;
export type TaskSkipRow = Selectable<TaskSkipTable>;

/** What the rain rule needs of a task's plant and its area. */
export interface ExposureColumns {
  place: string;
  medium: string;
  garden_type: string | null;
  area_kind: string | null;
  area_covered: number | null;
}

export interface WateringCandidate extends TaskRow, ExposureColumns {}

export interface OutdoorWatering extends ExposureColumns {
  user_id: string;
}

/**
 * Pending repeating waterings due on or before `day`, joined to their plant and its area, with
 * the columns the rain rule reads (ExposureColumns). Each query below narrows it further.
 */
function dueWaterings(db: Db, day: string) {
  return db
    .selectFrom("tasks")
    .innerJoin("plants", (join) =>
      join.onRef("plants.id", "=", "tasks.plant_id").onRef("plants.user_id", "=", "tasks.user_id"),
    )
    .leftJoin("areas", (join) =>
      join.onRef("areas.id", "=", "plants.area_id").onRef("areas.user_id", "=", "plants.user_id"),
    )
    .select([
      "plants.place",
      "plants.medium",
      "plants.garden_type",
      "areas.kind as area_kind",
      "areas.covered as area_covered",
    ])
    .where("tasks.status", "=", "pending")
    .where("tasks.type", "=", "watering")
    .where("tasks.repeat_every_days", "is not", null)
    .where("tasks.due_date", "<=", day);
}

/**
 * The gardener's pending repeating watering tasks due on or before `day`, with what the rain rule
 * needs of their plant and its area. Core `rainSkip` decides; this only narrows the rows read.
 */
export function wateringCandidates(
  db: Db,
  userId: string,
  day: string,
): Promise<WateringCandidate[]> {
  return dueWaterings(db, day).selectAll("tasks").where("tasks.user_id", "=", userId).execute();
}

/**
 * Gardeners with a pending repeating watering due on or before `day`, of an outdoor plant in
 * soil: whom the rain might spare a watering, so whose weather the rain skip needs. Core
 * `rainReaches` decides on the rest (garden type, area); this only narrows the rows read.
 */
export function outdoorWateringDue(db: Db, day: string): Promise<OutdoorWatering[]> {
  return dueWaterings(db, day)
    .select("tasks.user_id")
    .where("plants.place", "=", "outdoor")
    .where("plants.medium", "=", "soil")
    .execute();
}

/** Records the skip unless the task was already skipped that day. True when recorded. */
export async function insertSkip(db: Db, row: TaskSkipRow): Promise<boolean> {
  const result = await db
    .insertInto("task_skips")
    .values(row)
    .onConflict((oc) => oc.columns(["task_id", "skipped_on"]).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

export async function deleteSkip(db: Db, userId: string, id: string): Promise<void> {
  await db.deleteFrom("task_skips").where("user_id", "=", userId).where("id", "=", id).execute();
}

/** Marks the skip undone, once. True when this call undid it. */
export async function markUndone(db: Db, userId: string, id: string, at: string): Promise<boolean> {
  const result = await db
    .updateTable("task_skips")
    .set({ undone_at: at })
    .where("user_id", "=", userId)
    .where("id", "=", id)
    .where("undone_at", "is", null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/**
 * The skips still standing for the given tasks (not undone), newest first per task. A skip
 * explains a task's due date only while the task is still due its `to_due_date`; the caller
 * checks that against the task.
 */
export async function standingSkips(
  db: Db,
  userId: string,
  taskIds: readonly string[],
): Promise<TaskSkipRow[]> {
  if (taskIds.length === 0) return [];
  return db
    .selectFrom("task_skips")
    .selectAll()
    .where("user_id", "=", userId)
    .where("task_id", "in", taskIds)
    .where("undone_at", "is", null)
    .orderBy("skipped_on", "desc")
    .execute();
}
