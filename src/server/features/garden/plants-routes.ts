import type { FastifyReply, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { type ZodType, z } from "zod";
import { errorBodySchema } from "../../../core/schemas/error";
import {
  plantCreatedSchema,
  plantCreateSchema,
  plantDetailSchema,
  plantListQuerySchema,
  plantListSchema,
  plantPatchSchema,
  plantSummaryListSchema,
} from "../../../core/schemas/plant";
import { idParamsSchema } from "../../../core/schemas/task";
import { currentUser } from "../../auth/session";
import { sendCachedJson } from "../../lib/cached-json";
import { todayFor } from "../../lib/today";
import type { Shows, UserResponseCache } from "../../lib/user-response-cache";
import { PLANTS_SCOPE, plantScope } from "./changes";
import type { PlantService } from "./plants-service";

/**
 * The plants a page of the list shows. A plant's update changes its own row only: pages go by when
 * each plant was added, so no update moves a plant onto or off a page.
 */
function plantPageShows(page: { plants: { id: string }[] }): Shows {
  const ids = new Set(page.plants.map((plant) => plant.id));
  return (id) => ids.has(id);
}

const errors = { 400: errorBodySchema, 401: errorBodySchema, 404: errorBodySchema };

export function plantRoutes(plants: PlantService, reads: UserResponseCache): FastifyPluginAsyncZod {
  /** A cached read of the signed-in gardener's data as of their today. */
  const readForToday = <T>(
    request: FastifyRequest,
    reply: FastifyReply,
    scope: string,
    load: (userId: string, today: string) => Promise<T>,
    list?: { schema?: ZodType | undefined; showsOf: (data: T) => Shows },
  ) => {
    const userId = currentUser(request).id;
    const today = todayFor(request);
    const key = `${request.url} ${today}`;
    const read = { userId, scope, key, schema: list?.schema, showsOf: list?.showsOf };
    return sendCachedJson(request, reply, reads, read, () => load(userId, today));
  };

  return async (app) => {
    app.get(
      "/api/plants",
      {
        schema: {
          tags: ["plants"],
          summary: "The gardener's plants, newest first, each with its next task",
          description:
            "view=summary sends only what a plant card shows (PlantSummary) in place of every Plant field.",
          querystring: plantListQuerySchema,
          response: { 200: plantListSchema, ...errors },
        },
      },
      // Not async: a cached page is sent with no promise at all (sendCachedJson).
      (request, reply) =>
        readForToday(
          request,
          reply,
          PLANTS_SCOPE,
          (userId, today) => plants.list(userId, request.query, today),
          {
            // The route's schema is the full form; the summary is written by its own schema.
            schema: request.query.view === "summary" ? plantSummaryListSchema : undefined,
            showsOf: plantPageShows,
          },
        ),
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
      (request, reply) =>
        readForToday(request, reply, plantScope(request.params.id), (userId, today) =>
          plants.get(userId, request.params.id, today),
        ),
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
