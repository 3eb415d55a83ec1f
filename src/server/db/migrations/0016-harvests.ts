import type { Kysely } from "kysely";

// Issue 26: the harvest log. A harvest keeps the crop and area it was logged with, so a season's
// totals stay whole when the gardener deletes the spent plant (plant_id becomes null then) or
// moves it to another bed. Weight is always grams (shown in g/kg or oz/lb by the gardener's
// units); a harvest has a weight, a count, or both.
//
// plants.harvest_reminded_on: the day the "first harvest due" reminder for the plant was claimed.
// Claiming is an update from null, so of several instances running at once exactly one sends it.

// biome-ignore lint/suspicious/noExplicitAny: migrations run before the typed schema exists
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("harvests")
    .addColumn("id", "text", (col) => col.primaryKey())
    .addColumn("user_id", "text", (col) => col.notNull())
    .addColumn("plant_id", "text")
    .addColumn("crop_slug", "text", (col) => col.notNull())
    .addColumn("crop_name", "text", (col) => col.notNull())
    .addColumn("area_id", "text")
    .addColumn("harvested_on", "text", (col) => col.notNull())
    .addColumn("weight_g", "real")
    .addColumn("count", "integer")
    .addColumn("note", "text")
    .addColumn("image_id", "text")
    .addColumn("created_at", "text", (col) => col.notNull())
    .addColumn("updated_at", "text", (col) => col.notNull())
    .execute();
  // A season's harvests (by date) and one plant's.
  await db.schema
    .createIndex("harvests_user_date")
    .on("harvests")
    .columns(["user_id", "harvested_on"])
    .execute();
  await db.schema
    .createIndex("harvests_user_plant")
    .on("harvests")
    .columns(["user_id", "plant_id"])
    .execute();
  await db.schema.alterTable("plants").addColumn("harvest_reminded_on", "text").execute();
}

// biome-ignore lint/suspicious/noExplicitAny: migrations run before the typed schema exists
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("plants").dropColumn("harvest_reminded_on").execute();
  await db.schema.dropTable("harvests").execute();
}
