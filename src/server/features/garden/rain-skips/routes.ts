import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { errorBodySchema } from "../../../../core/schemas/error";
import { idParamsSchema, taskSchema } from "../../../../core/schemas/task";
import { currentUser } from "../../../auth/session";
import type { RainSkipService } from "./service";

const errors = { 400: errorBodySchema, 401: errorBodySchema, 404: errorBodySchema };

export function rainSkipRoutes(skips: RainSkipService): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      "/api/tasks/:id/skip/undo",
      {
        schema: {
          tags: ["tasks"],
          summary:
            "Undo a rain skip: the watering is due on the date it had before; a task with no skip standing is answered as it is",
          params: idParamsSchema,
          response: { 200: taskSchema, ...errors },
        },
      },
      async (request) => skips.undo(currentUser(request).id, request.params.id),
    );
  };
}
