import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { FeatureOptions } from "../../core";
import { pushRoutes, reminderChannelRoutes, unsubscribeRoutes } from "./routes";
import type { ReminderService } from "./service";

export interface RemindersOptions extends FeatureOptions {
  reminders: ReminderService;
}

/** Unsubscribing (public: the mail's link carries a token) and reminder settings (signed in). */
export const remindersPlugin: FastifyPluginAsyncZod<RemindersOptions> = async (
  app,
  { signedIn, reminders },
) => {
  await app.register(unsubscribeRoutes(reminders));
  await app.register(
    signedIn(async (scope) => {
      await scope.register(pushRoutes(reminders));
      await scope.register(reminderChannelRoutes(reminders));
    }),
  );
};
