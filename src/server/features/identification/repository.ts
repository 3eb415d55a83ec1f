import type { Kysely, Selectable } from "kysely";
import type { Dialect } from "../../db/connection";
import type { Database, IdentificationTable } from "../../db/schema";
import { lockForUser } from "../../db/user-lock";
import {
  deleteImages,
  type ImageRow,
  type imageRow,
  insertImage,
  readImage,
} from "../../lib/photos/image-store";

type Db = Kysely<Database>;

export type IdentificationRow = Pick<
  Selectable<IdentificationTable>,
  "id" | "result" | "image_id" | "created_at"
>;

const columns = ["id", "result", "image_id", "created_at"] as const;

/**
 * Stores an identification and its photo, then deletes the user's identifications beyond the
 * newest `keep` with their photos, all in one transaction. On PostgreSQL a per-user lock makes two
 * identifications at once take turns, so neither can leave an eleventh behind.
 */
export async function insertIdentification(
  db: Db,
  dialect: Dialect,
  row: { id: string; user_id: string; result: string; created_at: string },
  image: ReturnType<typeof imageRow>,
  keep: number,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await lockForUser(trx, dialect, "identifications", row.user_id);
    await insertImage(trx, image);
    await trx
      .insertInto("identifications")
      .values({ ...row, image_id: image.id })
      .execute();
    // At most keep + 1 rows exist here, since every insert prunes.
    const all = await trx
      .selectFrom("identifications")
      .select(["id", "image_id"])
      .where("user_id", "=", row.user_id)
      .orderBy("created_at", "desc")
      .orderBy("id", "desc")
      .execute();
    const old = all.slice(keep);
    if (old.length === 0) return;
    await trx
      .deleteFrom("identifications")
      .where("user_id", "=", row.user_id)
      .where(
        "id",
        "in",
        old.map((o) => o.id),
      )
      .execute();
    await deleteImages(
      trx,
      row.user_id,
      old.flatMap((o) => (o.image_id ? [o.image_id] : [])),
    );
  });
}

/** Newest first. */
export function listIdentifications(db: Db, userId: string, limit: number) {
  return db
    .selectFrom("identifications")
    .select(columns)
    .where("user_id", "=", userId)
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .limit(limit)
    .execute();
}

export function findIdentification(
  db: Db,
  userId: string,
  id: string,
): Promise<IdentificationRow | undefined> {
  return db
    .selectFrom("identifications")
    .select(columns)
    .where("user_id", "=", userId)
    .where("id", "=", id)
    .executeTakeFirst();
}

/** The photo of the user's identification, or undefined. */
export async function identificationImage(
  db: Db,
  userId: string,
  id: string,
): Promise<ImageRow | undefined> {
  const identification = await db
    .selectFrom("identifications")
    .select("image_id")
    .where("user_id", "=", userId)
    .where("id", "=", id)
    .executeTakeFirst();
  return identification?.image_id ? readImage(db, userId, identification.image_id) : undefined;
}
