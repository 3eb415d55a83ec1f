import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { Kysely } from "kysely";
import { z } from "zod";
import { errorBodySchema } from "../../../core/schemas/error";
import { placesBodySchema, placesQuerySchema } from "../../../core/schemas/place";
import {
  guidanceQuerySchema,
  insightsSchema,
  locationQuerySchema,
  plantingQuerySchema,
  plantingSuggestionsSchema,
  weatherSchema,
} from "../../../core/schemas/weather";
import { currentUser } from "../../auth/session";
import type { Database } from "../../db/schema";
import type { PlaceFinder } from "../../providers/weather";
import { clearUserCache } from "./repository";
import type { WeatherService } from "./service";

export function weatherCacheRoutes(db: Kysely<Database>): FastifyPluginAsyncZod {
  return async (app) => {
    app.delete(
      "/api/gardening/weather-cache",
      {
        schema: {
          tags: ["weather"],
          summary: "Forget the signed-in user's cached weather",
          response: { 204: z.null().describe("Cache cleared"), 401: errorBodySchema },
        },
      },
      async (request, reply) => {
        await clearUserCache(db, currentUser(request).id);
        return reply.status(204).send(null);
      },
    );
  };
}

const errors = {
  400: errorBodySchema,
  401: errorBodySchema,
  404: errorBodySchema,
  502: errorBodySchema,
};

export function weatherRoutes(weather: WeatherService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      "/api/gardening/weather",
      {
        schema: {
          tags: ["weather"],
          summary: "Current weather and season for a place (passed, stored, or San Francisco)",
          querystring: locationQuerySchema,
          response: { 200: weatherSchema, ...errors },
        },
      },
      async (request) => weather.weather(currentUser(request).id, request.query),
    );

    app.get(
      "/api/gardening/insights",
      {
        schema: {
          tags: ["weather"],
          summary: "Current conditions, 7-day forecast, advice and garden health alerts",
          querystring: guidanceQuerySchema,
          response: { 200: insightsSchema, ...errors },
        },
      },
      async (request) => weather.insights(currentUser(request).id, request.query),
    );

    app.get(
      "/api/gardening/planting-suggestions",
      {
        schema: {
          tags: ["weather"],
          summary: "What to plant now, by forecast temperature and season, with US frost dates",
          querystring: plantingQuerySchema,
          response: { 200: plantingSuggestionsSchema, ...errors },
        },
      },
      async (request) => weather.plantingSuggestions(currentUser(request).id, request.query),
    );
  };
}

/** Towns and postcodes anywhere, for choosing where one gardens; no session needed (onboarding). */
export function placeRoutes(finder: PlaceFinder): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      "/api/places",
      {
        schema: {
          tags: ["weather"],
          summary: "Find a town or postcode anywhere",
          querystring: placesQuerySchema,
          response: { 200: placesBodySchema, 400: errorBodySchema },
        },
      },
      async (request) => ({ places: await finder.find(request.query.q) }),
    );
  };
}
