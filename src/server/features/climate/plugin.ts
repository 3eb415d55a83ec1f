import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { FeatureOptions } from "../../core";
import type { ProfileService } from "../profile/service";
import { type ClimateRouteDeps, climateRoutes } from "./routes";

export interface ClimateOptions
  extends FeatureOptions,
    Pick<ClimateRouteDeps, "climate" | "frostStations" | "warningFor"> {
  profiles: ProfileService;
}

export const climatePlugin: FastifyPluginAsyncZod<ClimateOptions> = async (
  app,
  { core, signedIn, climate, frostStations, warningFor, profiles },
) => {
  await app.register(
    signedIn(
      climateRoutes({
        db: core.database.db,
        climate,
        finder: core.weatherProviders.finder,
        profiles,
        catalogue: core.crops,
        calendars: core.calendars,
        frostStations,
        warningFor,
      }),
    ),
  );
};
