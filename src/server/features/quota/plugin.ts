import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { FeatureOptions } from "../../core";
import { quotaRoutes } from "./routes";

export const quotaPlugin: FastifyPluginAsyncZod<FeatureOptions> = async (
  app,
  { core, signedIn },
) => {
  await app.register(signedIn(quotaRoutes(core.database.db)));
};
