import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  cropListSchema,
  cropSearchQuerySchema,
  suggestionsQuerySchema,
} from "../../../core/schemas/catalogue";
import { cropSchema } from "../../../core/schemas/crop";
import { errorBodySchema } from "../../../core/schemas/error";
import { notFound } from "../../errors";
import type { Catalogue } from "./catalogue-read-model";

// The catalogue only changes with a release; let browsers and the offline cache keep it a while.
const CACHE = "public, max-age=3600";

/** Public: the Add Plant dialog and Grow Along search it before anyone signs in. */
export function catalogueRoutes(catalogue: Catalogue): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      "/api/catalogue/crops",
      {
        schema: {
          tags: ["catalogue"],
          summary: "Autocomplete: up to 10 crops for 2+ characters, prefix matches first",
          querystring: cropSearchQuerySchema,
          response: { 200: cropListSchema, 400: errorBodySchema },
        },
      },
      async (request, reply) => {
        reply.header("cache-control", CACHE);
        return { crops: catalogue.search(request.query.q, request.query.limit) };
      },
    );

    app.get(
      "/api/catalogue/crops/:slug",
      {
        schema: {
          tags: ["catalogue"],
          summary: "One crop with every catalogue field",
          params: z.object({ slug: z.string() }),
          response: { 200: cropSchema, 404: errorBodySchema },
        },
      },
      async (request, reply) => {
        const crop = catalogue.bySlug(request.params.slug);
        if (!crop) throw notFound("That crop");
        reply.header("cache-control", CACHE);
        return crop;
      },
    );

    app.get(
      "/api/catalogue/suggestions",
      {
        schema: {
          tags: ["catalogue"],
          summary: "Built-in suggestions: 22 for Add Plant, 32 for Grow Along",
          querystring: suggestionsQuerySchema,
          response: { 200: cropListSchema, 400: errorBodySchema },
        },
      },
      async (request, reply) => {
        reply.header("cache-control", CACHE);
        return { crops: catalogue.suggestions(request.query.for) };
      },
    );
  };
}
