import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  areaCheckQuerySchema,
  areaCheckSchema,
  areaCreateSchema,
  areaDetailSchema,
  areaListSchema,
  areaParamsSchema,
  areaPatchSchema,
  areaResponseSchema,
} from "../../../../core/schemas/area";
import { isoDateSchema } from "../../../../core/schemas/date";
import { errorBodySchema } from "../../../../core/schemas/error";
import { currentUser } from "../../../auth/session";
import { todayFor } from "../../../lib/today";
import type { AreaService } from "./service";

const errors = { 400: errorBodySchema, 401: errorBodySchema, 404: errorBodySchema };

const checkQuerySchema = areaCheckQuerySchema.extend({
  /** A plant being edited or moved: left out of what is already there. */
  plantId: z.string().max(100, "That id is too long.").optional(),
  /** The planting date the crop goes in on (its growing season); today when left out. */
  plantedOn: isoDateSchema("Give plantedOn as YYYY-MM-DD.").optional(),
});

/** Issue 26: beds and areas. */
export function areaRoutes(areas: AreaService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      "/api/areas",
      {
        schema: {
          tags: ["areas"],
          summary: "The gardener's beds and areas by name, each with its plant count",
          response: { 200: areaListSchema, ...errors },
        },
      },
      async (request) => areas.list(currentUser(request).id),
    );

    app.post(
      "/api/areas",
      {
        schema: {
          tags: ["areas"],
          summary: "Add a bed or area",
          body: areaCreateSchema,
          response: { 201: areaResponseSchema, 409: errorBodySchema, ...errors },
        },
      },
      async (request, reply) => {
        const area = await areas.create(currentUser(request).id, request.body);
        return reply.status(201).send({ area });
      },
    );

    app.get(
      "/api/areas/:areaId",
      {
        schema: {
          tags: ["areas"],
          summary:
            "An area, its plants, how many more of its crops fit, companion and rotation warnings",
          params: areaParamsSchema,
          response: { 200: areaDetailSchema, ...errors },
        },
      },
      async (request) => areas.detail(currentUser(request).id, request.params.areaId),
    );

    app.get(
      "/api/areas/:areaId/check",
      {
        schema: {
          tags: ["areas"],
          summary: "Before planting a crop in an area: how many fit, and what it clashes with",
          params: areaParamsSchema,
          querystring: checkQuerySchema,
          response: { 200: areaCheckSchema, ...errors },
        },
      },
      async (request) =>
        areas.check(
          currentUser(request).id,
          request.params.areaId,
          request.query,
          todayFor(request),
        ),
    );

    app.patch(
      "/api/areas/:areaId",
      {
        schema: {
          tags: ["areas"],
          summary: "Rename an area or change its kind, size, sun, cover or notes",
          params: areaParamsSchema,
          body: areaPatchSchema,
          response: { 200: areaResponseSchema, ...errors },
        },
      },
      async (request) => ({
        area: await areas.update(currentUser(request).id, request.params.areaId, request.body),
      }),
    );

    app.delete(
      "/api/areas/:areaId",
      {
        schema: {
          tags: ["areas"],
          summary: "Delete an area; its plants stay, in no area",
          params: areaParamsSchema,
          response: { 204: z.null().describe("Deleted"), ...errors },
        },
      },
      async (request, reply) => {
        await areas.remove(currentUser(request).id, request.params.areaId);
        return reply.status(204).send(null);
      },
    );
  };
}
