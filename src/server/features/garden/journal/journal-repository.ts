import type { Insertable, Kysely, Selectable, Updateable } from "kysely";
import { chunks } from "../../../db/batches";
import type { Dialect } from "../../../db/connection";
import type { Database, JournalEntryTable, JournalPhotoTable } from "../../../db/schema";
import {
  deleteImages,
  type ImageRow,
  type imageRow,
  insertImage,
  readImage,
} from "../../../lib/photos/image-store";
import { lockGarden } from "../garden-lock";
import { plantExists } from "../read-model";

type Db = Kysely<Database>;
export type JournalEntryRow = Selectable<JournalEntryTable>;
export type JournalPhotoRow = Selectable<JournalPhotoTable>;

/** The plant's entries, newest day first, then the latest written. */
export function entriesOfPlant(
  db: Db,
  userId: string,
  plantId: string,
): Promise<JournalEntryRow[]> {
  return db
    .selectFrom("journal_entries")
    .selectAll()
    .where("user_id", "=", userId)
    .where("plant_id", "=", plantId)
    .orderBy("entry_date", "desc")
    .orderBy("created_at", "desc")
    .orderBy("id")
    .execute();
}

export function findEntry(
  db: Db,
  userId: string,
  id: string,
): Promise<JournalEntryRow | undefined> {
  return db
    .selectFrom("journal_entries")
    .selectAll()
    .where("user_id", "=", userId)
    .where("id", "=", id)
    .executeTakeFirst();
}

/** The photos of these entries of the user, in each entry's order. */
export async function photosOfEntries(
  db: Db,
  userId: string,
  entryIds: readonly string[],
): Promise<JournalPhotoRow[]> {
  const rows: JournalPhotoRow[] = [];
  for (const batch of chunks([...new Set(entryIds)])) {
    rows.push(
      ...(await db
        .selectFrom("journal_photos")
        .selectAll()
        .where("user_id", "=", userId)
        .where("entry_id", "in", batch)
        .orderBy("entry_id")
        .orderBy("position")
        .execute()),
    );
  }
  return rows;
}

/** Stores the entry of the user's plant; false when there is no such plant (nothing stored). */
export function insertEntry(
  db: Db,
  dialect: Dialect,
  row: Insertable<JournalEntryTable> & { user_id: string; plant_id: string },
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    await lockGarden(trx, dialect, row.user_id);
    if (!(await plantExists(trx, row.user_id, row.plant_id))) return false;
    await trx.insertInto("journal_entries").values(row).execute();
    return true;
  });
}

export async function updateEntry(
  db: Db,
  userId: string,
  id: string,
  changes: Updateable<JournalEntryTable>,
): Promise<void> {
  await db
    .updateTable("journal_entries")
    .set(changes)
    .where("user_id", "=", userId)
    .where("id", "=", id)
    .execute();
}

/**
 * Deletes the entries' photos and their images; the caller's transaction holds it together. The
 * images are those of the rows deleted (RETURNING), a photo added meanwhile included.
 */
async function deletePhotosOfEntries(trx: Db, userId: string, entryIds: readonly string[]) {
  for (const batch of chunks([...entryIds])) {
    const photos = await trx
      .deleteFrom("journal_photos")
      .where("user_id", "=", userId)
      .where("entry_id", "in", batch)
      .returning("image_id")
      .execute();
    await deleteImages(
      trx,
      userId,
      photos.map((p) => p.image_id),
    );
  }
}

/** The entry, its photos and their images, all or nothing. False when the user has no such entry. */
export function deleteEntry(db: Db, dialect: Dialect, userId: string, id: string) {
  return db.transaction().execute(async (trx) => {
    // A photo being added to the entry lands first, and goes with it.
    await lockGarden(trx, dialect, userId);
    await deletePhotosOfEntries(trx, userId, [id]);
    const result = await trx
      .deleteFrom("journal_entries")
      .where("user_id", "=", userId)
      .where("id", "=", id)
      .executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  });
}

/** A plant's whole journal, in the caller's transaction, which holds the garden lock. */
export async function deleteJournalOfPlant(
  trx: Db,
  userId: string,
  plantId: string,
): Promise<void> {
  const entries = await trx
    .selectFrom("journal_entries")
    .select("id")
    .where("user_id", "=", userId)
    .where("plant_id", "=", plantId)
    .execute();
  if (entries.length === 0) return;
  const ids = entries.map((e) => e.id);
  await deletePhotosOfEntries(trx, userId, ids);
  for (const batch of chunks(ids)) {
    await trx
      .deleteFrom("journal_entries")
      .where("user_id", "=", userId)
      .where("id", "in", batch)
      .execute();
  }
}

