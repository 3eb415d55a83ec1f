import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { errorBodySchema } from "../../../core/schemas/error";
import { calendarTokenParamsSchema, calendarUrlSchema } from "../../../core/schemas/reminders";
import { currentUser } from "../../auth/session";
import type { AppAddress } from "../../lib/app-address";
import type { CalendarService } from "./service";

/**
 * The gardener's private feed address. Session only: the address is a secret that keeps working
 * after an API token that fetched it is revoked.
 */
export function calendarUrlRoutes(
  calendar: CalendarService,
  appAddress: AppAddress,
): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      "/api/me/calendar",
      {
        config: { sessionOnly: "Seeing the calendar feed's address" },
        schema: {
          tags: ["calendar"],
          summary: "The private calendar feed's URL (made on first call)",
          response: { 200: calendarUrlSchema, 401: errorBodySchema, 403: errorBodySchema },
        },
      },
      async (request) => calendar.url(currentUser(request).id, appAddress.ofRequest(request)),
    );

    app.post(
      "/api/me/calendar/rotate",
      {
        config: { sessionOnly: "Replacing the calendar feed's address" },
        schema: {
          tags: ["calendar"],
          summary: "Replace the feed's URL; the old one answers 404 from now on",
          response: { 200: calendarUrlSchema, 401: errorBodySchema, 403: errorBodySchema },
        },
      },
      async (request) => calendar.rotate(currentUser(request).id, appAddress.ofRequest(request)),
    );
  };
}

/** The feed itself: no session, the token in the URL is the secret. */
export function calendarFeedRoutes(
  calendar: CalendarService,
  appAddress: AppAddress,
): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      "/api/calendar/:token.ics",
      {
        schema: {
          tags: ["calendar"],
          summary: "The gardener's pending tasks as iCalendar (RFC 5545); no session",
          params: calendarTokenParamsSchema,
          response: {
            200: {
              description: "One all-day VEVENT per pending task",
              content: { "text/calendar": { schema: z.string() } },
            },
            404: errorBodySchema,
          },
        },
      },
      async (request, reply) => {
        const body = await calendar.feed(request.params.token, appAddress.ofRequest(request));
        return reply
          .type("text/calendar; charset=utf-8")
          .header("content-disposition", 'inline; filename="tendril.ics"')
          .header("cache-control", "private, no-cache")
          .send(body);
      },
    );
  };
}
