import type { Insertable, Kysely, Transaction } from "kysely";
import type { Workflow } from "../../../core/schemas/workflow";
import type { Database, WorkflowItemTable, WorkflowTable } from "../../db/schema";
import {
  deleteWorkflowRows,
  insertWorkflowRows,
  takenWorkflowItemIds,
  workflowItemRowsOf,
  workflowOwners,
  workflowRowsOf,
} from "./account-data-repository";
import { lockedWorkflowCount } from "./repository";
import { toWorkflow } from "./service";

// What account-data (export, import, account deletion) needs of the checklists: it reaches
// these tables only through here.

/** The gardener's checklists (oldest first), each with its items in order. */
export async function workflowsForExport(
  db: Kysely<Database>,
  userId: string,
): Promise<Workflow[]> {
  const [workflows, items] = await Promise.all([
    workflowRowsOf(db, userId),
    workflowItemRowsOf(db, userId),
  ]);
  const itemsOf = new Map<string, typeof items>();
  for (const item of items) {
    const list = itemsOf.get(item.workflow_id);
    if (list) list.push(item);
    else itemsOf.set(item.workflow_id, [item]);
  }
  return workflows.map((row) => toWorkflow(row, itemsOf.get(row.id) ?? []));
}

/** Who has each of these checklist ids (ids nobody has are absent). */
export const checklistOwners = workflowOwners;

/** The gardener's checklist count, locked until the import's transaction ends. */
export const lockedChecklistCount = lockedWorkflowCount;

/** Checklist item ids someone already has. */
export const takenChecklistItemIds = takenWorkflowItemIds;

/** An import's new checklists and their items, in the caller's transaction. */
export function insertImportedWorkflows(
  trx: Transaction<Database>,
  workflows: readonly Insertable<WorkflowTable>[],
  items: readonly Insertable<WorkflowItemTable>[],
): Promise<void> {
  return insertWorkflowRows(trx, workflows, items);
}

/** Every checklist of the gardener, in the caller's transaction. */
export function deleteWorkflowsOf(trx: Transaction<Database>, userId: string): Promise<void> {
  return deleteWorkflowRows(trx, userId);
}
