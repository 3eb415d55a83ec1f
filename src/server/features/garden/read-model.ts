import type { Kysely } from "kysely";
import { plantSchedule } from "../../../core/garden/schedule";
import { type DueTask, type HarvestDuePlant, isFirstHarvestDue } from "../../../core/reminders";
import { preparedQuery } from "../../db/prepared-query";
import type { Database } from "../../db/schema";
import { recordedStageOf, stagePlanOf } from "./rows";

export { recordedStageOf } from "./rows";

// The garden's published reads: other features (chat, calendar, reminders) see plants and tasks
// only through these, so the plants and tasks tables keep one owner.

type Db = Kysely<Database>;

/** Sets of ids larger than this are asked for in several statements (SQLite caps parameters). */
const ID_CHUNK = 500;

const plantExistsQuery = preparedQuery(["userId", "id"], (db, a: { userId: string; id: string }) =>
  db.selectFrom("plants").select("id").where("user_id", "=", a.userId).where("id", "=", a.id),
);

/** Whether the user has a plant with this id (any status). */
export async function plantExists(db: Db, userId: string, id: string): Promise<boolean> {
  return (await plantExistsQuery(db, { userId, id })).rows.length > 0;
}

/** A plant's name and crop, for advice about it; undefined when the user has no such plant. */
export function plantNameAndCrop(db: Db, userId: string, id: string) {
  return db
    .selectFrom("plants")
    .select(["name", "crop_slug"])
    .where("user_id", "=", userId)
    .where("id", "=", id)
    .executeTakeFirst();
}

/** The gardener's active plants, newest first, each with its stage plan. */
export async function activePlantsWithStages(db: Db, userId: string, limit: number) {
  const rows = await db
    .selectFrom("plants")
    .selectAll()
    .where("user_id", "=", userId)
    .where("status", "=", "active")
    .orderBy("created_at", "desc")
    .limit(limit)
    .execute();
  return rows.map((row) => ({ ...row, stagePlan: stagePlanOf(row) }));
}

/** Pending tasks due from `from` to `to` (YYYY-MM-DD, both included), earliest first. */
export function pendingTasksDueBetween(
  db: Db,
  userId: string,
  from: string,
  to: string,
  limit: number,
) {
  return db
    .selectFrom("tasks")
    .select(["id", "title", "due_date", "plant_id", "repeat_every_days"])
    .where("user_id", "=", userId)
    .where("status", "=", "pending")
    .where("due_date", ">=", from)
    .where("due_date", "<=", to)
    .orderBy("due_date")
    .limit(limit)
    .execute();
}

/** Pending tasks that have a due date, with their plant's name, in due-date order. */
export function pendingTasksForFeed(db: Db, userId: string) {
  return db
    .selectFrom("tasks")
    .leftJoin("plants", (join) =>
      join.onRef("plants.id", "=", "tasks.plant_id").onRef("plants.user_id", "=", "tasks.user_id"),
    )
    .select([
      "tasks.id",
      "tasks.title",
      "tasks.type",
      "tasks.due_date",
      "tasks.notes",
      "tasks.repeat_every_days",
      "tasks.created_at",
      "tasks.plant_id",
      "plants.name as plant_name",
    ])
    .where("tasks.user_id", "=", userId)
    .where("tasks.status", "=", "pending")
    .where("tasks.due_date", "is not", null)
    .orderBy("tasks.due_date")
    .orderBy("tasks.id")
    .execute();
}

