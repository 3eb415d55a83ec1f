import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { errorBodySchema } from "../../../core/schemas/error";
import {
  reminderChannelInputSchema,
  reminderChannelListSchema,
  reminderChannelSchema,
  reminderChannelTestSchema,
} from "../../../core/schemas/reminder-channels";
import {
  pushPublicKeySchema,
  pushSubscriptionSchema,
  pushUnsubscribeSchema,
  unsubscribeQuerySchema,
} from "../../../core/schemas/reminders";
import { idParamsSchema } from "../../../core/schemas/task";
import { currentUser } from "../../auth/session";
import { notFound } from "../../errors";
import type { ReminderService } from "./service";

const errors = { 400: errorBodySchema, 401: errorBodySchema };

/** API.md "Reminders": the VAPID key and the browser's push subscriptions (signed in). */
export function pushRoutes(reminders: ReminderService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      "/api/push/public-key",
      {
        schema: {
          tags: ["reminders"],
          summary: "The VAPID public key to subscribe with (applicationServerKey)",
          response: { 200: pushPublicKeySchema, 401: errorBodySchema },
        },
      },
      async () => ({ publicKey: reminders.publicKey() }),
    );

    app.post(
      "/api/push/subscriptions",
      {
        // Session only, as adding a reminder channel: the endpoint would go on receiving
        // reminders after the token that added it is revoked.
        config: { sessionOnly: "Turning on push reminders" },
        schema: {
          tags: ["reminders"],
          summary: "Save this browser's PushSubscription (its toJSON()) for the daily reminder",
          body: pushSubscriptionSchema,
          response: { 201: z.null().describe("Saved"), ...errors, 403: errorBodySchema },
        },
      },
      async (request, reply) => {
        await reminders.subscribe(currentUser(request).id, request.body);
        return reply.status(201).send(null);
      },
    );

    app.delete(
      "/api/push/subscriptions",
      {
        schema: {
          tags: ["reminders"],
          summary: "Stop push reminders to this browser (204 also when it was not subscribed)",
          body: pushUnsubscribeSchema,
          response: { 204: z.null().describe("Removed"), ...errors },
        },
      },
      async (request, reply) => {
        await reminders.unsubscribe(currentUser(request).id, request.body.endpoint);
        return reply.status(204).send(null);
      },
    );
  };
}

/** API.md "Reminders": ntfy topics and webhooks the daily reminder also goes to (signed in). */
export function reminderChannelRoutes(reminders: ReminderService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      "/api/me/reminder-channels",
      {
        schema: {
          tags: ["reminders"],
          summary: "The gardener's ntfy and webhook reminder channels (never their tokens)",
          response: { 200: reminderChannelListSchema, 401: errorBodySchema },
        },
      },
      async (request) => ({ channels: await reminders.listChannels(currentUser(request).id) }),
    );

    app.post(
      "/api/me/reminder-channels",
      {
        // Session only: a channel goes on receiving the gardener's reminders after the token
        // that added it is revoked. Listing, testing and removing channels take a token.
        config: { sessionOnly: "Adding a reminder channel" },
        schema: {
          tags: ["reminders"],
          summary: "Add an ntfy topic URL or a webhook URL for the daily reminder (at most 5)",
          body: reminderChannelInputSchema,
          response: {
            201: reminderChannelSchema,
            ...errors,
            403: errorBodySchema,
            409: errorBodySchema,
          },
        },
      },
      async (request, reply) => {
        const channel = await reminders.addChannel(currentUser(request).id, request.body);
        return reply.status(201).send(channel);
      },
    );

    app.delete(
      "/api/me/reminder-channels/:id",
      {
        schema: {
          tags: ["reminders"],
          summary: "Remove one of the gardener's reminder channels",
          params: idParamsSchema,
          response: { 204: z.null().describe("Removed"), ...errors, 404: errorBodySchema },
        },
      },
      async (request, reply) => {
        await reminders.removeChannel(currentUser(request).id, request.params.id);
        return reply.status(204).send(null);
      },
    );

    app.post(
      "/api/me/reminder-channels/:id/test",
      {
        schema: {
          tags: ["reminders"],
          summary: "Send a test message to the channel now; answers whether it got through",
          params: idParamsSchema,
          response: { 200: reminderChannelTestSchema, ...errors, 404: errorBodySchema },
        },
      },
      async (request) => reminders.testChannel(currentUser(request).id, request.params.id),
    );
  };
}

const page = (title: string, text: string) =>
  [
    "<!doctype html>",
    '<html lang="en"><head><meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${title}</title></head>`,
    '<body style="font-family: sans-serif; max-width: 36rem; margin: 3rem auto; padding: 0 1rem">',
    `<h1>${title}</h1><p>${text}</p><p><a href="/settings">Tendril settings</a></p>`,
    "</body></html>",
  ].join("");

/**
 * The e-mail digest's unsubscribe link (no session: the token is the key). GET is the link in the
 * message; POST is RFC 8058's one-click unsubscribe, which mail clients send for the
 * List-Unsubscribe-Post header with a form body.
 */
export function unsubscribeRoutes(reminders: ReminderService): FastifyPluginAsyncZod {
  return async (app) => {
    app.addContentTypeParser(
      "application/x-www-form-urlencoded",
      { parseAs: "string", bodyLimit: 1024 },
      (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
    );

    const turnOff = async (token: string) => {
      if (!(await reminders.unsubscribeDigest(token))) {
        throw notFound("That unsubscribe link (it may be from an account that no longer exists)");
      }
    };

    app.get(
      "/api/reminders/unsubscribe",
      {
        schema: {
          tags: ["reminders"],
          summary: "Turn the daily e-mail digest off (the link in each digest; no session)",
          querystring: unsubscribeQuerySchema,
          response: {
            200: {
              description: "A page saying the digest is off",
              content: { "text/html": { schema: z.string() } },
            },
            400: errorBodySchema,
            404: errorBodySchema,
          },
        },
      },
      async (request, reply) => {
        await turnOff(request.query.token);
        return reply
          .type("text/html; charset=utf-8")
          .header("cache-control", "no-store")
          .send(
            page(
              "You're unsubscribed",
              "Tendril will not e-mail you the daily garden digest any more. You can turn it back on in Settings → Reminders.",
            ),
          );
      },
    );

    app.post(
      "/api/reminders/unsubscribe",
      {
        schema: {
          tags: ["reminders"],
          summary: "One-click unsubscribe from the e-mail digest (RFC 8058; no session)",
          querystring: unsubscribeQuerySchema,
          response: {
            200: z.object({ unsubscribed: z.literal(true) }),
            400: errorBodySchema,
            404: errorBodySchema,
          },
        },
      },
      async (request) => {
        await turnOff(request.query.token);
        return { unsubscribed: true as const };
      },
    );
  };
}
