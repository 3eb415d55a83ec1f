import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { Kysely } from "kysely";
import { quotaSchema } from "../../../core/schemas/app-config";
import { errorBodySchema } from "../../../core/schemas/error";
import { currentUser } from "../../auth/session";
import type { Database } from "../../db/schema";
import { quotaFor } from "./service";

export function quotaRoutes(db: Kysely<Database>): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      "/api/me/quota",
      {
        schema: {
          tags: ["profile"],
          summary: "Plan, daily message limit and messages used today and this month",
          response: { 200: quotaSchema, 401: errorBodySchema },
        },
      },
      async (request) => quotaFor(db, currentUser(request).id),
    );
  };
}
