import type { Kysely } from "kysely";

// Lists are paged by (due date, created, id) for tasks and (created, id) for plants: indexes that
// end with the whole sort key let both engines stop after one page instead of sorting the rest.
// biome-ignore lint/suspicious/noExplicitAny: migrations run before the typed schema exists
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex("tasks_user_status_due_idx").execute();
  await db.schema
    .createIndex("tasks_user_status_due_idx")
    .on("tasks")
    .columns(["user_id", "status", "due_date", "created_at", "id"])
    .execute();
  await db.schema.dropIndex("plants_user_created_idx").execute();
  await db.schema
    .createIndex("plants_user_created_idx")
    .on("plants")
    .columns(["user_id", "created_at", "id"])
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: migrations run before the typed schema exists
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex("tasks_user_status_due_idx").execute();
  await db.schema
    .createIndex("tasks_user_status_due_idx")
    .on("tasks")
    .columns(["user_id", "status", "due_date"])
    .execute();
  await db.schema.dropIndex("plants_user_created_idx").execute();
  await db.schema
    .createIndex("plants_user_created_idx")
    .on("plants")
    .columns(["user_id", "created_at"])
    .execute();
}
