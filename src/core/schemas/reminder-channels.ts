import { z } from "./z";

/** Where else the daily reminder goes, beside push and e-mail (issue 25). */
export const reminderChannelKindValues = ["ntfy", "webhook"] as const;
export type ReminderChannelKind = (typeof reminderChannelKindValues)[number];
/** Channels a gardener may have at once. */
export const MAX_REMINDER_CHANNELS = 5;

const KIND_MESSAGE = 'kind is "ntfy" (an ntfy topic URL) or "webhook" (any URL to POST JSON to).';
const URL_MESSAGE = "url must be an http:// or https:// URL, such as https://ntfy.sh/my-garden.";

export const reminderChannelUrlSchema = z
  .string({ error: URL_MESSAGE })
  .trim()
  .min(1, URL_MESSAGE)
  .max(2000, "url must be at most 2,000 characters.")
  .refine((value) => {
    try {
      const { protocol } = new URL(value);
      return protocol === "http:" || protocol === "https:";
    } catch {
      return false;
    }
  }, URL_MESSAGE);

/** POST /api/me/reminder-channels. */
export const reminderChannelInputSchema = z
  .strictObject({
    kind: z.enum(reminderChannelKindValues, { error: KIND_MESSAGE }),
    url: reminderChannelUrlSchema,
    /** ntfy access token (sent as `Authorization: Bearer`); webhooks carry theirs in the URL. */
    token: z
      .string({ error: "token must be text: the ntfy access token (tk_…)." })
      .trim()
      .max(500, "token must be at most 500 characters.")
      .regex(/^[\x21-\x7e]*$/, "token must be the access token alone, with no spaces.")
      .nullable()
      .optional(),
  })
  .refine((input) => input.kind === "ntfy" || !input.token, {
    message: "token is for ntfy channels only: a webhook carries any secret in its URL.",
    path: ["token"],
  });
export type ReminderChannelInput = z.infer<typeof reminderChannelInputSchema>;

/** A channel as the API answers it: never its token. */
export const reminderChannelSchema = z.object({
  id: z.string(),
  kind: z.enum(reminderChannelKindValues),
  url: z.string(),
  hasToken: z.boolean(),
  createdAt: z.string(),
  /** The gardener's local date it was last sent for, or null. */
  lastSentOn: z.string().nullable(),
  /** Why the last call failed (cleared by the next that works). */
  lastError: z.string().nullable(),
  lastErrorAt: z.string().nullable(),
});
export type ReminderChannel = z.infer<typeof reminderChannelSchema>;

export const reminderChannelListSchema = z.object({ channels: z.array(reminderChannelSchema) });

/** POST /api/me/reminder-channels/{id}/test: whether the test message went through. */
export const reminderChannelTestSchema = z.object({
  sent: z.boolean(),
  /** Why not, when it did not. */
  error: z.string().nullable(),
});
export type ReminderChannelTest = z.infer<typeof reminderChannelTestSchema>;
