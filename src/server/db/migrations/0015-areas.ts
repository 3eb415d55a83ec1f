import type { Kysely } from "kysely";

// Issue 26: beds and areas. A gardener's raised bed, container group, indoor shelf or hydroponic
// system, with its size (kept in m²; shown in m² or ft² by the gardener's units), its sun, and
// whether it is under cover (a greenhouse or tunnel: rain never reaches it). A plant belongs to at
// most one area; deleting the area leaves its plants unplaced.

// biome-ignore lint/suspicious/noExplicitAny: migrations run before the typed schema exists
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("areas")
    .addColumn("id", "text", (col) => col.primaryKey())
    .addColumn("user_id", "text", (col) => col.notNull())
    .addColumn("name", "text", (col) => col.notNull())
    .addColumn("kind", "text", (col) => col.notNull())
    .addColumn("size_m2", "real")
    .addColumn("sun", "text", (col) => col.notNull())
    .addColumn("covered", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("notes", "text")
    .addColumn("created_at", "text", (col) => col.notNull())
    .addColumn("updated_at", "text", (col) => col.notNull())
    .execute();
  await db.schema.createIndex("areas_user_name").on("areas").columns(["user_id", "name"]).execute();
  await db.schema.alterTable("plants").addColumn("area_id", "text").execute();
  await db.schema
    .createIndex("plants_user_area")
    .on("plants")
    .columns(["user_id", "area_id"])
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: migrations run before the typed schema exists
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex("plants_user_area").execute();
  await db.schema.alterTable("plants").dropColumn("area_id").execute();
  await db.schema.dropTable("areas").execute();
}
