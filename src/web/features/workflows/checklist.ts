import type { Workflow } from "../../../core/schemas/workflow";

/** The checklists with one item ticked or unticked; the rest (and unknown ids) untouched. */
export function setItemDone(
  workflows: Workflow[] | undefined,
  workflowId: string,
  itemId: string,
  done: boolean,
): Workflow[] | undefined {
  return workflows?.map((workflow) =>
    workflow.id !== workflowId
      ? workflow
      : {
          ...workflow,
          items: workflow.items.map((item) => (item.id === itemId ? { ...item, done } : item)),
        },
  );
}

/**
 * The list with this checklist as the server has it now: replaced in place, or, new, added first
 * (GET /api/workflows lists the newest first).
 */
export function replaceWorkflow(workflows: Workflow[], workflow: Workflow): Workflow[] {
  return workflows.some((w) => w.id === workflow.id)
    ? workflows.map((w) => (w.id === workflow.id ? workflow : w))
    : [workflow, ...workflows];
}

/** "n of m done". */
export function progress(workflow: Workflow): { done: number; total: number } {
  return { done: workflow.items.filter((i) => i.done).length, total: workflow.items.length };
}
