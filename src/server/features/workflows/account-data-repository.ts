import type { Insertable, Kysely } from "kysely";
import { chunks, insertRows, ownersOf } from "../../db/batches";
import type { Database, WorkflowItemTable, WorkflowTable } from "../../db/schema";

type Db = Kysely<Database>;

export function workflowRowsOf(db: Db, userId: string) {
  return db
    .selectFrom("workflows")
    .selectAll()
    .where("user_id", "=", userId)
    .orderBy("created_at")
    .orderBy("id")
    .execute();
}

export function workflowItemRowsOf(db: Db, userId: string) {
  return db
    .selectFrom("workflow_items")
    .innerJoin("workflows", "workflows.id", "workflow_items.workflow_id")
    .selectAll("workflow_items")
    .where("workflows.user_id", "=", userId)
    .orderBy("workflow_items.workflow_id")
    .orderBy("workflow_items.position")
    .execute();
}

export const workflowOwners = (db: Db, ids: readonly string[]) => ownersOf(db, "workflows", ids);

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

export async function insertWorkflowRows(
  db: Db,
  workflows: readonly Insertable<WorkflowTable>[],
  items: readonly Insertable<WorkflowItemTable>[],
): Promise<void> {
  await insertRows(db, "workflows", workflows);
  await insertRows(db, "workflow_items", items);
}

/** Every checklist of the gardener, items first. */
export async function deleteWorkflowRows(db: Db, userId: string): Promise<void> {
  await db
    .deleteFrom("workflow_items")
    .where("workflow_id", "in", (eb) =>
      eb.selectFrom("workflows").select("id").where("user_id", "=", userId),
    )
    .execute();
  await db.deleteFrom("workflows").where("user_id", "=", userId).execute();
}
