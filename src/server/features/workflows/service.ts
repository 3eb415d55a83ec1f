import { randomUUID } from "node:crypto";
import {
  MAX_WORKFLOWS_PER_USER,
  type Workflow,
  type WorkflowTemplate,
  type WorkflowTemplateId,
} from "../../../core/schemas/workflow";
import type { DatabaseHandle } from "../../db/connection";
import { AppError, notFound } from "../../errors";
import {
  deleteWorkflow,
  findWorkflowRow,
  insertWorkflowWithin,
  itemsOf,
  listWorkflowRows,
  setItemDone,
  type WorkflowItemRow,
  type WorkflowRow,
} from "./repository";

/** A checklist change, for the live-changes bus (API.md "Live changes": workflow.updated). */
export interface WorkflowChange {
  userId: string;
  type: "workflow.updated";
  id: string;
}

export type PublishWorkflowChange = (change: WorkflowChange) => void;

const workflowNotFound = () => notFound("That checklist");

export function toWorkflow(row: WorkflowRow, items: readonly WorkflowItemRow[]): Workflow {
  return {
    id: row.id,
    name: row.name,
    template: row.template,
    createdAt: row.created_at,
    items: items.map((item) => ({
      id: item.id,
      title: item.title,
      detail: item.detail,
      done: Number(item.done) === 1,
    })),
  };
}

/**
 * Checklists (spec §2 Workflows): started from a template, their items ticked and unticked,
 * removed. Every change is published as workflow.updated, so each open tab refreshes.
 */
export class WorkflowService {
  constructor(
    private readonly database: DatabaseHandle,
    private readonly templates: readonly WorkflowTemplate[],
    private readonly publish: PublishWorkflowChange = () => {},
  ) {}

  listTemplates(): readonly WorkflowTemplate[] {
    return this.templates;
  }

  async list(userId: string): Promise<Workflow[]> {
    const rows = await listWorkflowRows(this.database.db, userId);
    const items = await itemsOf(
      this.database.db,
      rows.map((row) => row.id),
    );
    return rows.map((row) =>
      toWorkflow(
        row,
        items.filter((item) => item.workflow_id === row.id),
      ),
    );
  }

  async get(userId: string, id: string): Promise<Workflow> {
    const row = await findWorkflowRow(this.database.db, userId, id);
    if (!row) throw workflowNotFound();
    return toWorkflow(row, await itemsOf(this.database.db, [id]));
  }

  async start(userId: string, templateId: WorkflowTemplateId): Promise<Workflow> {
    const template = this.templates.find((t) => t.id === templateId);
    if (!template) throw notFound("That checklist template");
    const id = randomUUID();
    const stored = await insertWorkflowWithin(
      this.database.db,
      this.database.dialect,
      MAX_WORKFLOWS_PER_USER,
      {
        id,
        user_id: userId,
        name: template.name,
        template: template.id,
        created_at: new Date().toISOString(),
      },
      template.steps.map((step, position) => ({
        id: randomUUID(),
        workflow_id: id,
        position,
        title: step.title,
        detail: step.detail,
        done: 0,
      })),
    );
    if (!stored) {
      throw new AppError(
        409,
        "conflict",
        `You have ${MAX_WORKFLOWS_PER_USER} checklists already: remove one you have finished before starting another.`,
      );
    }
    this.publish({ userId, type: "workflow.updated", id });
    return this.get(userId, id);
  }

  async setDone(userId: string, id: string, itemId: string, done: boolean): Promise<Workflow> {
    if (!(await setItemDone(this.database.db, userId, id, itemId, done))) {
      throw notFound("That checklist item");
    }
    this.publish({ userId, type: "workflow.updated", id });
    return this.get(userId, id);
  }

  async remove(userId: string, id: string): Promise<void> {
    if (!(await deleteWorkflow(this.database.db, userId, id))) throw workflowNotFound();
    this.publish({ userId, type: "workflow.updated", id });
  }
}
