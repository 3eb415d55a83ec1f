import type { Kysely } from "kysely";

// Issue 25: ntfy topics and webhooks as reminder channels beside push and e-mail. last_sent_on is
// the gardener's local date the channel last got its reminder: an instance claims a channel's
// reminder by moving it to today (only the instance whose update changed the row sends), and puts
// it back when the call fails, so a failed channel is tried again at the next run.
// biome-ignore lint/suspicious/noExplicitAny: migrations run before the typed schema exists
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("reminder_channels")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("user_id", "text", (c) => c.notNull().references("user.id").onDelete("cascade"))
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("url", "text", (c) => c.notNull())
    .addColumn("token", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("last_sent_on", "text")
    .addColumn("last_error", "text")
    .addColumn("last_error_at", "text")
    .execute();
  await db.schema
    .createIndex("reminder_channels_user_idx")
    .on("reminder_channels")
    .column("user_id")
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: migrations run before the typed schema exists
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("reminder_channels").execute();
}
