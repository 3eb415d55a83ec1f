import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { contactMessageCreateSchema, contactReceiptSchema } from "../../../core/schemas/contact";
import { errorBodySchema } from "../../../core/schemas/error";
import { currentUser } from "../../auth/session";
import type { ContactService } from "./service";

export function contactRoutes(contact: ContactService): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      "/api/contact",
      {
        schema: {
          tags: ["contact"],
          summary: "Send a message to whoever runs this Tendril (stored, and e-mailed to them)",
          body: contactMessageCreateSchema,
          response: {
            201: contactReceiptSchema,
            400: errorBodySchema,
            401: errorBodySchema,
            429: errorBodySchema,
          },
        },
      },
      async (request, reply) => {
        const receipt = await contact.send(currentUser(request), request.body);
        return reply.status(201).send(receipt);
      },
    );
  };
}
