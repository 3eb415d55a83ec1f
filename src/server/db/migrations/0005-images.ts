import { type Kysely, PostgresAdapter, sql } from "kysely";

// Photos live in the database, so every instance behind a load balancer serves the same ones and a
// backup of the database is a backup of the photos. Each image belongs to exactly one
// identification or one plant and is deleted with it (the code does that in the same transaction),
// so `image_id` carries no foreign key: one would make every image delete scan both tables.
// biome-ignore lint/suspicious/noExplicitAny: migrations run before the typed schema exists
export async function up(db: Kysely<any>): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema
    .createTable("images")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("user_id", "text", (c) => c.notNull().references("user.id").onDelete("cascade"))
    .addColumn("bytes", pg ? sql`bytea` : sql`blob`, (c) => c.notNull())
    .addColumn("mime_type", "text", (c) => c.notNull())
    .addColumn("width", "integer", (c) => c.notNull())
    .addColumn("height", "integer", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("images_user_created_idx")
    .on("images")
    .columns(["user_id", "created_at"])
    .execute();
  await db.schema.alterTable("identifications").addColumn("image_id", "text").execute();
  await db.schema.alterTable("plants").addColumn("image_id", "text").execute();
}

// biome-ignore lint/suspicious/noExplicitAny: migrations run before the typed schema exists
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("plants").dropColumn("image_id").execute();
  await db.schema.alterTable("identifications").dropColumn("image_id").execute();
  await db.schema.dropTable("images").execute();
}
