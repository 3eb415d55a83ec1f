import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { FeatureOptions } from "../../core";
import { identificationRoutes } from "./routes";
import type { IdentificationService } from "./service";

export interface IdentificationOptions extends FeatureOptions {
  /** Built outside: a plant's page shows what its photo was identified as. */
  identifications: IdentificationService;
}

export const identificationPlugin: FastifyPluginAsyncZod<IdentificationOptions> = async (
  app,
  { core, signedIn, identifications },
) => {
  await app.register(signedIn(identificationRoutes(identifications, core.photos)));
};
