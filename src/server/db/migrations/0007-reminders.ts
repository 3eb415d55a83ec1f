import type { Kysely } from "kysely";

// Issue 13: the gardener's reminder settings on their profile; Web Push subscriptions; one row per
// gardener and local date a reminder went out (its primary key makes the send exactly-once across
// instances); the private calendar feed's token; and server-wide settings (the VAPID key pair,
// generated once so every instance signs with the same keys).
// biome-ignore lint/suspicious/noExplicitAny: migrations run before the typed schema exists
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("profile").addColumn("time_zone", "text").execute();
  await db.schema
    .alterTable("profile")
    .addColumn("reminder_hour", "integer", (c) => c.notNull().defaultTo(8))
    .execute();
  await db.schema
    .alterTable("profile")
    .addColumn("email_digest", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable("profile").addColumn("digest_token", "text").execute();
  await db.schema
    .createIndex("profile_digest_token_idx")
    .on("profile")
    .column("digest_token")
    .unique()
    .execute();

  await db.schema
    .createTable("app_settings")
    .addColumn("key", "text", (c) => c.primaryKey())
    .addColumn("value", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("push_subscriptions")
    .addColumn("endpoint", "text", (c) => c.primaryKey())
    .addColumn("user_id", "text", (c) => c.notNull().references("user.id").onDelete("cascade"))
    .addColumn("p256dh", "text", (c) => c.notNull())
    .addColumn("auth", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("push_subscriptions_user_idx")
    .on("push_subscriptions")
    .column("user_id")
    .execute();

  await db.schema
    .createTable("reminder_sends")
    .addColumn("user_id", "text", (c) => c.notNull().references("user.id").onDelete("cascade"))
    .addColumn("local_date", "text", (c) => c.notNull())
    .addColumn("sent_at", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("reminder_sends_pk", ["user_id", "local_date"])
    .execute();

  await db.schema
    .createTable("calendar_tokens")
    .addColumn("user_id", "text", (c) => c.primaryKey().references("user.id").onDelete("cascade"))
    .addColumn("token", "text", (c) => c.notNull().unique())
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: migrations run before the typed schema exists
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("calendar_tokens").execute();
  await db.schema.dropTable("reminder_sends").execute();
  await db.schema.dropTable("push_subscriptions").execute();
  await db.schema.dropTable("app_settings").execute();
  await db.schema.dropIndex("profile_digest_token_idx").execute();
  await db.schema.alterTable("profile").dropColumn("digest_token").execute();
  await db.schema.alterTable("profile").dropColumn("email_digest").execute();
  await db.schema.alterTable("profile").dropColumn("reminder_hour").execute();
  await db.schema.alterTable("profile").dropColumn("time_zone").execute();
}
