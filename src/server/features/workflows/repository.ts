import type { Insertable, Kysely, Selectable } from "kysely";
import type { Dialect } from "../../db/connection";
import type { Database, WorkflowItemTable, WorkflowTable } from "../../db/schema";
import { lockForUser } from "../../db/user-lock";

type Db = Kysely<Database>;
export type WorkflowRow = Selectable<WorkflowTable>;
export type WorkflowItemRow = Selectable<WorkflowItemTable>;

async function countWorkflows(db: Db, userId: string): Promise<number> {
  const row = await db
    .selectFrom("workflows")
    .select((eb) => eb.fn.countAll<number | string>().as("n"))
    .where("user_id", "=", userId)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/**
 * Takes the gardener's checklist lock and counts their checklists: until the transaction ends,
 * no other new checklist or import can change that count.
 */
export async function lockedWorkflowCount(
  trx: Db,
  dialect: Dialect,
  userId: string,
): Promise<number> {
  await lockForUser(trx, dialect, "workflows", userId);
  return countWorkflows(trx, userId);
}

/**
 * The checklist and its items, all or nothing, unless the gardener already has `max`: then
 * nothing is stored and the answer is false. Starts at once take turns, so none makes max + 1.
 */
export async function insertWorkflowWithin(
  db: Db,
  dialect: Dialect,
  max: number,
  workflow: Insertable<WorkflowTable> & { user_id: string },
  items: Insertable<WorkflowItemTable>[],
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    if ((await lockedWorkflowCount(trx, dialect, workflow.user_id)) >= max) return false;
    await trx.insertInto("workflows").values(workflow).execute();
    if (items.length > 0) await trx.insertInto("workflow_items").values(items).execute();
    return true;
  });
}

/** The user's checklists, newest first. */
export function listWorkflowRows(db: Db, userId: string): Promise<WorkflowRow[]> {
  return db
    .selectFrom("workflows")
    .selectAll()
    .where("user_id", "=", userId)
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .execute();
}

export function findWorkflowRow(
  db: Db,
  userId: string,
  id: string,
): Promise<WorkflowRow | undefined> {
  return db
    .selectFrom("workflows")
    .selectAll()
    .where("user_id", "=", userId)
    .where("id", "=", id)
    .executeTakeFirst();
}

/** The items of these checklists (already known to be the user's), in their order. */
export function itemsOf(db: Db, workflowIds: readonly string[]): Promise<WorkflowItemRow[]> {
  if (workflowIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom("workflow_items")
    .selectAll()
    .where("workflow_id", "in", workflowIds)
    .orderBy("workflow_id")
    .orderBy("position")
    .execute();
}

/** Ticks or unticks an item of the user's checklist; false when there is no such item of theirs. */
export async function setItemDone(
  db: Db,
  userId: string,
  workflowId: string,
  itemId: string,
  done: boolean,
): Promise<boolean> {
  const result = await db
    .updateTable("workflow_items")
    .set({ done: done ? 1 : 0 })
    .where("id", "=", itemId)
    .where("workflow_id", "=", workflowId)
    .where("workflow_id", "in", (eb) =>
      eb
        .selectFrom("workflows")
        .select("id")
        .where("user_id", "=", userId)
        .where("id", "=", workflowId),
    )
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Deletes the user's checklist with its items; false when they have no such checklist. */
export async function deleteWorkflow(db: Db, userId: string, id: string): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const owned = await findWorkflowRow(trx, userId, id);
    if (!owned) return false;
    await trx.deleteFrom("workflow_items").where("workflow_id", "=", id).execute();
    await trx.deleteFrom("workflows").where("user_id", "=", userId).where("id", "=", id).execute();
    return true;
  });
}
