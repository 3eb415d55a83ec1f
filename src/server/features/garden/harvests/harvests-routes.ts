import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { errorBodySchema } from "../../../../core/schemas/error";
import {
  harvestCreatedSchema,
  harvestCreateSchema,
  harvestIdParamsSchema,
  harvestPatchSchema,
  harvestSchema,
  harvestSeasonQuerySchema,
  plantHarvestsSchema,
  plantIdParamsSchema,
  seasonHarvestsSchema,
} from "../../../../core/schemas/harvest";
import { currentUser } from "../../../auth/session";
import { todayFor } from "../../../lib/today";
import type { HarvestService } from "./harvests-service";

const errors = { 400: errorBodySchema, 401: errorBodySchema, 404: errorBodySchema };

/** Issue 26 "harvest log" (docs/api-issue-26.md): log, list, total, change and delete harvests. */
export function harvestRoutes(harvests: HarvestService): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      "/api/plants/:plantId/harvests",
      {
        schema: {
          tags: ["harvests"],
          summary: "Log a harvest of a plant: a weight (g, kg, oz or lb), a count, or both",
          params: plantIdParamsSchema,
          body: harvestCreateSchema,
          response: { 201: harvestCreatedSchema, ...errors },
        },
      },
      async (request, reply) => {
        const harvest = await harvests.create(
          currentUser(request).id,
          request.params.plantId,
          request.body,
        );
        return reply.status(201).send({ harvest });
      },
    );

    app.get(
      "/api/plants/:plantId/harvests",
      {
        schema: {
          tags: ["harvests"],
          summary: "A plant's harvests, newest first, and its total (grams and count)",
          params: plantIdParamsSchema,
          response: { 200: plantHarvestsSchema, ...errors },
        },
      },
      async (request) => harvests.ofPlant(currentUser(request).id, request.params.plantId),
    );

    app.get(
      "/api/harvests",
      {
        schema: {
          tags: ["harvests"],
          summary:
            "A growing season's harvests with totals by crop and by area (default: the current season)",
          querystring: harvestSeasonQuerySchema,
          response: { 200: seasonHarvestsSchema, ...errors },
        },
      },
      async (request) =>
        harvests.ofSeason(currentUser(request).id, request.query.season, todayFor(request)),
    );

    app.patch(
      "/api/harvests/:harvestId",
      {
        schema: {
          tags: ["harvests"],
          summary: "Change a harvest's date, weight, count or note",
          params: harvestIdParamsSchema,
          body: harvestPatchSchema,
          response: { 200: harvestSchema, ...errors },
        },
      },
      async (request) =>
        harvests.update(currentUser(request).id, request.params.harvestId, request.body),
    );

    app.delete(
      "/api/harvests/:harvestId",
      {
        schema: {
          tags: ["harvests"],
          summary: "Delete a harvest and its photo",
          params: harvestIdParamsSchema,
          response: { 204: z.null().describe("Deleted"), ...errors },
        },
      },
      async (request, reply) => {
        await harvests.remove(currentUser(request).id, request.params.harvestId);
        return reply.status(204).send(null);
      },
    );
  };
}
