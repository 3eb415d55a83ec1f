import type { Kysely } from "kysely";

// Issue 26: crop rotation needs to know what grew in an area in the last two seasons, also after
// the gardener pulled those plants and deleted them, or moved them elsewhere. A row is written when
// a plant leaves an area (deleted, moved, unplaced); the plants still in an area are their own
// record. The family is not stored: it is read from the catalogue by crop slug, so a catalogue
// correction reaches old rows too.

// biome-ignore lint/suspicious/noExplicitAny: migrations run before the typed schema exists
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("area_plantings")
    .addColumn("id", "text", (col) => col.primaryKey())
    .addColumn("user_id", "text", (col) => col.notNull())
    .addColumn("area_id", "text", (col) => col.notNull())
    .addColumn("plant_id", "text", (col) => col.notNull())
    .addColumn("plant_name", "text", (col) => col.notNull())
    .addColumn("crop_slug", "text")
    .addColumn("planted_on", "text", (col) => col.notNull())
    .addColumn("left_at", "text", (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex("area_plantings_user_area")
    .on("area_plantings")
    .columns(["user_id", "area_id"])
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: migrations run before the typed schema exists
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("area_plantings").execute();
}
