import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { FeatureOptions } from "../../core";
import { calendarFeedRoutes, calendarUrlRoutes } from "./routes";
import { CalendarService } from "./service";

/** The calendar feed (public: its secret address is the key) and that address (signed in). */
export const calendarPlugin: FastifyPluginAsyncZod<FeatureOptions> = async (
  app,
  { core, signedIn },
) => {
  const calendar = new CalendarService(core.database.db);
  await app.register(calendarFeedRoutes(calendar, core.appAddress));
  await app.register(signedIn(calendarUrlRoutes(calendar, core.appAddress)));
};
