import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { zoneRoutes } from "./routes";

/** Hardiness zones: public, a signed-out visitor looks theirs up too. */
export const zonesPlugin: FastifyPluginAsyncZod = async (app) => {
  await app.register(zoneRoutes);
};
