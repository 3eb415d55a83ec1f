import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { sessionOnly } from "../../auth/session";
import type { FeatureOptions } from "../../core";
import { apiTokenRoutes } from "./routes";
import type { ApiTokenService } from "./service";

export interface ApiTokensOptions extends FeatureOptions {
  /** Built outside: the signed-in scope checks tokens with it. */
  apiTokens: ApiTokenService;
}

/** Session only: a token may not make or revoke tokens. */
export const apiTokensPlugin: FastifyPluginAsyncZod<ApiTokensOptions> = async (
  app,
  { signedIn, apiTokens },
) => {
  await app.register(signedIn(sessionOnly("Managing API tokens", apiTokenRoutes(apiTokens))));
};
