import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { FeatureOptions } from "../../core";
import { contactRoutes } from "./routes";
import type { ContactService } from "./service";

export interface ContactOptions extends FeatureOptions {
  /** Built outside: the operator's pages read the messages. */
  contact: ContactService;
}

export const contactPlugin: FastifyPluginAsyncZod<ContactOptions> = async (
  app,
  { signedIn, contact },
) => {
  await app.register(signedIn(contactRoutes(contact)));
};
