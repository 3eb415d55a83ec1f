import type { Kysely } from "kysely";

// Issue 23: the gardener's place anywhere (a town or postcode found by /api/places), kept beside
// the old ZIP and location text, which older profiles go on using; and the frost dates the
// gardener corrected ("MM-DD"), which win over the place's computed ones.
const COLUMNS = [
  ["place_name", "text"],
  ["place_admin1", "text"],
  ["place_country", "text"],
  ["place_country_code", "text"],
  ["place_lat", "double precision"],
  ["place_lon", "double precision"],
  ["place_postcode", "text"],
  ["frost_last", "text"],
  ["frost_first", "text"],
] as const;

// biome-ignore lint/suspicious/noExplicitAny: migrations run before the typed schema exists
export async function up(db: Kysely<any>): Promise<void> {
  for (const [name, type] of COLUMNS) {
    await db.schema.alterTable("profile").addColumn(name, type).execute();
  }
}

// biome-ignore lint/suspicious/noExplicitAny: migrations run before the typed schema exists
export async function down(db: Kysely<any>): Promise<void> {
  for (const [name] of COLUMNS) await db.schema.alterTable("profile").dropColumn(name).execute();
}
