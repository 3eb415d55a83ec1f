import type { Kysely } from "kysely";

// What an assistant reply used (knowledge-base sections, the gardener's data) and did (tasks it
// added), stored with it so a reopened chat still shows them; and which engine wrote it.
// biome-ignore lint/suspicious/noExplicitAny: migrations run before the typed schema exists
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable("messages")
    .addColumn("sources", "text", (c) => c.notNull().defaultTo("[]"))
    .execute();
  await db.schema
    .alterTable("messages")
    .addColumn("actions", "text", (c) => c.notNull().defaultTo("[]"))
    .execute();
  await db.schema.alterTable("messages").addColumn("engine", "text").execute();
}

// biome-ignore lint/suspicious/noExplicitAny: migrations run before the typed schema exists
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("messages").dropColumn("engine").execute();
  await db.schema.alterTable("messages").dropColumn("actions").execute();
  await db.schema.alterTable("messages").dropColumn("sources").execute();
}
