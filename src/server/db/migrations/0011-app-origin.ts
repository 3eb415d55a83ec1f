import type { Kysely } from "kysely";

// Issue 25: with no PUBLIC_URL, Tendril answers at whatever address the gardener opened it by
// (a LAN address, say). Links in e-mails sent later, with no request to read it from (reminders,
// a password reset asked by someone else), use the address the gardener last signed in by.

// biome-ignore lint/suspicious/noExplicitAny: migrations run before the typed schema exists
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("profile").addColumn("app_origin", "text").execute();
}

// biome-ignore lint/suspicious/noExplicitAny: migrations run before the typed schema exists
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("profile").dropColumn("app_origin").execute();
}
