import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  adminAccountListSchema,
  adminAccountPatchSchema,
  adminAccountSchema,
  operatorStatusSchema,
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

/**
 * Whether the signed-in gardener runs this Tendril, for Settings' link to /admin. Outside
 * /api/admin, so asking is no failure for anyone (the browser logs every 404 it receives).
 */
export function operatorStatusRoutes(admin: AdminService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      "/api/me/operator",
      {
        schema: {
          tags: ["admin"],
          summary: "Whether the signed-in account runs this Tendril (sees /admin)",
          response: { 200: operatorStatusSchema, 401: errorBodySchema },
        },
      },
      async (request) => ({ operator: await admin.isOperator(currentUser(request)) }),
    );
  };
}
