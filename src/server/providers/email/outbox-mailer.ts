import { randomUUID } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import nodemailer from "nodemailer";
import type { Logger } from "pino";
import type { Mailer, MailMessage } from "./mailer";

/**
 * The default with no SMTP configured: each message is rendered as a real RFC 822 file in
 * `<data dir>/outbox/` and logged, so an operator can still read reset links.
 */
export function createOutboxMailer(dataDir: string, from: string, log: Logger): Mailer {
  const outbox = path.join(dataDir, "outbox");
  const transport = nodemailer.createTransport({
    streamTransport: true,
    buffer: true,
    newline: "unix",
  });
  return {
    kind: "outbox",
    async send(message: MailMessage) {
      const info = await transport.sendMail({ from, ...message });
      await fs.mkdir(outbox, { recursive: true });
      const file = path.join(
        outbox,
        `${new Date().toISOString().replaceAll(":", "-")}-${randomUUID()}.eml`,
      );
      await fs.writeFile(file, info.message as Buffer);
      log.info(
        { to: message.to, subject: message.subject, file, text: message.text },
        "e-mail written to outbox",
      );
    },
  };
}
