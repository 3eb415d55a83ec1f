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

/** The daily e-mail digest: the reminder's list as plain text and HTML, with one-click unsubscribe. */
export function digestMail(input: DigestMailInput): MailMessage {
  const { digest, today, appUrl, unsubscribeUrl } = input;
  const lines = digest.listed.map((task) => taskLine(task, today));
  const more = digest.more > 0 ? `and ${digest.more} more` : null;
  const greeting = `Hi ${input.name || "there"},`;
  const text = [
    greeting,
    "",
    `Your garden for ${today}:`,
    "",
    ...lines.map((line) => `- ${line}`),
    ...(more ? [`- ${more}`] : []),
    "",
    `Open Tendril: ${appUrl}`,
    "",
    "You get this because the daily e-mail digest is on in Tendril's Settings.",
    `Stop these e-mails: ${unsubscribeUrl}`,
  ].join("\n");
  const items = [...lines, ...(more ? [more] : [])]
    .map((line) => `<li>${escapeHtml(line)}</li>`)
    .join("");
  const html = [
    "<!doctype html>",
    '<html><body style="font-family: sans-serif; line-height: 1.5">',
    `<p>${escapeHtml(greeting)}</p>`,
    `<p>Your garden for ${escapeHtml(today)}:</p>`,
    `<ul>${items}</ul>`,
    `<p><a href="${escapeHtml(appUrl)}">Open Tendril</a></p>`,
    '<p style="color: #666; font-size: 12px">You get this because the daily e-mail digest is on ',
    `in Tendril's Settings. <a href="${escapeHtml(unsubscribeUrl)}">Stop these e-mails</a>.</p>`,
    "</body></html>",
  ].join("\n");
  return {
    to: input.to,
    subject: `Tendril: ${digest.title}`,
    text,
    html,
    headers: {
      "List-Unsubscribe": `<${unsubscribeUrl}>`,
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    },
  };
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
  const { message, appUrl, unsubscribeUrl } = input;
  const greeting = `Hi ${input.name || "there"},`;
  const text = [
    greeting,
    "",
    ...message.lines,
    "",
    `Open Tendril: ${appUrl}`,
    "",
    "You get this because the daily e-mail digest is on in Tendril's Settings.",
    `Stop these e-mails: ${unsubscribeUrl}`,
  ].join("\n");
  const html = [
    "<!doctype html>",
    '<html><body style="font-family: sans-serif; line-height: 1.5">',
    `<p>${escapeHtml(greeting)}</p>`,
    ...message.lines.map((line) => `<p>${escapeHtml(line)}</p>`),
    `<p><a href="${escapeHtml(appUrl)}">Open Tendril</a></p>`,
    '<p style="color: #666; font-size: 12px">You get this because the daily e-mail digest is on ',
    `in Tendril's Settings. <a href="${escapeHtml(unsubscribeUrl)}">Stop these e-mails</a>.</p>`,
    "</body></html>",
  ].join("\n");
  return {
    to: input.to,
    subject: `Tendril: ${message.title}`,
    text,
    html,
    headers: {
      "List-Unsubscribe": `<${unsubscribeUrl}>`,
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    },
  };
}
