import type { Kysely } from "kysely";

// A plant's detail reads its first page of pending tasks in list order: with the whole sort key
// in the index, both engines stop after that page even for a plant with thousands of tasks.
// biome-ignore lint/suspicious/noExplicitAny: migrations run before the typed schema exists
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex("tasks_user_plant_idx").execute();
  await db.schema
    .createIndex("tasks_user_plant_idx")
    .on("tasks")
    .columns(["user_id", "plant_id", "status", "due_date", "created_at", "id"])
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: migrations run before the typed schema exists
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex("tasks_user_plant_idx").execute();
  await db.schema
    .createIndex("tasks_user_plant_idx")
    .on("tasks")
    .columns(["user_id", "plant_id", "status"])
    .execute();
}
