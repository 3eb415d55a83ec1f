import { canonicalTimeZone, MAX_TIME_ZONE_LENGTH } from "../reminders/local-time";
import { z } from "./z";

const TIME_ZONE_MESSAGE =
  'Use an IANA time zone name, such as "Europe/London" or "America/New_York".';

/** An IANA zone name the runtime's Intl knows, in its own capitals. */
export const timeZoneSchema = z
  .string({ error: TIME_ZONE_MESSAGE })
  .max(MAX_TIME_ZONE_LENGTH, TIME_ZONE_MESSAGE)
  .transform((name, ctx) => {
    const zone = canonicalTimeZone(name);
    if (zone === null) {
      ctx.addIssue({ code: "custom", message: TIME_ZONE_MESSAGE });
      return z.NEVER;
    }
    return zone;
  });

const HOUR_MESSAGE = "reminderHour is the hour of the day, a whole number from 0 to 23.";
export const reminderHourSchema = z
  .number({ error: HOUR_MESSAGE })
  .int(HOUR_MESSAGE)
  .min(0, HOUR_MESSAGE)
  .max(23, HOUR_MESSAGE);

/** GET /api/push/public-key: the VAPID key browsers subscribe with (URL-safe base64). */
export const pushPublicKeySchema = z.object({ publicKey: z.string() });

const ENDPOINT_MESSAGE = "endpoint must be the push service's https:// URL from the subscription.";
export const pushEndpointSchema = z
  .string({ error: ENDPOINT_MESSAGE })
  .trim()
  .max(2000, "endpoint must be at most 2,000 characters.")
  .refine((value) => {
    try {
      return new URL(value).protocol === "https:";
    } catch {
      return false;
    }
  }, ENDPOINT_MESSAGE);

/** URL-safe base64 of exactly `bytes` bytes (standard base64 is taken too, padded or not). */
function base64Key(bytes: number, message: string) {
  const length = Math.ceil((bytes * 4) / 3);
  const pattern = new RegExp(`^[A-Za-z0-9_+/-]{${length}}={0,2}$`);
  return z
    .string({ error: message })
    .trim()
    .regex(pattern, message)
    .transform((key) => key.replace(/=+$/, "").replaceAll("+", "-").replaceAll("/", "_"));
}

/**
 * POST /api/push/subscriptions: a browser's `PushSubscription.toJSON()`. p256dh is the browser's
 * P-256 public key (65 bytes, uncompressed), auth its 16-byte secret.
 */
export const pushSubscriptionSchema = z.strictObject({
  endpoint: pushEndpointSchema,
  expirationTime: z.number().nullable().optional(),
  keys: z.strictObject({
    p256dh: base64Key(
      65,
      "keys.p256dh must be the subscription's P-256 public key (65 bytes, URL-safe base64).",
    ),
    auth: base64Key(16, "keys.auth must be the subscription's 16-byte secret (URL-safe base64)."),
  }),
});
export type PushSubscriptionInput = z.infer<typeof pushSubscriptionSchema>;

export const pushUnsubscribeSchema = z.strictObject({ endpoint: pushEndpointSchema });

/** The JSON inside each push message (core/reminders `PushPayload`); the service worker reads it. */
export const pushPayloadSchema = z.object({
  title: z.string(),
  body: z.string(),
  tasks: z.array(
    z.object({
      id: z.string(),
      title: z.string(),
      dueDate: z.string(),
      plantName: z.string().nullable(),
    }),
  ),
  more: z.number().int(),
  url: z.string(),
});

const DAYS_MESSAGE = "days is a whole number from 1 to 365.";
/** POST /api/tasks/:id/snooze (the notification's "Snooze 1 day"). */
export const taskSnoozeSchema = z.strictObject({
  days: z
    .number({ error: DAYS_MESSAGE })
    .int(DAYS_MESSAGE)
    .min(1, DAYS_MESSAGE)
    .max(365, DAYS_MESSAGE)
    .default(1),
});

/** GET /api/me/calendar and POST /api/me/calendar/rotate: the private feed's address. */
export const calendarUrlSchema = z.object({ url: z.string() });

export const calendarTokenParamsSchema = z.object({ token: z.string().max(200) });

export const unsubscribeQuerySchema = z.object({
  token: z.string({ error: "The unsubscribe link is missing its token." }).max(200),
});
