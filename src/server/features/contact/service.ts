import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import type { Logger } from "pino";
import type { ContactKind, ContactMessageCreate } from "../../../core/schemas/contact";
import type { SessionUser } from "../../auth/session";
import type { Dialect } from "../../db/connection";
import type { Database } from "../../db/schema";
import { AppError } from "../../errors";
import type { Mailer } from "../../providers/email";
import {
  type ContactMessageRow,
  insertContactMessageWithin,
  latestContactMessages,
} from "./repository";

const HOUR_MS = 60 * 60_000;
/** The inbox lists this many of the newest messages. */
const INBOX_SIZE = 200;

const SUBJECTS: Record<ContactKind, string> = {
  contact: "Contact form",
  report: "Plant ID issue report",
  feedback: "Feedback",
};

export interface ContactDeps {
  db: Kysely<Database>;
  dialect: Dialect;
  mailer: Mailer;
  log: Logger;
  /** CONTACT_EMAIL: where a copy of each message goes; undefined keeps them on /admin only. */
  inboxEmail: string | undefined;
  perHour: number;
}

/**
 * The contact inbox (issue 25): a message is stored before the gardener is told it was sent, and
 * a copy is e-mailed to the operator. The e-mail is not awaited: the message is safe in the
 * database already, and a mail server that is down must not make the gardener send it again.
 */
export class ContactService {
  constructor(private readonly deps: ContactDeps) {}

  async send(
    user: SessionUser,
    input: Required<ContactMessageCreate>,
    now = new Date(),
  ): Promise<{ id: string; createdAt: string }> {
    const { db, dialect, perHour } = this.deps;
    const since = new Date(now.getTime() - HOUR_MS).toISOString();
    const row: ContactMessageRow = {
      id: randomUUID(),
      user_id: user.id,
      kind: input.kind,
      name: input.name,
      email: input.email,
      message: input.message,
      created_at: now.toISOString(),
    };
    if (!(await insertContactMessageWithin(db, dialect, perHour, since, row))) {
      throw new AppError(
        429,
        "rate_limited",
        `You have sent ${perHour} messages in the last hour. Please wait a while before sending another.`,
      );
    }
    this.forward(row, user.email);
    return { id: row.id, createdAt: row.created_at };
  }

  latest(): Promise<ContactMessageRow[]> {
    return latestContactMessages(this.deps.db, INBOX_SIZE);
  }

  private forward(row: ContactMessageRow, accountEmail: string): void {
    const { mailer, log, inboxEmail } = this.deps;
    if (!inboxEmail) return;
    mailer
      .send({
        to: inboxEmail,
        replyTo: row.email,
        subject: `Tendril: ${SUBJECTS[row.kind as ContactKind] ?? "Message"} from ${row.name}`,
        text: [
          `${row.name} <${row.email}> wrote (account ${accountEmail}, ${row.created_at}):`,
          "",
          row.message,
          "",
          "Reply to this e-mail to answer them. Every message is also listed on /admin.",
        ].join("\n"),
      })
      .catch((err: unknown) =>
        log.error({ err, messageId: row.id }, "the contact message could not be e-mailed"),
      );
  }
}
