import type { Kysely } from "kysely";

// Milestones as API.md has them: the stage a plant is planned to reach, on which date, and when it
// got there (the spec's name/from_at/to_at stay, filled in as well). Checklist items get the
// template step's detail, shown under its title.
// biome-ignore lint/suspicious/noExplicitAny: migrations run before the typed schema exists
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("milestones").addColumn("stage", "text").execute();
  await db.schema.alterTable("milestones").addColumn("date", "text").execute();
  await db.schema.alterTable("milestones").addColumn("reached_at", "text").execute();
  await db.schema
    .alterTable("workflow_items")
    .addColumn("detail", "text", (c) => c.notNull().defaultTo(""))
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: migrations run before the typed schema exists
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("workflow_items").dropColumn("detail").execute();
  await db.schema.alterTable("milestones").dropColumn("reached_at").execute();
  await db.schema.alterTable("milestones").dropColumn("date").execute();
  await db.schema.alterTable("milestones").dropColumn("stage").execute();
}
