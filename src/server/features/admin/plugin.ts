import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { sessionOnly } from "../../auth/session";
import type { FeatureOptions } from "../../core";
import type { ContactService } from "../contact/service";
import { adminRoutes, operatorStatusRoutes } from "./routes";
import { AdminService } from "./service";

export interface AdminOptions extends FeatureOptions {
  contact: ContactService;
}

/** The operator's pages (session only) and whether the gardener is an operator. */
export const adminPlugin: FastifyPluginAsyncZod<AdminOptions> = async (
  app,
  { core, signedIn, contact },
) => {
  const admin = new AdminService(core.database.db, contact, core.config.adminEmails);
  await app.register(
    signedIn(async (scope) => {
      await scope.register(sessionOnly("Using the operator's pages", adminRoutes(admin)));
      await scope.register(operatorStatusRoutes(admin));
    }),
  );
};
