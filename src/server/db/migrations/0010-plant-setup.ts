import type { Kysely } from "kysely";

// Issue 24: a plant tracked from a Grow Along guide keeps the guide's garden type (container,
// raised bed, …) and lighting (full sun, partial shade, LED, mixed), which the plant's place and
// lights (indoor/outdoor, sun/LED) cannot say. Null for plants added any other way.
const COLUMNS = ["garden_type", "grow_lighting"] as const;

// biome-ignore lint/suspicious/noExplicitAny: migrations run before the typed schema exists
export async function up(db: Kysely<any>): Promise<void> {
  for (const name of COLUMNS) {
    await db.schema.alterTable("plants").addColumn(name, "text").execute();
  }
}

// biome-ignore lint/suspicious/noExplicitAny: migrations run before the typed schema exists
export async function down(db: Kysely<any>): Promise<void> {
  for (const name of COLUMNS) await db.schema.alterTable("plants").dropColumn(name).execute();
}
