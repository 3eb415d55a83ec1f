import { type Insertable, type Kysely, type Selectable, sql, type Updateable } from "kysely";
import type { Dialect } from "../../../db/connection";
import type { Database, HarvestTable } from "../../../db/schema";
import {
  deleteImages,
  type ImageRow,
  type imageRow,
  insertImage,
  readImage,
} from "../../../lib/photos/image-store";
import { lockGarden } from "../garden-lock";
import { findPlant } from "../plants-repository";
import type { PlantRow } from "../rows";

type Db = Kysely<Database>;

/** A harvest with the names its plant and area have now (null when either is gone). */
export type HarvestRow = Selectable<HarvestTable> & {
  plant_name: string | null;
  area_name: string | null;
};

/** The user's harvests joined to their plant's and area's names, newest first. */
function harvestsWithNames(db: Db, userId: string) {
  return db
    .selectFrom("harvests")
    .leftJoin("plants", (join) =>
      join
        .onRef("plants.id", "=", "harvests.plant_id")
        .onRef("plants.user_id", "=", "harvests.user_id"),
    )
    .leftJoin("areas", (join) =>
      join
        .onRef("areas.id", "=", "harvests.area_id")
        .onRef("areas.user_id", "=", "harvests.user_id"),
    )
    .selectAll("harvests")
    .select(["plants.name as plant_name", "areas.name as area_name"])
    .where("harvests.user_id", "=", userId)
    .orderBy("harvests.harvested_on", "desc")
    .orderBy("harvests.created_at", "desc")
    .orderBy("harvests.id", "desc");
}

export function harvestsOfPlant(db: Db, userId: string, plantId: string): Promise<HarvestRow[]> {
  return harvestsWithNames(db, userId).where("harvests.plant_id", "=", plantId).execute();
}

/** Harvests from `start` to `end`, both included. */
export function harvestsBetween(
  db: Db,
  userId: string,
  start: string,
  end: string,
): Promise<HarvestRow[]> {
  return harvestsWithNames(db, userId)
    .where("harvests.harvested_on", ">=", start)
    .where("harvests.harvested_on", "<=", end)
    .execute();
}

/** Every harvest of the user (the CSV and the export), newest first. */
export function allHarvests(db: Db, userId: string): Promise<HarvestRow[]> {
  return harvestsWithNames(db, userId).execute();
}

export function findHarvest(db: Db, userId: string, id: string): Promise<HarvestRow | undefined> {
  return harvestsWithNames(db, userId).where("harvests.id", "=", id).executeTakeFirst();
}

/** The months ("YYYY-MM") the user harvested in: enough to name every season with harvests. */
export async function harvestMonths(db: Db, userId: string): Promise<string[]> {
  const rows = await db
    .selectFrom("harvests")
    .select(sql<string>`substr(harvested_on, 1, 7)`.as("month"))
    .where("user_id", "=", userId)
    .groupBy(sql`substr(harvested_on, 1, 7)`)
    .execute();
  return rows.map((row) => row.month);
}

/**
 * Stores the harvest `rowOf` makes from the user's plant as it is now, in one transaction with the
 * read. False when the user has no such plant (or it is being deleted): then nothing is stored.
 */
export function insertHarvestOfPlant(
  db: Db,
  dialect: Dialect,
  userId: string,
  plantId: string,
  rowOf: (plant: PlantRow) => Insertable<HarvestTable>,
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    await lockGarden(trx, dialect, userId);
    const plant = await findPlant(trx, userId, plantId);
    if (!plant) return false;
    await trx.insertInto("harvests").values(rowOf(plant)).execute();
    return true;
  });
}

/** False when the user has no such harvest. */
export async function updateHarvest(
  db: Db,
  userId: string,
  id: string,
  changes: Updateable<HarvestTable>,
): Promise<boolean> {
  const result = await db
    .updateTable("harvests")
    .set(changes)
    .where("user_id", "=", userId)
    .where("id", "=", id)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/**
 * The harvest and its photo, in one transaction; false when the user has no such harvest. The
 * photo is the one the deleted row held (RETURNING), not one read before a replacement committed.
 */
export async function deleteHarvest(db: Db, userId: string, id: string): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const harvest = await trx
      .deleteFrom("harvests")
      .where("user_id", "=", userId)
      .where("id", "=", id)
      .returning("image_id")
      .executeTakeFirst();
    if (!harvest) return false;
    if (harvest.image_id) await deleteImages(trx, userId, [harvest.image_id]);
    return true;
  });
}

/** The user's harvest's photo, or undefined (no such harvest, or no photo). */
export async function harvestImage(
  db: Db,
  userId: string,
  id: string,
): Promise<ImageRow | undefined> {
  const harvest = await db
    .selectFrom("harvests")
    .select("image_id")
    .where("user_id", "=", userId)
    .where("id", "=", id)
    .executeTakeFirst();
  return harvest?.image_id ? readImage(db, userId, harvest.image_id) : undefined;
}

/**
 * Gives the user's harvest a new photo (or none), deleting the old one, in one transaction. False
 * when the user has no such harvest: then nothing is stored. The first statement writes the row,
 * which on PostgreSQL waits for a replacement under way to commit and then answers the photo it
 * stored: two uploads at once each delete the photo they replaced (a read first had both delete
 * the same one and leave the other's behind).
 */
export async function replaceHarvestImage(
  db: Db,
  userId: string,
  id: string,
  image: ReturnType<typeof imageRow> | null,
  nowIso: string,
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const harvest = await trx
      .updateTable("harvests")
      .set({ updated_at: nowIso })
      .where("user_id", "=", userId)
      .where("id", "=", id)
      .returning("image_id")
      .executeTakeFirst();
    if (!harvest) return false;
    if (image) await insertImage(trx, image);
    await trx
      .updateTable("harvests")
      .set({ image_id: image?.id ?? null })
      .where("user_id", "=", userId)
      .where("id", "=", id)
      .execute();
    if (harvest.image_id) await deleteImages(trx, userId, [harvest.image_id]);
    return true;
  });
}
