import type { Kysely } from "kysely";

// Issue 26: the plant journal. A dated entry of a plant (a note, tags such as "watered", up to six
// photos); its photos are rows of `images`, made by the same pipeline as plant photos, so every
// instance serves them. As with plant photos there are no foreign keys: the code deletes an
// entry's photos (and their images) with the entry, and a plant's journal with the plant, in the
// same transaction.

// biome-ignore lint/suspicious/noExplicitAny: migrations run before the typed schema exists
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("journal_entries")
    .addColumn("id", "text", (col) => col.primaryKey())
    .addColumn("user_id", "text", (col) => col.notNull())
    .addColumn("plant_id", "text", (col) => col.notNull())
    .addColumn("entry_date", "text", (col) => col.notNull())
    .addColumn("note", "text", (col) => col.notNull().defaultTo(""))
    .addColumn("tags", "text", (col) => col.notNull().defaultTo("[]"))
    .addColumn("created_at", "text", (col) => col.notNull())
    .addColumn("updated_at", "text", (col) => col.notNull())
    .execute();
  // A plant's journal, newest first; also the plant card's latest photo.
  await db.schema
    .createIndex("journal_entries_user_plant_date")
    .on("journal_entries")
    .columns(["user_id", "plant_id", "entry_date", "created_at"])
    .execute();
  await db.schema
    .createTable("journal_photos")
    .addColumn("id", "text", (col) => col.primaryKey())
    .addColumn("user_id", "text", (col) => col.notNull())
    .addColumn("entry_id", "text", (col) => col.notNull())
    .addColumn("image_id", "text", (col) => col.notNull())
    .addColumn("position", "integer", (col) => col.notNull())
    .addColumn("created_at", "text", (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex("journal_photos_entry_position")
    .on("journal_photos")
    .columns(["entry_id", "position"])
    .execute();
  await db.schema
    .createIndex("journal_photos_user")
    .on("journal_photos")
    .columns(["user_id"])
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: migrations run before the typed schema exists
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("journal_photos").execute();
  await db.schema.dropTable("journal_entries").execute();
}
