import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { sql } from "kysely";
import { z } from "zod";
import { errorBodySchema } from "../../core/schemas/error";
import type { DatabaseHandle } from "../db/connection";
import { AppError } from "../errors";

export function healthRoutes(database: DatabaseHandle): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      "/api/health",
      {
        schema: {
          tags: ["health"],
          summary: "Liveness: the process answers",
          response: { 200: z.object({ status: z.literal("ok") }) },
        },
      },
      async () => ({ status: "ok" as const }),
    );

    app.get(
      "/api/ready",
      {
        schema: {
          tags: ["health"],
          summary: "Readiness: the database answers",
          response: {
            200: z.object({ status: z.literal("ready"), database: z.enum(["sqlite", "postgres"]) }),
            503: errorBodySchema,
          },
        },
      },
      async (request) => {
        try {
          await sql`select 1`.execute(database.db);
        } catch (err) {
          request.log.error({ err }, "database not reachable");
          throw new AppError(503, "upstream_unavailable", "The database is not reachable.");
        }
        return { status: "ready" as const, database: database.dialect };
      },
    );
  };
}
