import type { Kysely } from "kysely";

// Issue 23: the typical-year climate of a place (frost dates, monthly means and rainfall, zone),
// computed once from the weather archive and kept for every gardener near it. Keyed by the point
// rounded to 0.1° (about 10 km), which is finer than the archive's grid.
// biome-ignore lint/suspicious/noExplicitAny: migrations run before the typed schema exists
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("climate_profiles")
    .addColumn("key", "text", (c) => c.primaryKey())
    .addColumn("payload", "text", (c) => c.notNull())
    .addColumn("computed_at", "text", (c) => c.notNull())
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: migrations run before the typed schema exists
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("climate_profiles").execute();
}
