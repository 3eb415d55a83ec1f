// The images table, shared storage for every feature that keeps photos (plants, harvests, journal,
// identifications): each calls these inside its own transaction so a row and its photo commit
// together. It lives in lib, below the features, because repositories call it (and a repository
// may call no service).
import type { Kysely, Selectable, SelectQueryBuilder } from "kysely";
import type { Database, ImageTable } from "../../db/schema";
import type { StoredPhoto } from "./pipeline";

type Db = Kysely<Database>;

export type ImageRow = Pick<Selectable<ImageTable>, "id" | "bytes" | "mime_type">;

/** An image row for a new photo of the user. */
export function imageRow(id: string, userId: string, photo: StoredPhoto, createdAt: string) {
  return {
    id,
    user_id: userId,
    bytes: photo.bytes,
    mime_type: photo.mimeType,
    width: photo.width,
    height: photo.height,
    created_at: createdAt,
  };
}

export async function insertImage(db: Db, row: ReturnType<typeof imageRow>): Promise<void> {
  await db.insertInto("images").values(row).execute();
}

export async function imageExists(db: Db, userId: string, id: string): Promise<boolean> {
  const row = await db
    .selectFrom("images")
    .select("id")
    .where("user_id", "=", userId)
    .where("id", "=", id)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Copies one of the user's images to a new id (a plant keeps its own copy, so pruning the
 * identification it came from cannot take its photo). False when the user has no such image.
 */
export async function copyImage(
  db: Db,
  userId: string,
  fromId: string,
  toId: string,
  createdAt: string,
): Promise<boolean> {
  const result = await db
    .insertInto("images")
    .columns(["id", "user_id", "bytes", "mime_type", "width", "height", "created_at"])
    .expression((eb) =>
      eb
        .selectFrom("images")
        .select((s) => [
          s.val(toId).as("id"),
          "user_id",
          "bytes",
          "mime_type",
          "width",
          "height",
          s.val(createdAt).as("created_at"),
        ])
        .where("user_id", "=", userId)
        .where("id", "=", fromId),
    )
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

export async function deleteImages(db: Db, userId: string, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  await db
    .deleteFrom("images")
    .where("user_id", "=", userId)
    .where("id", "in", [...ids])
    .execute();
}

/** One of the user's images; undefined when they have no image with that id. */
export function readImage(db: Db, userId: string, id: string): Promise<ImageRow | undefined> {
  return db
    .selectFrom("images")
    .select(["id", "bytes", "mime_type"])
    .where("user_id", "=", userId)
    .where("id", "=", id)
    .executeTakeFirst();
}

/** A query of the image ids some table's rows point at (one column, `id`, no nulls). */
// biome-ignore lint/suspicious/noExplicitAny: any owning feature's table
export type ImageIdsQuery = SelectQueryBuilder<Database, any, { id: string | null }>;

/**
 * Deletes every image created before `before` whose id none of `referenced` answers, in one
 * statement: an image and the row pointing at it commit together, so the statement sees both or
 * neither. The number deleted.
 */
export async function deleteUnreferencedImages(
  db: Db,
  before: string,
  referenced: readonly ImageIdsQuery[],
): Promise<number> {
  const result = await db
    .deleteFrom("images")
    .where("created_at", "<", before)
    .where((eb) => eb.and(referenced.map((ids) => eb("id", "not in", ids))))
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
