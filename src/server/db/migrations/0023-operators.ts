import type { Kysely } from "kysely";

// Issue 37 item 7. Who runs the instance is written down instead of worked out at each request:
// "the oldest account left" made the next oldest an operator whenever the first was deleted.
// `operators` holds one row per grant: "first-account", written once by the first sign-up (here,
// for an existing instance, its oldest account), or a random id for each grant by
// `npm run admin -- grant-operator`. Deleting an account empties its rows' user_id and drops its
// grants; the first-account row stays with nobody in it, so no later account is ever the first.
// images_created_idx: the sweep of images no row points at reads them by age, and the id beside
// created_at keeps SQLite from reading through each photo's bytes to get there.
// biome-ignore lint/suspicious/noExplicitAny: migrations run before the typed schema exists
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("operators")
    .addColumn("id", "text", (col) => col.primaryKey())
    .addColumn("user_id", "text", (col) => col.references("user.id").onDelete("set null"))
    .addColumn("created_at", "text", (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex("operators_user_idx")
    .on("operators")
    .column("user_id")
    .unique()
    .execute();
  const first = await db
    .selectFrom("user")
    .select("id")
    .orderBy("createdAt", "asc")
    .orderBy("id", "asc")
    .limit(1)
    .executeTakeFirst();
  if (first) {
    await db
      .insertInto("operators")
      .values({ id: "first-account", user_id: first.id, created_at: new Date().toISOString() })
      .execute();
  }

  await db.schema
    .createIndex("images_created_idx")
    .on("images")
    .columns(["created_at", "id"])
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: migrations run before the typed schema exists
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex("images_created_idx").execute();
  await db.schema.dropTable("operators").execute();
}
