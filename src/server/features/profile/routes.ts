import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { errorBodySchema } from "../../../core/schemas/error";
import { mePatchSchema, meSchema } from "../../../core/schemas/me";
import { currentUser } from "../../auth/session";
import type { ProfileService } from "./service";

export function profileRoutes(profiles: ProfileService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      "/api/me",
      {
        schema: {
          tags: ["profile"],
          summary: "The signed-in gardener's profile and preferences",
          response: { 200: meSchema, 401: errorBodySchema },
        },
      },
      async (request) => profiles.get(currentUser(request).id),
    );

    app.patch(
      "/api/me",
      {
        schema: {
          tags: ["profile"],
          summary: "Update preferences; setting zip fills the hardiness zone",
          body: mePatchSchema,
          response: { 200: meSchema, 400: errorBodySchema, 401: errorBodySchema },
        },
      },
      async (request) => profiles.update(currentUser(request).id, request.body),
    );
  };
}
