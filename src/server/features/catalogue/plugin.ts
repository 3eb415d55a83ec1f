import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { FeatureOptions } from "../../core";
import { catalogueRoutes } from "./routes";

/** The crop catalogue: public. */
export const cataloguePlugin: FastifyPluginAsyncZod<FeatureOptions> = async (app, { core }) => {
  await app.register(catalogueRoutes(core.crops));
};
