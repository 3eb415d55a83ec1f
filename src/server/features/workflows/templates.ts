import fs from "node:fs";
import { type WorkflowTemplate, workflowTemplatesFileSchema } from "../../../core/schemas/workflow";
import { dataPath } from "../../lib/paths";

/** Reads and checks data/workflows/templates.json; a broken file stops start-up, not a request. */
export function loadWorkflowTemplates(): readonly WorkflowTemplate[] {
  const raw: unknown = JSON.parse(fs.readFileSync(dataPath("workflows", "templates.json"), "utf8"));
  return workflowTemplatesFileSchema.parse(raw);
}

let shared: readonly WorkflowTemplate[] | undefined;

/** The checklist templates (spec §9), read once per process. */
export function workflowTemplates(): readonly WorkflowTemplate[] {
  shared ??= loadWorkflowTemplates();
  return shared;
}
