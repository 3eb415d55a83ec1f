import type { Logger } from "pino";
import type { Config } from "../../config";
import type { Mailer } from "./mailer";
import { createOutboxMailer } from "./outbox-mailer";
import { createSmtpMailer } from "./smtp-mailer";

export type { Mailer, MailMessage } from "./mailer";

export function createMailer(config: Config, log: Logger): Mailer {
  return config.mail.smtpUrl
    ? createSmtpMailer(config.mail.smtpUrl, config.mail.from)
    : createOutboxMailer(config.dataDir, config.mail.from, log);
}
