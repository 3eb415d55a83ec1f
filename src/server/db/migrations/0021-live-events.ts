import { type Kysely, PostgresAdapter } from "kysely";

// Issue 37: the live changes of the last few minutes (src/server/realtime/event-log.ts), so a
// stream that reconnects, or a page that opened its stream after reading, is sent what it missed.
// `seq` is the event's id on the stream, one counter for every instance: PostgreSQL's sequence
// (instances take turns appending, so ids also commit in order), SQLite's AUTOINCREMENT (never
// reused, even after the newest rows are deleted). Rows go with their user (cascade).

// biome-ignore lint/suspicious/noExplicitAny: migrations run before the typed schema exists
export async function up(db: Kysely<any>): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema
    .createTable("live_events")
    .addColumn("seq", pg ? "bigserial" : "integer", (col) =>
      pg ? col.primaryKey() : col.primaryKey().autoIncrement(),
    )
    .addColumn("user_id", "text", (col) => col.notNull().references("user.id").onDelete("cascade"))
    .addColumn("type", "text", (col) => col.notNull())
    .addColumn("record_id", "text", (col) => col.notNull())
    .addColumn("created_at", "text", (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex("live_events_user_seq")
    .on("live_events")
    .columns(["user_id", "seq"])
    .execute();
  await db.schema
    .createIndex("live_events_created")
    .on("live_events")
    .column("created_at")
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: migrations run before the typed schema exists
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("live_events").execute();
}
