import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { errorBodySchema } from "../../../core/schemas/error";
import { zipSchema, zipZoneSchema } from "../../../core/schemas/me";
import { notFound } from "../../errors";
import { placeOfZip, zoneLookup } from "./service";

export const zoneRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/api/zones/:zip",
    {
      schema: {
        tags: ["profile"],
        summary: "USDA hardiness zone and town of a US ZIP code",
        params: z.object({ zip: zipSchema }),
        response: { 200: zipZoneSchema, 400: errorBodySchema, 404: errorBodySchema },
      },
    },
    async (request) => {
      const zone = zoneLookup().find(request.params.zip);
      if (!zone) throw notFound(`ZIP code ${request.params.zip}`);
      return { ...zone, place: await placeOfZip(request.params.zip) };
    },
  );
};
