import { type Insertable, type Kysely, sql } from "kysely";
import type { Database } from "../../db/schema";

type Db = Kysely<Database>;

/** Rows per statement: well under SQLite's and PostgreSQL's bind-parameter limits. */
const BATCH = 400;

function chunks<T>(items: readonly T[], size = BATCH): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

// ---- export ----

export function plantsOf(db: Db, userId: string) {
  return db
    .selectFrom("plants")
    .selectAll()
    .where("user_id", "=", userId)
    .orderBy("created_at")
    .orderBy("id")
    .execute();
}

/** The gardener's plant photos (only those a plant shows), for the export. */
export function plantPhotosOf(db: Db, userId: string) {
  return db
    .selectFrom("images")
    .innerJoin("plants", "plants.image_id", "images.id")
    .select(["images.id", "images.bytes", "images.width", "images.height"])
    .where("images.user_id", "=", userId)
    .where("plants.user_id", "=", userId)
    .execute();
}

export function tasksOf(db: Db, userId: string) {
  return db
    .selectFrom("tasks")
    .selectAll()
    .where("user_id", "=", userId)
    .orderBy("created_at")
    .orderBy("id")
    .execute();
}

/** Tasks with their plant's name, for the CSV. */
export function tasksWithPlantNames(db: Db, userId: string) {
  return db
    .selectFrom("tasks")
    .leftJoin("plants", (join) =>
      join.onRef("plants.id", "=", "tasks.plant_id").onRef("plants.user_id", "=", "tasks.user_id"),
    )
    .selectAll("tasks")
    .select("plants.name as plant_name")
    .where("tasks.user_id", "=", userId)
    .orderBy(sql`case when tasks.due_date is null then 1 else 0 end`)
    .orderBy("tasks.due_date")
    .orderBy("tasks.created_at")
    .orderBy("tasks.id")
    .execute();
}

export function milestonesOf(db: Db, userId: string) {
  return db
    .selectFrom("milestones")
    .selectAll()
    .where("user_id", "=", userId)
    .orderBy("plant_id")
    .orderBy("date")
    .orderBy("created_at")
    .orderBy("id")
    .execute();
}

export function chatsOf(db: Db, userId: string) {
  return db
    .selectFrom("chats")
    .selectAll()
    .where("user_id", "=", userId)
    .orderBy("created_at")
    .orderBy("id")
    .execute();
}

export function messagesOf(db: Db, userId: string) {
  return db
    .selectFrom("messages")
    .selectAll()
    .where("user_id", "=", userId)
    .orderBy("chat_id")
    .orderBy("created_at")
    .orderBy("id")
    .execute();
}

export function workflowsOf(db: Db, userId: string) {
  return db
    .selectFrom("workflows")
    .selectAll()
    .where("user_id", "=", userId)
    .orderBy("created_at")
    .orderBy("id")
    .execute();
}

export function workflowItemsOf(db: Db, userId: string) {
  return db
    .selectFrom("workflow_items")
    .innerJoin("workflows", "workflows.id", "workflow_items.workflow_id")
    .selectAll("workflow_items")
    .where("workflows.user_id", "=", userId)
    .orderBy("workflow_items.workflow_id")
    .orderBy("workflow_items.position")
    .execute();
}

export function identificationsOf(db: Db, userId: string) {
  return db
    .selectFrom("identifications")
    .select(["id", "result", "created_at"])
    .where("user_id", "=", userId)
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .execute();
}

// ---- import ----

type OwnedTable = "plants" | "tasks" | "milestones" | "chats" | "messages" | "workflows";

/** Who owns each of these ids in the table (ids nobody has are absent). */
export async function ownersOf(
  db: Db,
  table: OwnedTable,
  ids: readonly string[],
): Promise<Map<string, string>> {
  const owners = new Map<string, string>();
  for (const batch of chunks([...new Set(ids)])) {
    const rows = await db
      .selectFrom(table)
      .select(["id", "user_id"])
      .where("id", "in", batch)
      .execute();
    for (const row of rows) owners.set(row.id, row.user_id);
  }
  return owners;
}

/** Workflow items have no user of their own: these ids are taken by someone. */
export async function takenWorkflowItemIds(db: Db, ids: readonly string[]): Promise<Set<string>> {
  const taken = new Set<string>();
  for (const batch of chunks([...new Set(ids)])) {
    const rows = await db
      .selectFrom("workflow_items")
      .select("id")
      .where("id", "in", batch)
      .execute();
    for (const row of rows) taken.add(row.id);
  }
  return taken;
}

type InsertableOf<T extends keyof Database> = Insertable<Database[T]>;

export async function insertRows<T extends keyof Database>(
  db: Db,
  table: T,
  rows: InsertableOf<T>[],
): Promise<void> {
  // Each batch's rows all have the same columns (the service builds them alike).
  for (const batch of chunks(rows, Math.max(1, Math.floor(BATCH / 4)))) {
    // biome-ignore lint/suspicious/noExplicitAny: Kysely cannot type a table picked at run time
    await (db as Kysely<any>).insertInto(table).values(batch).execute();
  }
}

// ---- account deletion ----

/**
 * Every row of the gardener, child tables first, in one transaction. The foreign keys to `user`
 * cascade too; deleting each table by name means a table added later without a cascade fails
 * this loudly rather than keeping the gardener's rows.
 */
export async function deleteAccountRows(db: Db, userId: string): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    await trx
      .deleteFrom("workflow_items")
      .where("workflow_id", "in", (eb) =>
        eb.selectFrom("workflows").select("id").where("user_id", "=", userId),
      )
      .execute();
    for (const table of [
      "messages",
      "chats",
      "milestones",
      "tasks",
      "plants",
      "workflows",
      "identifications",
      "images",
      "usage",
      "weather_cache",
      "push_subscriptions",
      "reminder_sends",
      "calendar_tokens",
      "profile",
    ] as const) {
      await trx.deleteFrom(table).where("user_id", "=", userId).execute();
    }
    // better-auth's own tables (not in our typed schema): password-reset tokens name the user in
    // `value`; sessions and sign-in accounts by `userId`.
    await sql`delete from ${sql.table("verification")} where ${sql.ref("value")} = ${userId}`.execute(
      trx,
    );
    for (const table of ["session", "account"]) {
      await sql`delete from ${sql.table(table)} where ${sql.ref("userId")} = ${userId}`.execute(
        trx,
      );
    }
    const user = await trx.deleteFrom("user").where("id", "=", userId).executeTakeFirst();
    return Number(user.numDeletedRows) > 0;
  });
}
