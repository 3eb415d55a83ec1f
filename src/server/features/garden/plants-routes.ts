import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { errorBodySchema } from "../../../core/schemas/error";
import {
  plantCreatedSchema,
  plantCreateSchema,
  plantDetailSchema,
  plantListQuerySchema,
  plantListSchema,
  plantPatchSchema,
} from "../../../core/schemas/plant";
import { idParamsSchema } from "../../../core/schemas/task";
import { currentUser } from "../../auth/session";
import { todayFor } from "../../lib/today";
import type { PlantService } from "./plants-service";

const errors = { 400: errorBodySchema, 401: errorBodySchema, 404: errorBodySchema };

export function plantRoutes(plants: PlantService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      "/api/plants",
      {
        schema: {
          tags: ["plants"],
          summary: "The gardener's plants, newest first, each with its next task",
          querystring: plantListQuerySchema,
          response: { 200: plantListSchema, ...errors },
        },
      },
      async (request) => plants.list(currentUser(request).id, request.query, todayFor(request)),
    );

    app.post(
      "/api/plants",
      {
        schema: {
          tags: ["plants"],
          summary: "Add a plant: its plan and tasks are created with it, or nothing is saved",
          body: plantCreateSchema,
          response: { 201: plantCreatedSchema, ...errors, 502: errorBodySchema },
        },
      },
      async (request, reply) => {
        const created = await plants.create(
          currentUser(request).id,
          request.body,
          todayFor(request),
        );
        return reply.status(201).send(created);
      },
    );

    app.get(
      "/api/plants/:id",
      {
        schema: {
          tags: ["plants"],
          summary: "A plant with its stage timeline, pending tasks, next task and milestones",
          params: idParamsSchema,
          response: { 200: plantDetailSchema, ...errors },
        },
      },
      async (request) => plants.get(currentUser(request).id, request.params.id, todayFor(request)),
    );

    app.patch(
      "/api/plants/:id",
      {
        schema: {
          tags: ["plants"],
          summary: "Rename a plant or change its stage, notes, setup or planting date",
          params: idParamsSchema,
          body: plantPatchSchema,
          response: { 200: plantDetailSchema, ...errors },
        },
      },
      async (request) =>
        plants.update(currentUser(request).id, request.params.id, request.body, todayFor(request)),
    );

    app.delete(
      "/api/plants/:id",
      {
        schema: {
          tags: ["plants"],
          summary: "Delete a plant with all its tasks and milestones",
          params: idParamsSchema,
          response: { 204: z.null().describe("Deleted"), ...errors },
        },
      },
      async (request, reply) => {
        await plants.remove(currentUser(request).id, request.params.id);
        return reply.status(204).send(null);
      },
    );
  };
}
