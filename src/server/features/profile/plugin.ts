import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { FeatureOptions } from "../../core";
import { profileRoutes } from "./routes";
import type { ProfileService } from "./service";

export interface ProfileOptions extends FeatureOptions {
  profiles: ProfileService;
}

export const profilePlugin: FastifyPluginAsyncZod<ProfileOptions> = async (
  app,
  { signedIn, profiles },
) => {
  await app.register(signedIn(profileRoutes(profiles)));
};
