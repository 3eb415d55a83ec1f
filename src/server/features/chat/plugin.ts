import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { FeatureOptions } from "../../core";
import type { plantingNowLookup } from "../climate/planting-now-service";
import type { TaskService } from "../garden/tasks-service";
import { anonymousChatRoutes } from "./anonymous-routes";
import { chatRoutes } from "./routes";
import { ChatService } from "./service";

export interface ChatOptions extends FeatureOptions {
  tasks: TaskService;
  plantingNow: ReturnType<typeof plantingNowLookup>;
}

/** Signed-out chat (public, the built-in assistant) and the gardener's chats (signed in). */
export const chatPlugin: FastifyPluginAsyncZod<ChatOptions> = async (
  app,
  { core, signedIn, tasks, plantingNow },
) => {
  const { config, database, assistant, crops, log, publishLive } = core;
  const chats = new ChatService(database, assistant, tasks, crops, log, publishLive, plantingNow);
  await app.register(anonymousChatRoutes(core.builtInAssistant, config.anonymousChatPerHour));
  await app.register(signedIn(chatRoutes(chats)));
};
