import { type Insertable, type Kysely, sql, type Updateable } from "kysely";
import type { Dialect } from "../../db/connection";
import { preparedQuery } from "../../db/prepared-query";
import type { Database, MilestoneTable, PlantTable, TaskTable } from "../../db/schema";
import {
  copyImage,
  deleteImages,
  type ImageRow,
  type imageRow,
  insertImage,
  readImage,
} from "../../lib/photos/image-store";
import { areaExists, recordLeaving } from "./areas/repository";
import { lockGarden } from "./garden-lock";
import { deleteJournalOfPlant } from "./journal/journal-repository";
import type { MilestoneRow, PlantRow, TaskRow } from "./rows";
import { insertTasks, refreshNextTask } from "./tasks-repository";

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
  "garden_type",
  "grow_lighting",
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
  "image_id",
  "area_id",
  "location_place",
  "notes",
  "created_at",
  "updated_at",
  "identified_at",
] as const;

/**
 * The plant, its first tasks and its milestones, all or nothing. With `photoFrom`, the plant gets
 * its own copy of that image of the user as `plant.image_id` (none if the image is gone by now).
 * False when the plant's area is not (or no longer) the gardener's: then nothing is stored.
 */
export async function insertPlantWithTasks(
  db: Db,
  dialect: Dialect,
  plant: Insertable<PlantTable>,
  tasks: Insertable<TaskTable>[],
  photoFrom?: string | null,
  milestones: Insertable<MilestoneTable>[] = [],
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    if (plant.area_id) {
      await lockGarden(trx, dialect, plant.user_id);
      if (!(await areaExists(trx, plant.user_id, plant.area_id))) return false;
    }
    let imageId = plant.image_id ?? null;
    if (imageId && photoFrom) {
      const copied = await copyImage(trx, plant.user_id, photoFrom, imageId, plant.created_at);
      if (!copied) imageId = null;
    }
    await trx
      .insertInto("plants")
      .values({ ...plant, image_id: imageId })
      .execute();
    await insertTasks(trx, tasks);
    if (milestones.length > 0) await trx.insertInto("milestones").values(milestones).execute();
    return true;
  });
}

/** The user's plant's photo, or undefined (no such plant, or no photo). */
export async function plantImage(
  db: Db,
  userId: string,
  plantId: string,
): Promise<ImageRow | undefined> {
  const plant = await db
    .selectFrom("plants")
    .select("image_id")
    .where("user_id", "=", userId)
    .where("id", "=", plantId)
    .executeTakeFirst();
  return plant?.image_id ? readImage(db, userId, plant.image_id) : undefined;
}

/**
 * Gives the user's plant a new photo (or none), deleting the old one, in one transaction. False
 * when the user has no such plant: then nothing is stored. Written first, as a harvest's photo
 * is (replaceHarvestImage): uploads at once take turns and each deletes the photo it replaced.
 */
export async function replacePlantImage(
  db: Db,
  userId: string,
  plantId: string,
  image: ReturnType<typeof imageRow> | null,
  nowIso: string,
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const plant = await trx
      .updateTable("plants")
      .set({ updated_at: nowIso })
      .where("user_id", "=", userId)
      .where("id", "=", plantId)
      .returning("image_id")
      .executeTakeFirst();
    if (!plant) return false;
    if (image) await insertImage(trx, image);
    await trx
      .updateTable("plants")
      .set({ image_id: image?.id ?? null })
      .where("user_id", "=", userId)
      .where("id", "=", plantId)
      .execute();
    if (plant.image_id) await deleteImages(trx, userId, [plant.image_id]);
    return true;
  });
}

const findPlantQuery = preparedQuery(["userId", "id"], (db, a: { userId: string; id: string }) =>
  db
    .selectFrom("plants")
    .select(plantColumns)
    .where("user_id", "=", a.userId)
    .where("id", "=", a.id),
);

