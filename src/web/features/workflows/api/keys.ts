/** React Query keys for checklists (workflows). */
export const workflowKeys = {
  all: ["workflows"] as const,
  list: ["workflows", "list"] as const,
  templates: ["workflows", "templates"] as const,
  /** Every item toggle in flight shares this, so a refresh can wait for the last one. */
  toggle: ["workflows", "toggle"] as const,
};
