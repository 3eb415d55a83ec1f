import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { FeatureOptions } from "../../core";
import { placeRoutes, weatherCacheRoutes, weatherRoutes } from "./routes";
import type { WeatherService } from "./service";

export interface WeatherOptions extends FeatureOptions {
  weather: WeatherService;
}

/** Places (public: sign-up looks one up) and the gardener's weather (signed in). */
export const weatherPlugin: FastifyPluginAsyncZod<WeatherOptions> = async (
  app,
  { core, signedIn, weather },
) => {
  await app.register(placeRoutes(core.weatherProviders.finder));
  await app.register(
    signedIn(async (scope) => {
      await scope.register(weatherCacheRoutes(core.database.db));
      await scope.register(weatherRoutes(weather));
    }),
  );
};