export type AddedPhoto =
  | { kind: "added"; row: JournalPhotoRow }
  | { kind: "full" }
  | { kind: "gone" };

/**
 * Stores the image and a photo row for it at the entry's next position, unless the entry is gone
 * or already has `max` photos (then nothing is stored). Uploads to one gardener's entries take
 * turns with each other (so two at once never make max + 1) and with deletes of entries.
 */
export function insertPhotoWithin(
  db: Db,
  dialect: Dialect,
  max: number,
  userId: string,
  entryId: string,
  image: ReturnType<typeof imageRow>,
  row: Omit<JournalPhotoRow, "position" | "image_id">,
): Promise<AddedPhoto> {
  return db.transaction().execute(async (trx) => {
    await lockGarden(trx, dialect, userId);
    if (!(await findEntry(trx, userId, entryId))) return { kind: "gone" } as const;
    const existing = await trx
      .selectFrom("journal_photos")
      .select("position")
      .where("user_id", "=", userId)
      .where("entry_id", "=", entryId)
      .execute();
    if (existing.length >= max) return { kind: "full" } as const;
    const position = Math.max(-1, ...existing.map((p) => Number(p.position))) + 1;
    await insertImage(trx, image);
    const photo = { ...row, image_id: image.id, position };
    await trx.insertInto("journal_photos").values(photo).execute();
    await trx
      .updateTable("journal_entries")
      .set({ updated_at: row.created_at })
      .where("user_id", "=", userId)
      .where("id", "=", entryId)
      .execute();
    return { kind: "added", row: photo } as const;
  });
}

export function findPhoto(
  db: Db,
  userId: string,
  id: string,
): Promise<JournalPhotoRow | undefined> {
  return db
    .selectFrom("journal_photos")
    .selectAll()
    .where("user_id", "=", userId)
    .where("id", "=", id)
    .executeTakeFirst();
}

/** The photo and its image, together. False when the entry has no such photo of the user. */
export function deletePhoto(db: Db, userId: string, entryId: string, id: string, nowIso: string) {
  return db.transaction().execute(async (trx) => {
    const photo = await trx
      .deleteFrom("journal_photos")
      .where("user_id", "=", userId)
      .where("entry_id", "=", entryId)
      .where("id", "=", id)
      .returning("image_id")
      .executeTakeFirst();
    if (!photo) return false;
    await deleteImages(trx, userId, [photo.image_id]);
    await trx
      .updateTable("journal_entries")
      .set({ updated_at: nowIso })
      .where("user_id", "=", userId)
      .where("id", "=", entryId)
      .execute();
    return true;
  });
}

/** A journal photo's image, or undefined when the user has no such photo. */
export async function photoImage(
  db: Db,
  userId: string,
  id: string,
): Promise<ImageRow | undefined> {
  const photo = await findPhoto(db, userId, id);
  return photo ? readImage(db, userId, photo.image_id) : undefined;
}

/** The plant's completed tasks, for its timeline (the newest `limit`). */
export function completedTasksOfPlant(db: Db, userId: string, plantId: string, limit: number) {
  return db
    .selectFrom("tasks")
    .select(["id", "title", "type", "completed_at"])
    .where("user_id", "=", userId)
    .where("plant_id", "=", plantId)
    .where("status", "=", "completed")
    .orderBy("completed_at", "desc")
    .orderBy("id")
    .limit(limit)
    .execute();
}

/**
 * Each of these plants' newest journal photo (latest day, then latest written entry, then its
 * first photo), in one query for a page of plants: the database ranks them, one row comes back
 * per plant.
 */
export async function latestPhotosOf(
  db: Db,
  userId: string,
  plantIds: readonly string[],
): Promise<Map<string, string>> {
  const latest = new Map<string, string>();
  for (const batch of chunks([...new Set(plantIds)])) {
    const ranked = db
      .selectFrom("journal_entries as e")
      .innerJoin("journal_photos as p", (join) =>
        join.onRef("p.entry_id", "=", "e.id").onRef("p.user_id", "=", "e.user_id"),
      )
      .select((eb) => [
        "e.plant_id",
        "p.id",
        eb.fn
          .agg<number>("row_number")
          .over((over) =>
            over
              .partitionBy("e.plant_id")
              .orderBy("e.entry_date", "desc")
              .orderBy("e.created_at", "desc")
              .orderBy("e.id")
              .orderBy("p.position"),
          )
          .as("rank"),
      ])
      .where("e.user_id", "=", userId)
      .where("e.plant_id", "in", batch);
    const rows = await db
      .selectFrom(ranked.as("r"))
      .select(["r.plant_id", "r.id"])
      .where("r.rank", "=", 1)
      .execute();
    for (const row of rows) latest.set(row.plant_id, row.id);
  }
  return latest;
}
