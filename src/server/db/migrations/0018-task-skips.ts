import type { Kysely } from "kysely";

// Issue 26: a watering task the rain skipped. The task itself is moved (its due date is the one
// truth lists and reminders read); the row says why, and holds the due date an Undo restores.
// A task is skipped at most once a day: the unique (task_id, skipped_on) index makes a second run,
// on this instance or another, a no-op, and keeps an undone skip from being made again that day.

// biome-ignore lint/suspicious/noExplicitAny: migrations run before the typed schema exists
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("task_skips")
    .addColumn("id", "text", (col) => col.primaryKey())
    .addColumn("user_id", "text", (col) => col.notNull())
    .addColumn("task_id", "text", (col) => col.notNull())
    .addColumn("skipped_on", "text", (col) => col.notNull())
    .addColumn("rain_mm", "real", (col) => col.notNull())
    .addColumn("from_due_date", "text", (col) => col.notNull())
    .addColumn("to_due_date", "text", (col) => col.notNull())
    .addColumn("created_at", "text", (col) => col.notNull())
    .addColumn("undone_at", "text")
    .execute();
  await db.schema
    .createIndex("task_skips_task_day")
    .on("task_skips")
    .columns(["task_id", "skipped_on"])
    .unique()
    .execute();
  await db.schema.createIndex("task_skips_user").on("task_skips").column("user_id").execute();
}

// biome-ignore lint/suspicious/noExplicitAny: migrations run before the typed schema exists
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("task_skips").execute();
}
