import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { errorBodySchema } from "../../../core/schemas/error";
import { growGuideRequestSchema, growGuideSchema } from "../../../core/schemas/grow-guide";
import { currentUser } from "../../auth/session";
import { todayFor } from "../../lib/today";
import type { GrowAlongService } from "./service";

export function growAlongRoutes(growAlong: GrowAlongService): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      "/api/gardening/grow-guide",
      {
        schema: {
          tags: ["grow-along"],
          summary:
            "A grow guide for a plant in the gardener's setup: stages, dated tasks, tips and steps",
          body: growGuideRequestSchema,
          response: {
            200: growGuideSchema,
            400: errorBodySchema,
            401: errorBodySchema,
            502: errorBodySchema,
          },
        },
      },
      async (request) => growAlong.guide(currentUser(request).id, request.body, todayFor(request)),
    );
  };
}
