import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  adminAccountListSchema,
  adminAccountPatchSchema,
  adminAccountSchema,
  adminStatusSchema,
} from "../../../core/schemas/admin";
import { contactMessageListSchema } from "../../../core/schemas/contact";
import { errorBodySchema } from "../../../core/schemas/error";
import { currentUser } from "../../auth/session";
import type { AdminService } from "./service";

const errors = { 401: errorBodySchema, 404: errorBodySchema };
const accountParams = z.object({ id: z.string().max(200) });

/** /api/admin: the operator's page. Every route answers 404 to anyone who is not an operator. */
export function adminRoutes(admin: AdminService): FastifyPluginAsyncZod {
  return async (app) => {
    // Before the body is validated: to anyone else even a malformed request is a plain 404.
    app.addHook("preValidation", async (request) => {
      await admin.requireOperator(currentUser(request));
    });

    app.get(
      "/api/admin/status",
      {
        schema: {
          tags: ["admin"],
          summary: "Answers an operator (the web shows the Admin link); 404 to anyone else",
          response: { 200: adminStatusSchema, ...errors },
        },
      },
      async () => ({ operator: true as const }),
    );

    app.get(
      "/api/admin/accounts",
      {
        schema: {
          tags: ["admin"],
          summary: "Every account: plan, created, last sign-in, plants and messages today",
          response: { 200: adminAccountListSchema, ...errors },
        },
      },
      async () => ({ accounts: await admin.accounts() }),
    );

    app.patch(
      "/api/admin/accounts/:id",
      {
        schema: {
          tags: ["admin"],
          summary: "Switch an account's plan between Free and Pro",
          params: accountParams,
          body: adminAccountPatchSchema,
          response: { 200: adminAccountSchema, 400: errorBodySchema, ...errors },
        },
      },
      async (request) => admin.setPlan(request.params.id, request.body.plan),
    );

    app.get(
      "/api/admin/contact-messages",
      {
        schema: {
          tags: ["admin"],
          summary: "The contact inbox, newest first",
          response: { 200: contactMessageListSchema, ...errors },
        },
      },
      async () => ({ messages: await admin.contactMessages() }),
    );
  };
}
