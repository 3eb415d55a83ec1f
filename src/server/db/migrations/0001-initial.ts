import { type Kysely, PostgresAdapter, sql } from "kysely";

// Portable DDL: our own timestamps are ISO-8601 text and booleans integers on both engines, so
// the repositories read the same values everywhere. better-auth's tables follow its adapter, which
// stores native timestamps/booleans on PostgreSQL and ISO text/0-1 on SQLite.
export async function up(db: Kysely<unknown>): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  const instant = pg ? sql`timestamptz` : sql`date`;
  const bool = pg ? sql`boolean` : sql`integer`;
  const big = pg ? sql`bigint` : sql`integer`;

  await db.schema
    .createTable("user")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("email", "text", (c) => c.notNull().unique())
    .addColumn("emailVerified", bool, (c) => c.notNull())
    .addColumn("image", "text")
    .addColumn("createdAt", instant, (c) => c.notNull())
    .addColumn("updatedAt", instant, (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("session")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("expiresAt", instant, (c) => c.notNull())
    .addColumn("token", "text", (c) => c.notNull().unique())
    .addColumn("createdAt", instant, (c) => c.notNull())
    .addColumn("updatedAt", instant, (c) => c.notNull())
    .addColumn("ipAddress", "text")
    .addColumn("userAgent", "text")
    .addColumn("userId", "text", (c) => c.notNull().references("user.id").onDelete("cascade"))
    .execute();
  await db.schema.createIndex("session_userId_idx").on("session").column("userId").execute();

  await db.schema
    .createTable("account")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("accountId", "text", (c) => c.notNull())
    .addColumn("providerId", "text", (c) => c.notNull())
    .addColumn("userId", "text", (c) => c.notNull().references("user.id").onDelete("cascade"))
    .addColumn("accessToken", "text")
    .addColumn("refreshToken", "text")
    .addColumn("idToken", "text")
    .addColumn("accessTokenExpiresAt", instant)
    .addColumn("refreshTokenExpiresAt", instant)
    .addColumn("scope", "text")
    .addColumn("password", "text")
    .addColumn("createdAt", instant, (c) => c.notNull())
    .addColumn("updatedAt", instant, (c) => c.notNull())
    .execute();
  await db.schema.createIndex("account_userId_idx").on("account").column("userId").execute();

  await db.schema
    .createTable("verification")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("identifier", "text", (c) => c.notNull())
    .addColumn("value", "text", (c) => c.notNull())
    .addColumn("expiresAt", instant, (c) => c.notNull())
    .addColumn("createdAt", instant, (c) => c.notNull())
    .addColumn("updatedAt", instant, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("verification_identifier_idx")
    .on("verification")
    .column("identifier")
    .execute();

  await db.schema
    .createTable("rateLimit")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("key", "text", (c) => c.notNull().unique())
    .addColumn("count", "integer", (c) => c.notNull())
    .addColumn("lastRequest", big, (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("profile")
    .addColumn("user_id", "text", (c) => c.primaryKey().references("user.id").onDelete("cascade"))
    .addColumn("email", "text")
    .addColumn("display_name", "text")
    .addColumn("photo_url", "text")
    .addColumn("provider", "text")
    .addColumn("location", "text")
    .addColumn("zip", "text")
    .addColumn("zone", "text")
    .addColumn("zone_title", "text")
    .addColumn("temp_range", "text")
    .addColumn("zone_map", "text")
    .addColumn("experience", "text")
    .addColumn("preference", "text")
    .addColumn("units", "text", (c) => c.notNull().defaultTo("C"))
    .addColumn("onboarding_completed", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("completed_at", "text")
    .addColumn("plan", "text", (c) => c.notNull().defaultTo("free"))
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .addColumn("last_login_at", "text")
    .execute();

  await db.schema
    .createTable("plants")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("user_id", "text", (c) => c.notNull().references("user.id").onDelete("cascade"))
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("scientific_name", "text")
    .addColumn("common_name", "text")
    .addColumn("slug", "text")
    .addColumn("crop_slug", "text")
    .addColumn("source", "text", (c) => c.notNull())
    .addColumn("medium", "text", (c) => c.notNull())
    .addColumn("place", "text", (c) => c.notNull())
    .addColumn("lighting", "text", (c) => c.notNull())
    .addColumn("start_method", "text")
    .addColumn("experience", "text")
    .addColumn("planting_date", "text", (c) => c.notNull())
    .addColumn("stage_plan", "text", (c) => c.notNull().defaultTo("[]"))
    .addColumn("tips", "text", (c) => c.notNull().defaultTo("[]"))
    .addColumn("ai_plan_raw", "text")
    .addColumn("ai_plan_version", "integer", (c) => c.notNull().defaultTo(1))
    .addColumn("status", "text", (c) => c.notNull().defaultTo("active"))
    .addColumn("stage", "text")
    .addColumn("stage_started_at", "text")
    .addColumn("next_task_id", "text")
    .addColumn("image_path", "text")
    .addColumn("location_place", "text")
    .addColumn("notes", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .addColumn("identified_at", "text")
    .execute();
  await db.schema
    .createIndex("plants_user_created_idx")
    .on("plants")
    .columns(["user_id", "created_at"])
    .execute();

  await db.schema
    .createTable("tasks")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("user_id", "text", (c) => c.notNull().references("user.id").onDelete("cascade"))
    .addColumn("plant_id", "text", (c) => c.references("plants.id").onDelete("cascade"))
    .addColumn("title", "text", (c) => c.notNull())
    .addColumn("type", "text", (c) => c.notNull().defaultTo("custom"))
    .addColumn("due_date", "text")
    .addColumn("status", "text", (c) => c.notNull().defaultTo("pending"))
    .addColumn("priority", "integer", (c) => c.notNull().defaultTo(2))
    .addColumn("notes", "text")
    .addColumn("repeat_every_days", "integer")
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("completed_at", "text")
    .execute();
  await db.schema
    .createIndex("tasks_user_status_due_idx")
    .on("tasks")
    .columns(["user_id", "status", "due_date"])
    .execute();
  await db.schema
    .createIndex("tasks_user_plant_idx")
    .on("tasks")
    .columns(["user_id", "plant_id", "status"])
    .execute();

  await db.schema
    .createTable("milestones")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("user_id", "text", (c) => c.notNull().references("user.id").onDelete("cascade"))
    .addColumn("plant_id", "text", (c) => c.notNull().references("plants.id").onDelete("cascade"))
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("from_at", "text")
    .addColumn("to_at", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("milestones_user_plant_idx")
    .on("milestones")
    .columns(["user_id", "plant_id"])
    .execute();

  await db.schema
    .createTable("chats")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("user_id", "text", (c) => c.notNull().references("user.id").onDelete("cascade"))
    .addColumn("title", "text", (c) => c.notNull())
    .addColumn("plant_context_id", "text", (c) => c.references("plants.id").onDelete("set null"))
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("chats_user_updated_idx")
    .on("chats")
    .columns(["user_id", "updated_at"])
    .execute();

  await db.schema
    .createTable("messages")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("chat_id", "text", (c) => c.notNull().references("chats.id").onDelete("cascade"))
    .addColumn("user_id", "text", (c) => c.notNull().references("user.id").onDelete("cascade"))
    .addColumn("role", "text", (c) => c.notNull())
    .addColumn("content", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("messages_chat_created_idx")
    .on("messages")
    .columns(["chat_id", "created_at"])
    .execute();
  await db.schema
    .createIndex("messages_user_role_created_idx")
    .on("messages")
    .columns(["user_id", "role", "created_at"])
    .execute();

  await db.schema
    .createTable("workflows")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("user_id", "text", (c) => c.notNull().references("user.id").onDelete("cascade"))
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("template", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("workflows_user_created_idx")
    .on("workflows")
    .columns(["user_id", "created_at"])
    .execute();

  await db.schema
    .createTable("workflow_items")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("workflow_id", "text", (c) =>
      c.notNull().references("workflows.id").onDelete("cascade"),
    )
    .addColumn("position", "integer", (c) => c.notNull())
    .addColumn("title", "text", (c) => c.notNull())
    .addColumn("done", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createIndex("workflow_items_workflow_idx")
    .on("workflow_items")
    .columns(["workflow_id", "position"])
    .execute();

  await db.schema
    .createTable("identifications")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("user_id", "text", (c) => c.notNull().references("user.id").onDelete("cascade"))
    .addColumn("result", "text", (c) => c.notNull())
    .addColumn("image_path", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("identifications_user_created_idx")
    .on("identifications")
    .columns(["user_id", "created_at"])
    .execute();

  await db.schema
    .createTable("usage")
    .addColumn("user_id", "text", (c) => c.notNull().references("user.id").onDelete("cascade"))
    .addColumn("day", "text", (c) => c.notNull())
    .addColumn("messages", "integer", (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint("usage_pk", ["user_id", "day"])
    .execute();

  await db.schema
    .createTable("weather_cache")
    .addColumn("key", "text", (c) => c.primaryKey())
    .addColumn("user_id", "text", (c) => c.references("user.id").onDelete("cascade"))
    .addColumn("payload", "text", (c) => c.notNull())
    .addColumn("fetched_at", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("weather_cache_user_idx")
    .on("weather_cache")
    .column("user_id")
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    "weather_cache",
    "usage",
    "identifications",
    "workflow_items",
    "workflows",
    "messages",
    "chats",
    "milestones",
    "tasks",
    "plants",
    "profile",
    "rateLimit",
    "verification",
    "account",
    "session",
    "user",
  ]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
