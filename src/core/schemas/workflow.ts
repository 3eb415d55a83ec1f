import { idSchema } from "./task";
import { whenMissing, z } from "./z";

/** Spec §9 "Workflow templates". */
export const workflowTemplateIdValues = ["lawn_seed", "coriander_seed"] as const;
export type WorkflowTemplateId = (typeof workflowTemplateIdValues)[number];
/** Spec §9: how many steps each template has. */
export const WORKFLOW_STEP_COUNTS: Record<WorkflowTemplateId, number> = {
  lawn_seed: 8,
  coriander_seed: 6,
};
/** Checklists a gardener may have at once: enough for every crop, bounded for the server. */
export const MAX_WORKFLOWS_PER_USER = 20;

export const workflowStepSchema = z.strictObject({
  title: z.string().trim().min(1).max(200),
  detail: z.string().trim().min(1).max(2000),
});

export const workflowTemplateSchema = z.strictObject({
  id: z.enum(workflowTemplateIdValues),
  name: z.string().trim().min(1).max(100),
  steps: z.array(workflowStepSchema),
});
export type WorkflowTemplate = z.infer<typeof workflowTemplateSchema>;

/** data/workflows/templates.json: each template once, with spec §9's number of steps. */
export const workflowTemplatesFileSchema = z
  .array(workflowTemplateSchema)
  .superRefine((templates, ctx) => {
    for (const id of workflowTemplateIdValues) {
      const found = templates.filter((t) => t.id === id);
      if (found.length !== 1) {
        ctx.addIssue({ code: "custom", message: `Give template ${id} exactly once.` });
      } else if (found[0]?.steps.length !== WORKFLOW_STEP_COUNTS[id]) {
        ctx.addIssue({
          code: "custom",
          message: `Template ${id} has ${WORKFLOW_STEP_COUNTS[id]} steps (spec §9).`,
        });
      }
    }
  });

/** GET /api/workflows/templates. */
export const workflowTemplateListSchema = z.object({ templates: z.array(workflowTemplateSchema) });

export const workflowItemSchema = z.object({
  id: z.string(),
  title: z.string(),
  detail: z.string(),
  done: z.boolean(),
});
export type WorkflowItem = z.infer<typeof workflowItemSchema>;

/** API.md `Workflow`: a checklist started from a template, its items in the template's order. */
export const workflowSchema = z.object({
  id: z.string(),
  name: z.string(),
  template: z.string(),
  createdAt: z.string(),
  items: z.array(workflowItemSchema),
});
export type Workflow = z.infer<typeof workflowSchema>;

export const workflowListSchema = z.object({ workflows: z.array(workflowSchema) });

const TEMPLATE_MESSAGE = `Use one of: ${workflowTemplateIdValues.join(", ")}.`;

/** POST /api/workflows. The template id, any case. */
export const workflowCreateSchema = z.strictObject({
  template: z.preprocess(
    (value) => (typeof value === "string" ? value.trim().toLowerCase() : value),
    z.enum(workflowTemplateIdValues, {
      error: (issue) =>
        issue.input === undefined ? "Choose a checklist template." : TEMPLATE_MESSAGE,
    }),
  ),
});
export type WorkflowCreate = z.infer<typeof workflowCreateSchema>;

/** PATCH /api/workflows/:id/items/:itemId (spec §4: done toggles true/false). */
export const workflowItemPatchSchema = z.strictObject({
  done: z.boolean({ error: whenMissing("Say whether the item is done: true or false.") }),
});

export const workflowItemParamsSchema = z.object({ id: idSchema, itemId: idSchema });
