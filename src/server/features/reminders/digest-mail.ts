import type { Digest, HarvestDueMessage } from "../../../core/reminders";
import { taskLine } from "../../../core/reminders";
import type { MailMessage } from "../../providers/email";

export interface DigestMailInput {
  to: string;
  name: string;
  digest: Digest;
  today: string;
  /** Where "Open Tendril" leads. */
  appUrl: string;
  /** One click turns the digest off (GET), and mail clients may POST to it (RFC 8058). */
  unsubscribeUrl: string;
}

const escapeHtml = (text: string) =>
  text
    .replaceAll("&", "&amp;")
    .replaceAll("<", "&lt;")
    .replaceAll(">", "&gt;")
    .replaceAll('"', "&quot;")
    .replaceAll("'", "&#39;");

interface Envelope {
  to: string;
  name: string;
  subject: string;
  /** The body between the greeting and "Open Tendril", as plain text and as HTML. */
  text: string[];
  html: string[];
  appUrl: string;
  unsubscribeUrl: string;
}

/**
 * What every reminder e-mail shares: the greeting, "Open Tendril", why it came, and one-click
 * unsubscribe (a link, and the List-Unsubscribe headers mail clients offer as a button).
 */
function reminderMail({ to, name, subject, text, html, appUrl, unsubscribeUrl }: Envelope) {
  const greeting = `Hi ${name || "there"},`;
  return {
    to,
    subject,
    text: [
      greeting,
      "",
      ...text,
      "",
      `Open Tendril: ${appUrl}`,
      "",
      "You get this because the daily e-mail digest is on in Tendril's Settings.",
      `Stop these e-mails: ${unsubscribeUrl}`,
    ].join("\n"),
    html: [
      "<!doctype html>",
      '<html><body style="font-family: sans-serif; line-height: 1.5">',
      `<p>${escapeHtml(greeting)}</p>`,
      ...html,
      `<p><a href="${escapeHtml(appUrl)}">Open Tendril</a></p>`,
      '<p style="color: #666; font-size: 12px">You get this because the daily e-mail digest is on ',
      `in Tendril's Settings. <a href="${escapeHtml(unsubscribeUrl)}">Stop these e-mails</a>.</p>`,
      "</body></html>",
    ].join("\n"),
    headers: {
      "List-Unsubscribe": `<${unsubscribeUrl}>`,
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    },
  } satisfies MailMessage;
}

/** The daily e-mail digest: the reminder's list as plain text and HTML, with one-click unsubscribe. */
export function digestMail(input: DigestMailInput): MailMessage {
  const { digest, today } = input;
  const lines = digest.listed.map((task) => taskLine(task, today));
  if (digest.more > 0) lines.push(`and ${digest.more} more`);
  return reminderMail({
    ...input,
    subject: `Tendril: ${digest.title}`,
    text: [`Your garden for ${today}:`, "", ...lines.map((line) => `- ${line}`)],
    html: [
      `<p>Your garden for ${escapeHtml(today)}:</p>`,
      `<ul>${lines.map((line) => `<li>${escapeHtml(line)}</li>`).join("")}</ul>`,
    ],
  });
}

export interface HarvestDueMailInput {
  to: string;
  name: string;
  message: HarvestDueMessage;
  /** Where "Open Tendril" leads (the plant, or the plant list). */
  appUrl: string;
  unsubscribeUrl: string;
}

/** "First harvest due" (issue 26), to gardeners with the e-mail digest on: its words and a link. */
export function harvestDueMail(input: HarvestDueMailInput): MailMessage {
  const { message } = input;
  return reminderMail({
    ...input,
    subject: `Tendril: ${message.title}`,
    text: message.lines,
    html: message.lines.map((line) => `<p>${escapeHtml(line)}</p>`),
  });
}
