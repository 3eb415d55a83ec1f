import { randomUUID } from "node:crypto";
import type { Kysely, Transaction } from "kysely";
import type { Database } from "../../db/schema";
import { imageRow, insertImage } from "../../lib/photos/image-store";
import type { StoredPhoto } from "../../lib/photos/pipeline";
import { deleteImageRows, imageRowsOf } from "./account-data-repository";

// What account-data (export, import, account deletion) needs of the stored photos: it reaches
// the images table only through here.

/** A stored photo's bytes (WebP, as the pipeline stores them) and size. */
export interface PhotoForExport {
  bytes: Buffer;
  width: number;
  height: number;
}

/** These photos of the gardener by image id; ids of others or of no image are absent. */
export async function photosForExport(
  db: Kysely<Database>,
  userId: string,
  imageIds: readonly string[],
): Promise<Map<string, PhotoForExport>> {
  const rows = await imageRowsOf(db, userId, imageIds);
  return new Map(rows.map((row) => [row.id, row]));
}

/** Stores an imported photo of the gardener in the caller's transaction; its new image id. */
export async function insertImportedPhoto(
  trx: Transaction<Database>,
  userId: string,
  photo: StoredPhoto,
  createdAt: string,
): Promise<string> {
  const id = randomUUID();
  await insertImage(trx, imageRow(id, userId, photo, createdAt));
  return id;
}

/** Every photo of the gardener, in the caller's transaction. */
export function deletePhotosOf(trx: Transaction<Database>, userId: string): Promise<void> {
  return deleteImageRows(trx, userId);
}
