import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { sessionOnly } from "../../auth/session";
import type { FeatureOptions } from "../../core";
import { onImported } from "../../reactions";
import type { ProfileService } from "../profile/service";
import { zoneLookup } from "../zones/service";
import { ExportService } from "./export-service";
import { ImportService } from "./import-service";
import { deleteAccountRoutes, exportRoutes, importRoutes } from "./routes";

export interface AccountDataOptions extends FeatureOptions {
  profiles: ProfileService;
}

/** Export, import and deleting the account: session only, an API token may do none of them. */
export const accountDataPlugin: FastifyPluginAsyncZod<AccountDataOptions> = async (
  app,
  { core, signedIn, profiles },
) => {
  const { database, auth, endSessions, changes, gardenReads, publish, log, photos } = core;
  const { db, dialect } = database;
  const exports = new ExportService(db, (userId) => profiles.get(userId));
  const imports = new ImportService({
    db,
    dialect,
    zones: zoneLookup,
    imported: onImported(changes, gardenReads, publish, log),
  });
  await app.register(
    signedIn(async (scope) => {
      await scope.register(sessionOnly("Exporting your data", exportRoutes(exports)));
      await scope.register(sessionOnly("Importing a file", importRoutes(imports, photos)));
      await scope.register(
        sessionOnly("Deleting the account", deleteAccountRoutes({ db, auth, endSessions })),
      );
    }),
  );
};
