import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  apiTokenCreatedSchema,
  apiTokenCreateSchema,
  apiTokenListSchema,
} from "../../../core/schemas/api-tokens";
import { errorBodySchema } from "../../../core/schemas/error";
import { idParamsSchema } from "../../../core/schemas/task";
import { currentUser } from "../../auth/session";
import type { ApiTokenService } from "./service";

const errors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema };

/**
 * The gardener's API tokens. Registered session only (app.ts): an API token
 * is refused here with 403, so a token can never make or revoke tokens.
 */
export function apiTokenRoutes(tokens: ApiTokenService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      "/api/me/tokens",
      {
        schema: {
          tags: ["account"],
          summary: "The gardener's live API tokens (never their secrets); session only",
          response: { 200: apiTokenListSchema, ...errors },
        },
      },
      async (request, reply) => {
        reply.header("cache-control", "no-store");
        return { tokens: await tokens.list(currentUser(request).id) };
      },
    );

    app.post(
      "/api/me/tokens",
      {
        schema: {
          tags: ["account"],
          summary:
            "Create an API token (read or write); its secret is in this answer only. Session only",
          body: apiTokenCreateSchema,
          response: { 201: apiTokenCreatedSchema, 409: errorBodySchema, ...errors },
        },
      },
      async (request, reply) =>
        reply
          .status(201)
          .header("cache-control", "no-store")
          .send(await tokens.create(currentUser(request).id, request.body)),
    );

    app.delete(
      "/api/me/tokens/:id",
      {
        schema: {
          tags: ["account"],
          summary: "Revoke an API token: it answers 401 from the next request on. Session only",
          params: idParamsSchema,
          response: { 204: z.null().describe("Revoked"), 404: errorBodySchema, ...errors },
        },
      },
      async (request, reply) => {
        await tokens.revoke(currentUser(request).id, request.params.id);
        return reply.status(204).send(null);
      },
    );
  };
}