/** How many pending tasks are overdue and due on `today`, and the first `limit` of them. */
export async function dueTasksOf(db: Db, userId: string, today: string, limit: number) {
  const due = db
    .selectFrom("tasks")
    .where("tasks.user_id", "=", userId)
    .where("tasks.status", "=", "pending")
    .where("tasks.due_date", "<=", today);
  const [counts, rows] = await Promise.all([
    due
      .select((eb) => [
        eb.fn
          .sum<number>(eb.case().when("tasks.due_date", "<", today).then(1).else(0).end())
          .as("overdue"),
        eb.fn.countAll<number>().as("total"),
      ])
      .executeTakeFirst(),
    due
      .leftJoin("plants", (join) =>
        join
          .onRef("plants.id", "=", "tasks.plant_id")
          .onRef("plants.user_id", "=", "tasks.user_id"),
      )
      .select(["tasks.id", "tasks.title", "tasks.due_date", "plants.name as plant_name"])
      .orderBy("tasks.due_date")
      .orderBy("tasks.title")
      .orderBy("tasks.id")
      .limit(limit)
      .execute(),
  ]);
  const overdue = Number(counts?.overdue ?? 0);
  const total = Number(counts?.total ?? 0);
  const tasks: DueTask[] = rows.map((row) => ({
    id: row.id,
    title: row.title,
    dueDate: row.due_date ?? today,
    plantName: row.plant_name,
  }));
  return { tasks, counts: { overdue, dueToday: total - overdue } };
}

/** How many plants each of these accounts has (accounts without any are left out). */
export async function plantCountsOf(db: Db, userIds: string[]): Promise<Map<string, number>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .selectFrom("plants")
    .select(["user_id", (eb) => eb.fn.countAll<number>().as("count")])
    .where("user_id", "in", userIds)
    .groupBy("user_id")
    .execute();
  return new Map(rows.map((row) => [row.user_id, Number(row.count)]));
}

/**
 * Per gardener (keyed by id, with their local today), the active plants whose harvest stage began
 * lately (`isFirstHarvestDue`) and that have neither had their "first harvest due" reminder nor a
 * harvest logged yet. One statement per 500 gardeners: the reminder run asks for all at once.
 */
export async function firstHarvestsDue(
  db: Db,
  todayByUser: ReadonlyMap<string, string>,
): Promise<Map<string, HarvestDuePlant[]>> {
  const ids = [...todayByUser.keys()];
  const due = new Map<string, HarvestDuePlant[]>();
  for (let i = 0; i < ids.length; i += ID_CHUNK) {
    const rows = await db
      .selectFrom("plants")
      .select(["id", "user_id", "name", "stage_plan", "planting_date", "stage", "stage_started_at"])
      .where("user_id", "in", ids.slice(i, i + ID_CHUNK))
      .where("status", "=", "active")
      .where("harvest_reminded_on", "is", null)
      .where(({ exists, not, selectFrom }) =>
        not(
          exists(
            selectFrom("harvests")
              .select("harvests.id")
              .whereRef("harvests.user_id", "=", "plants.user_id")
              .whereRef("harvests.plant_id", "=", "plants.id"),
          ),
        ),
      )
      .execute();
    for (const row of rows) {
      const today = todayByUser.get(row.user_id);
      const { harvestDate } = plantSchedule(
        stagePlanOf(row),
        row.planting_date,
        recordedStageOf(row),
      );
      if (!today || !harvestDate || !isFirstHarvestDue(harvestDate, today)) continue;
      due.set(row.user_id, [
        ...(due.get(row.user_id) ?? []),
        { id: row.id, name: row.name, harvestDate },
      ]);
    }
  }
  return due;
}

/**
 * Claims the plant's "first harvest due" reminder: the update from null lets exactly one of
 * several instances through, and only it sends. False when it was claimed already.
 */
export async function claimFirstHarvestReminder(
  db: Db,
  userId: string,
  plantId: string,
  today: string,
): Promise<boolean> {
  const result = await db
    .updateTable("plants")
    .set({ harvest_reminded_on: today })
    .where("user_id", "=", userId)
    .where("id", "=", plantId)
    .where("harvest_reminded_on", "is", null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/**
 * The images the garden's rows show: plants', harvests' and journal photos. The sweep of images
 * no row points at (photos feature) keeps these; it runs them as subqueries.
 */
export function gardenImageIds(db: Db) {
  return [
    db.selectFrom("plants").select("image_id as id").where("image_id", "is not", null),
    db.selectFrom("harvests").select("image_id as id").where("image_id", "is not", null),
    db.selectFrom("journal_photos").select("image_id as id"),
  ];
}
