import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { FeatureOptions } from "../../core";
import type { PlantingWarningCheck } from "../climate/planting-warning-service";
import { growAlongRoutes } from "./routes";
import { GrowAlongService } from "./service";

export interface GrowAlongOptions extends FeatureOptions {
  warningFor: PlantingWarningCheck;
}

export const growAlongPlugin: FastifyPluginAsyncZod<GrowAlongOptions> = async (
  app,
  { core, signedIn, warningFor },
) => {
  const growAlong = new GrowAlongService(core.assistant, core.crops, core.log, warningFor);
  await app.register(signedIn(growAlongRoutes(growAlong)));
};
