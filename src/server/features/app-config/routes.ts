import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { type AppConfig, appConfigSchema } from "../../../core/schemas/app-config";
import type { Config } from "../../config";

export function appConfigRoutes(config: Config): FastifyPluginAsyncZod {
  const body: AppConfig = {
    auth: { google: !!config.google, oidc: config.oidc ? { name: config.oidc.name } : null },
    links: config.links,
    upgradeEmail: config.upgradeEmail,
  };
  return async (app) => {
    app.get(
      "/api/app-config",
      {
        schema: {
          tags: ["app"],
          summary: "Public set-up of this server: sign-in providers and external links",
          response: { 200: appConfigSchema },
        },
      },
      async () => body,
    );
  };
}
