import { withoutBidiControls } from "../bidi-controls";
import { whenMissing, z } from "./z";

/** Where a message to the operator was written: the Contact page, Plant ID's report, Feedback. */
export const contactKinds = ["contact", "report", "feedback"] as const;
export type ContactKind = (typeof contactKinds)[number];

export const CONTACT_NAME_MAX = 100;
export const CONTACT_EMAIL_MAX = 254;
export const CONTACT_MESSAGE_MAX = 5000;

/** POST /api/contact: spec §2 Contact's fields, all required. */
export const contactMessageCreateSchema = z.strictObject({
  kind: z.enum(contactKinds).default("contact"),
  name: z
    .string({ error: whenMissing("Enter your name.") })
    .overwrite(withoutBidiControls)
    .trim()
    .min(1, "Enter your name.")
    .max(CONTACT_NAME_MAX, `A name has at most ${CONTACT_NAME_MAX} characters.`),
  email: z
    .email("Enter an e-mail address we can reply to, like robin@example.com.")
    .max(CONTACT_EMAIL_MAX, `An e-mail address has at most ${CONTACT_EMAIL_MAX} characters.`),
  message: z
    .string({ error: whenMissing("Enter a message.") })
    .overwrite(withoutBidiControls)
    .trim()
    .min(1, "Enter a message.")
    .max(CONTACT_MESSAGE_MAX, `A message has at most ${CONTACT_MESSAGE_MAX} characters.`),
});
export type ContactMessageCreate = z.input<typeof contactMessageCreateSchema>;

/** The answer once the message is stored: only then does the page say it was sent. */
export const contactReceiptSchema = z.object({ id: z.string(), createdAt: z.string() });

/** A message as the operator reads it on /admin. */
export const contactMessageSchema = z.object({
  id: z.string(),
  kind: z.enum(contactKinds),
  name: z.string(),
  email: z.string(),
  message: z.string(),
  createdAt: z.string(),
  /** The account it was sent from. */
  accountEmail: z.string().nullable(),
});
export type ContactMessage = z.infer<typeof contactMessageSchema>;
export const contactMessageListSchema = z.object({ messages: z.array(contactMessageSchema) });
