import type { Kysely } from "kysely";

// Issue 25: the contact inbox. Messages from the Contact page, and Plant ID's issue reports and
// Feedback where the operator set no external form, are kept here for the operator's /admin.

// biome-ignore lint/suspicious/noExplicitAny: migrations run before the typed schema exists
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("contact_messages")
    .addColumn("id", "text", (col) => col.primaryKey())
    .addColumn("user_id", "text", (col) => col.notNull())
    .addColumn("kind", "text", (col) => col.notNull())
    .addColumn("name", "text", (col) => col.notNull())
    .addColumn("email", "text", (col) => col.notNull())
    .addColumn("message", "text", (col) => col.notNull())
    .addColumn("created_at", "text", (col) => col.notNull())
    .execute();
  // The per-account rate limit counts an account's recent messages; the inbox lists by date.
  await db.schema
    .createIndex("contact_messages_user_created")
    .on("contact_messages")
    .columns(["user_id", "created_at"])
    .execute();
  await db.schema
    .createIndex("contact_messages_created")
    .on("contact_messages")
    .column("created_at")
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: migrations run before the typed schema exists
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("contact_messages").execute();
}
