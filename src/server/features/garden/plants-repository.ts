import type { Insertable, Kysely, Updateable } from "kysely";
import type { Database, PlantTable, TaskTable } from "../../db/schema";
import type { MilestoneRow, PlantRow } from "./rows";
import { insertTasks } from "./tasks-repository";

type Db = Kysely<Database>;

// Every column but ai_plan_raw, which only matters to someone debugging a plan.
const plantColumns = [
  "id",
  "user_id",
  "name",
  "scientific_name",
  "common_name",
  "slug",
  "crop_slug",
  "source",
  "medium",
  "place",
  "lighting",
  "start_method",
  "experience",
  "planting_date",
  "stage_plan",
  "tips",
  "ai_plan_version",
  "status",
  "stage",
  "stage_started_at",
  "next_task_id",
  "image_path",
  "location_place",
  "notes",
  "created_at",
  "updated_at",
  "identified_at",
] as const;

/** The plant and its first tasks, all or nothing. */
export async function insertPlantWithTasks(
  db: Db,
  plant: Insertable<PlantTable>,
  tasks: Insertable<TaskTable>[],
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.insertInto("plants").values(plant).execute();
    await insertTasks(trx, tasks);
  });
}

export function findPlant(db: Db, userId: string, id: string): Promise<PlantRow | undefined> {
  return db
    .selectFrom("plants")
    .select(plantColumns)
    .where("user_id", "=", userId)
    .where("id", "=", id)
    .executeTakeFirst();
}

export async function plantExists(db: Db, userId: string, id: string): Promise<boolean> {
  const row = await db
    .selectFrom("plants")
    .select("id")
    .where("user_id", "=", userId)
    .where("id", "=", id)
    .executeTakeFirst();
  return row !== undefined;
}

/** Newest first (createdAt, then id, descending), the page after `after`. */
export function listPlants(
  db: Db,
  userId: string,
  limit: number,
  after: { createdAt: string; id: string } | null,
): Promise<PlantRow[]> {
  let query = db.selectFrom("plants").select(plantColumns).where("user_id", "=", userId);
  if (after) {
    const { createdAt, id } = after;
    query = query
      .where("created_at", "<=", createdAt)
      .where((eb) =>
        eb.or([
          eb("created_at", "<", createdAt),
          eb.and([eb("created_at", "=", createdAt), eb("id", "<", id)]),
        ]),
      );
  }
  return query.orderBy("created_at", "desc").orderBy("id", "desc").limit(limit).execute();
}

export async function updatePlant(
  db: Db,
  userId: string,
  id: string,
  changes: Updateable<PlantTable>,
): Promise<boolean> {
  const result = await db
    .updateTable("plants")
    .set(changes)
    .where("user_id", "=", userId)
    .where("id", "=", id)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export function milestonesOfPlant(
  db: Db,
  userId: string,
  plantId: string,
): Promise<MilestoneRow[]> {
  return db
    .selectFrom("milestones")
    .selectAll()
    .where("user_id", "=", userId)
    .where("plant_id", "=", plantId)
    .orderBy("created_at")
    .orderBy("id")
    .execute();
}

/** What the plan generator needs from the gardener's profile. */
export function profileForPlan(db: Db, userId: string) {
  return db
    .selectFrom("profile")
    .select(["experience", "location"])
    .where("user_id", "=", userId)
    .executeTakeFirst();
}

/**
 * Spec §4 Plant deletion, in one transaction: mark the plant archived, delete its tasks and
 * milestones `batchSize` rows per statement, then the plant. False when the user has no such plant.
 */
export async function deletePlantWithChildren(
  db: Db,
  userId: string,
  plantId: string,
  batchSize: number,
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const archived = await trx
      .updateTable("plants")
      .set({ status: "archived", next_task_id: null })
      .where("user_id", "=", userId)
      .where("id", "=", plantId)
      .executeTakeFirst();
    if (Number(archived.numUpdatedRows) === 0) return false;

    await deleteInBatches(trx, "tasks", userId, plantId, batchSize);
    await deleteInBatches(trx, "milestones", userId, plantId, batchSize);

    await trx
      .deleteFrom("plants")
      .where("user_id", "=", userId)
      .where("id", "=", plantId)
      .execute();
    return true;
  });
}

/** Deletes a plant's rows of one table, `batchSize` rows per statement (spec §9: 450). */
async function deleteInBatches(
  trx: Db,
  table: "tasks" | "milestones",
  userId: string,
  plantId: string,
  batchSize: number,
): Promise<void> {
  let deleted: number;
  do {
    const result = await trx
      .deleteFrom(table)
      .where("id", "in", (eb) =>
        eb
          .selectFrom(table)
          .select("id")
          .where("user_id", "=", userId)
          .where("plant_id", "=", plantId)
          .limit(batchSize),
      )
      .executeTakeFirst();
    deleted = Number(result.numDeletedRows);
  } while (deleted === batchSize);
}
