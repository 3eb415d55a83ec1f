import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { errorBodySchema } from "../../../core/schemas/error";
import { idParamsSchema } from "../../../core/schemas/task";
import {
  workflowCreateSchema,
  workflowItemParamsSchema,
  workflowItemPatchSchema,
  workflowListSchema,
  workflowSchema,
  workflowTemplateListSchema,
} from "../../../core/schemas/workflow";
import { currentUser } from "../../auth/session";
import type { WorkflowService } from "./service";

const errors = { 400: errorBodySchema, 401: errorBodySchema, 404: errorBodySchema };

export function workflowRoutes(workflows: WorkflowService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      "/api/workflows/templates",
      {
        schema: {
          tags: ["workflows"],
          summary: "The checklist templates, with their steps",
          response: { 200: workflowTemplateListSchema, 401: errorBodySchema },
        },
      },
      async () => ({ templates: [...workflows.listTemplates()] }),
    );

    app.get(
      "/api/workflows",
      {
        schema: {
          tags: ["workflows"],
          summary: "The gardener's checklists, newest first, with their items",
          response: { 200: workflowListSchema, 401: errorBodySchema },
        },
      },
      async (request) => ({ workflows: await workflows.list(currentUser(request).id) }),
    );

    app.post(
      "/api/workflows",
      {
        schema: {
          tags: ["workflows"],
          summary: "Start a checklist from a template",
          body: workflowCreateSchema,
          response: { 201: workflowSchema, ...errors, 409: errorBodySchema },
        },
      },
      async (request, reply) => {
        const workflow = await workflows.start(currentUser(request).id, request.body.template);
        return reply.status(201).send(workflow);
      },
    );

    app.patch(
      "/api/workflows/:id/items/:itemId",
      {
        schema: {
          tags: ["workflows"],
          summary: "Tick or untick a checklist item",
          params: workflowItemParamsSchema,
          body: workflowItemPatchSchema,
          response: { 200: workflowSchema, ...errors },
        },
      },
      async (request) =>
        workflows.setDone(
          currentUser(request).id,
          request.params.id,
          request.params.itemId,
          request.body.done,
        ),
    );

    app.delete(
      "/api/workflows/:id",
      {
        schema: {
          tags: ["workflows"],
          summary: "Remove a checklist with its items",
          params: idParamsSchema,
          response: { 204: z.null().describe("Removed"), ...errors },
        },
      },
      async (request, reply) => {
        await workflows.remove(currentUser(request).id, request.params.id);
        return reply.status(204).send(null);
      },
    );
  };
}
