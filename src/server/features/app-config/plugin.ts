import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { FeatureOptions } from "../../core";
import { appConfigRoutes } from "./routes";

/** What the web app needs to know of the server's configuration: public. */
export const appConfigPlugin: FastifyPluginAsyncZod<FeatureOptions> = async (app, { core }) => {
  await app.register(appConfigRoutes(core.config));
};