export async function findPlant(db: Db, userId: string, id: string): Promise<PlantRow | undefined> {
  return (await findPlantQuery(db, { userId, id })).rows[0];
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
    .set({
      ...changes,
      // New lights or a new place: the Grow Along lighting or garden type that no longer agrees
      // goes (SET reads the row as it was, on SQLite and PostgreSQL alike).
      ...(changes.lighting === undefined
        ? {}
        : {
            grow_lighting: sql<
              string | null
            >`case when lighting = ${changes.lighting} then grow_lighting else null end`,
          }),
      ...(changes.place === undefined
        ? {}
        : {
            garden_type: sql<
              string | null
            >`case when place = ${changes.place} then garden_type else null end`,
          }),
    })
    .where("user_id", "=", userId)
    .where("id", "=", id)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** The plant's milestones in the order they were written (callers sort them by date). */
const milestonesQuery = preparedQuery(
  ["userId", "plantId"],
  (db, a: { userId: string; plantId: string }) =>
    db
      .selectFrom("milestones")
      .selectAll()
      .where("user_id", "=", a.userId)
      .where("plant_id", "=", a.plantId)
      .orderBy("created_at")
      .orderBy("id"),
);

export async function milestonesOfPlant(
  db: Db,
  userId: string,
  plantId: string,
): Promise<MilestoneRow[]> {
  return (await milestonesQuery(db, { userId, plantId })).rows;
}

/**
 * What a plant edit does to its milestones and to its pending tasks' due dates (decided by the
 * service from the rows it is shown).
 */
export interface MilestoneChanges {
  reach: { id: string; reachedAt: string }[];
  insert: Insertable<MilestoneTable>[];
  redate: { id: string; date: string; fromAt: string | null; toAt: string | null }[];
  redateTasks: { id: string; dueDate: string }[];
  /** The recorded stage's new first day, when the edit moves it (undefined: unchanged). */
  stageStartedAt?: string;
}

/** The plant as it was before an edit: what its schedule was made from. */
export type PlantBeforeEdit = Pick<
  PlantRow,
  "planting_date" | "name" | "stage_plan" | "stage" | "stage_started_at"
>;

/** A pending task of the plant, as an edit that moves its schedule sees it. */
export type PendingTaskRow = Pick<TaskRow, "id" | "title" | "type" | "due_date">;

/** What a plant edit found: done, or which of the rows it names is gone (then nothing changed). */
export type PlantEdit = "done" | "plant-gone" | "area-gone";

/**
 * Updates the user's plant and, when `decide` is given, its milestones and pending tasks' due
 * dates (and the recorded stage's first day) as `decide` says from the plant, milestones and
 * pending tasks as they were before the edit, all in one transaction. A move (`area_id`) is made
 * only into an area the gardener still has.
 */
export async function updatePlantAndMilestones(
  db: Db,
  dialect: Dialect,
  userId: string,
  id: string,
  changes: Updateable<PlantTable>,
  decide:
    | ((
        plant: PlantBeforeEdit,
        milestones: MilestoneRow[],
        pending: PendingTaskRow[],
      ) => MilestoneChanges)
    | null,
  retitle: TaskRetitle | null = null,
): Promise<PlantEdit> {
  const moves = changes.area_id !== undefined;
  if (!decide && !retitle && !moves) {
    return (await updatePlant(db, userId, id, changes)) ? "done" : "plant-gone";
  }
  return db.transaction().execute(async (trx): Promise<PlantEdit> => {
    // Taken before the plant is read: a delete of it or of its new area either ran or waits.
    await lockGarden(trx, dialect, userId);
    const plant = await trx
      .selectFrom("plants")
      .select([
        "id",
        "user_id",
        "area_id",
        "crop_slug",
        "planting_date",
        "name",
        "stage_plan",
        "stage",
        "stage_started_at",
      ])
      .where("user_id", "=", userId)
      .where("id", "=", id)
      .executeTakeFirst();
    if (!plant) return "plant-gone";
    if (changes.area_id && !(await areaExists(trx, userId, changes.area_id))) return "area-gone";
    // A plant moved out of an area leaves its record there for crop rotation.
    if (moves && plant.area_id !== changes.area_id) {
      await recordLeaving(trx, plant, String(changes.updated_at ?? new Date().toISOString()));
    }
    const pending = await trx
      .selectFrom("tasks")
      .select(["id", "title", "type", "due_date"])
      .where("user_id", "=", userId)
      .where("plant_id", "=", id)
      .where("status", "=", "pending")
      .execute();
    if (retitle) {
      for (const task of retitle(plant.name, pending)) {
        await trx
          .updateTable("tasks")
          .set({ title: task.title })
          .where("user_id", "=", userId)
          .where("id", "=", task.id)
          .execute();
      }
    }
    if (!decide) {
      await updatePlant(trx, userId, id, changes);
      return "done";
    }
    const milestones = await milestonesOfPlant(trx, userId, id);
    const { reach, insert, redate, redateTasks, stageStartedAt } = decide(
      plant,
      milestones,
      pending,
    );
    await updatePlant(
      trx,
      userId,
      id,
      stageStartedAt === undefined ? changes : { ...changes, stage_started_at: stageStartedAt },
    );
    for (const { id: milestoneId, reachedAt } of reach) {
      await trx
        .updateTable("milestones")
        .set({ reached_at: reachedAt })
        .where("user_id", "=", userId)
        .where("id", "=", milestoneId)
        .execute();
    }
    for (const { id: milestoneId, date, fromAt, toAt } of redate) {
      await trx
        .updateTable("milestones")
        .set({ date, from_at: fromAt, to_at: toAt })
        .where("user_id", "=", userId)
        .where("id", "=", milestoneId)
        .execute();
    }
    if (insert.length > 0) await trx.insertInto("milestones").values(insert).execute();
    for (const { id: taskId, dueDate } of redateTasks) {
      await trx
        .updateTable("tasks")
        .set({ due_date: dueDate })
        .where("user_id", "=", userId)
        .where("id", "=", taskId)
        .execute();
    }
    if (redateTasks.length > 0) await refreshNextTask(trx, userId, id);
    return "done";
  });
}

/** Given the plant's name before the update and its pending tasks, the titles to change. */
export type TaskRetitle = (
  oldName: string,
  pending: { id: string; title: string }[],
) => { id: string; title: string }[];

/**
 * Spec §4 Plant deletion, in one transaction: mark the plant archived, delete its tasks (and
 * their rain skips) and milestones `batchSize` rows per statement, unlink its harvests, delete its
 * journal (entries, photos), then the plant and its photo. False when the user has no such plant.
 */
export async function deletePlantWithChildren(
  db: Db,
  dialect: Dialect,
  userId: string,
  plantId: string,
  batchSize: number,
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    // A harvest or journal entry being added for the plant commits first, and goes with it.
    await lockGarden(trx, dialect, userId);
    const archived = await trx
      .updateTable("plants")
      .set({ status: "archived", next_task_id: null })
      .where("user_id", "=", userId)
      .where("id", "=", plantId)
      .executeTakeFirst();
    if (Number(archived.numUpdatedRows) === 0) return false;
    const leaving = await trx
      .selectFrom("plants")
      .select(["id", "user_id", "area_id", "name", "crop_slug", "planting_date"])
      .where("user_id", "=", userId)
      .where("id", "=", plantId)
      .executeTakeFirstOrThrow();
    // Pulled spent tomatoes still count when next year's go in the same bed.
    await recordLeaving(trx, leaving, new Date().toISOString());

    await trx
      .deleteFrom("task_skips")
      .where("user_id", "=", userId)
      .where("task_id", "in", (eb) =>
        eb
          .selectFrom("tasks")
          .select("id")
          .where("user_id", "=", userId)
          .where("plant_id", "=", plantId),
      )
      .execute();
    await deleteInBatches(trx, "tasks", userId, plantId, batchSize);
    await deleteInBatches(trx, "milestones", userId, plantId, batchSize);
    // The season's totals keep its harvests: they stay, with the crop and area as logged.
    await trx
      .updateTable("harvests")
      .set({ plant_id: null })
      .where("user_id", "=", userId)
      .where("plant_id", "=", plantId)
      .execute();
    await deleteJournalOfPlant(trx, userId, plantId);

    const photo = await trx
      .selectFrom("plants")
      .select("image_id")
      .where("user_id", "=", userId)
      .where("id", "=", plantId)
      .executeTakeFirst();
    await trx
      .deleteFrom("plants")
      .where("user_id", "=", userId)
      .where("id", "=", plantId)
      .execute();
    if (photo?.image_id) await deleteImages(trx, userId, [photo.image_id]);
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
