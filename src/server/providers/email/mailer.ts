export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Where a reply goes (a contact message's sender), when not to the From address. */
  replyTo?: string;
  /** Extra header fields, e.g. List-Unsubscribe on the reminder digest. */
  headers?: Record<string, string>;
}

/** Sends e-mail. `describe` names the transport for logs and the health page. */
export interface Mailer {
  readonly kind: "smtp" | "outbox";
  send(message: MailMessage): Promise<void>;
}
