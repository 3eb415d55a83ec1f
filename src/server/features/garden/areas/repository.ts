import { randomUUID } from "node:crypto";
import type { Insertable, Kysely, Selectable, Updateable } from "kysely";
import type { Dialect } from "../../../db/connection";
import type { AreaPlantingTable, AreaTable, Database } from "../../../db/schema";
import { lockForUser } from "../../../db/user-lock";
import { lockGarden } from "../garden-lock";

type Db = Kysely<Database>;

export type AreaRow = Selectable<AreaTable> & { plant_count: number };

/** The gardener's areas by name, each with how many plants are in it. */
export async function listAreas(db: Db, userId: string): Promise<AreaRow[]> {
  const rows = await db
    .selectFrom("areas")
    .leftJoin("plants", (join) =>
      join.onRef("plants.area_id", "=", "areas.id").onRef("plants.user_id", "=", "areas.user_id"),
    )
    .selectAll("areas")
    .select((eb) => eb.fn.count<string | number>("plants.id").as("plant_count"))
    .where("areas.user_id", "=", userId)
    .groupBy([
      "areas.id",
      "areas.user_id",
      "areas.name",
      "areas.kind",
      "areas.size_m2",
      "areas.sun",
      "areas.covered",
      "areas.notes",
      "areas.created_at",
      "areas.updated_at",
    ])
    .orderBy("areas.name")
    .orderBy("areas.id")
    .execute();
  return rows.map((row) => ({ ...row, plant_count: Number(row.plant_count) }));
}

export async function findArea(db: Db, userId: string, id: string): Promise<AreaRow | undefined> {
  const row = await db
    .selectFrom("areas")
    .selectAll()
    .where("user_id", "=", userId)
    .where("id", "=", id)
    .executeTakeFirst();
  if (!row) return undefined;
  const count = await db
    .selectFrom("plants")
    .select((eb) => eb.fn.countAll<string | number>().as("n"))
    .where("user_id", "=", userId)
    .where("area_id", "=", id)
    .executeTakeFirstOrThrow();
  return { ...row, plant_count: Number(count.n) };
}

/** Whether the area is the gardener's: a plant may be placed only in one of their own. */
export async function areaExists(db: Db, userId: string, id: string): Promise<boolean> {
  const row = await db
    .selectFrom("areas")
    .select("id")
    .where("user_id", "=", userId)
    .where("id", "=", id)
    .executeTakeFirst();
  return row !== undefined;
}

async function countAreas(db: Db, userId: string): Promise<number> {
  const row = await db
    .selectFrom("areas")
    .select((eb) => eb.fn.countAll<string | number>().as("n"))
    .where("user_id", "=", userId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * Takes the gardener's area lock and counts their areas: until the transaction ends, no other
 * new area or import can change that count (the MAX_AREAS cap).
 */
export async function lockedAreaCount(trx: Db, dialect: Dialect, userId: string): Promise<number> {
  await lockForUser(trx, dialect, "areas", userId);
  return countAreas(trx, userId);
}

/**
 * Stores the area unless the gardener already has `max`: then nothing is stored and the answer
 * is false. New areas take turns, so none makes max + 1.
 */
export async function insertAreaWithin(
  db: Db,
  dialect: Dialect,
  max: number,
  row: Insertable<AreaTable> & { user_id: string },
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    if ((await lockedAreaCount(trx, dialect, row.user_id)) >= max) return false;
    await trx.insertInto("areas").values(row).execute();
    return true;
  });
}

export async function updateArea(
  db: Db,
  userId: string,
  id: string,
  changes: Updateable<AreaTable>,
): Promise<boolean> {
  const result = await db
    .updateTable("areas")
    .set(changes)
    .where("user_id", "=", userId)
    .where("id", "=", id)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/**
 * Deletes the area and its past plantings; its plants stay, unplaced. Returns the ids of the
 * plants it held, or null when the gardener has no such area.
 */
export async function deleteArea(
  db: Db,
  dialect: Dialect,
  userId: string,
  id: string,
  nowIso: string,
): Promise<string[] | null> {
  return db.transaction().execute(async (trx) => {
    // A plant being moved or planted into the area lands first, and is unplaced with the rest.
    await lockGarden(trx, dialect, userId);
    const area = await trx
      .selectFrom("areas")
      .select("id")
      .where("user_id", "=", userId)
      .where("id", "=", id)
      .executeTakeFirst();
    if (!area) return null;
    const plants = await trx
      .selectFrom("plants")
      .select("id")
      .where("user_id", "=", userId)
      .where("area_id", "=", id)
      .execute();
    await trx
      .updateTable("plants")
      .set({ area_id: null, updated_at: nowIso })
      .where("user_id", "=", userId)
      .where("area_id", "=", id)
      .execute();
    await trx
      .deleteFrom("area_plantings")
      .where("user_id", "=", userId)
      .where("area_id", "=", id)
      .execute();
    await trx.deleteFrom("areas").where("user_id", "=", userId).where("id", "=", id).execute();
    return plants.map((p) => p.id);
  });
}

/** The plants in the area now, oldest planting first. */
export function plantsInArea(db: Db, userId: string, areaId: string) {
  return db
    .selectFrom("plants")
    .select(["id", "name", "crop_slug", "planting_date", "image_id"])
    .where("user_id", "=", userId)
    .where("area_id", "=", areaId)
    .orderBy("planting_date")
    .orderBy("id")
    .execute();
}

/** The plants that grew in the area and left it. */
export function pastPlantings(
  db: Db,
  userId: string,
  areaId: string,
): Promise<Selectable<AreaPlantingTable>[]> {
  return db
    .selectFrom("area_plantings")
    .selectAll()
    .where("user_id", "=", userId)
    .where("area_id", "=", areaId)
    .orderBy("planted_on")
    .orderBy("id")
    .execute();
}

/** A plant leaving an area, as the plant row was just before it left. */
export interface LeavingPlant {
  id: string;
  user_id: string;
  area_id: string | null;
  name: string;
  crop_slug: string | null;
  planting_date: string;
}

/**
 * Keeps the record that the plant grew in its area, so crop rotation still knows once it is
 * deleted or moved. Call inside the transaction that deletes or moves it.
 */
export async function recordLeaving(trx: Db, plant: LeavingPlant, nowIso: string): Promise<void> {
  if (!plant.area_id) return;
  await trx
    .insertInto("area_plantings")
    .values({
      id: randomUUID(),
      user_id: plant.user_id,
      area_id: plant.area_id,
      plant_id: plant.id,
      plant_name: plant.name,
      crop_slug: plant.crop_slug,
      planted_on: plant.planting_date,
      left_at: nowIso,
    })
    .execute();
}
