import type { ReminderChannelKind } from "../../../core/schemas/reminder-channels";
import {
  OUTBOUND_TIMEOUT_MS,
  OutboundCallFailed,
  type OutboundClient,
  type OutboundRequest,
  type OutboundTarget,
} from "../../lib/outbound-client";

/** What a channel is sent: the daily reminder, a "first harvest due" (issue 26), or a test message. */
export interface ChannelMessage {
  type: "tendril.reminder" | "tendril.harvest-due" | "tendril.test";
  /** The gardener's local date, YYYY-MM-DD. */
  date: string;
  title: string;
  body: string;
  tasks: { title: string; plant: string | null; dueDate: string }[];
  /** Where "open" leads: the gardener's Tendril address. */
  url: string;
}

export interface ChannelTarget {
  id: string;
  kind: ReminderChannelKind;
  url: string;
  token: string | null;
}

/** A call that did not get a 2xx answer, with a reason a person can act on (never the token). */
export class ChannelCallFailed extends Error {
  override name = "ChannelCallFailed";
}

export const CHANNEL_TIMEOUT_MS = OUTBOUND_TIMEOUT_MS;

/** A header value as ntfy reads it: plain ASCII as is, anything else RFC 2047 encoded. */
function headerText(text: string): string {
  const oneLine = text.replace(/[\r\n]+/g, " ");
  if (/^[\x20-\x7e]*$/.test(oneLine)) return oneLine;
  return `=?UTF-8?B?${Buffer.from(oneLine, "utf8").toString("base64")}?=`;
}

/** The URL a gardener gives for a channel: http or https. */
export const CHANNEL_URL: OutboundTarget = { what: "The address", protocols: ["http:", "https:"] };

function request(
  target: ChannelTarget,
  message: ChannelMessage,
  timeoutMs: number,
): OutboundRequest {
  if (target.kind === "ntfy") {
    return {
      ...CHANNEL_URL,
      method: "POST",
      headers: {
        "content-type": "text/plain; charset=utf-8",
        Title: headerText(message.title),
        Tags: "seedling",
        Click: message.url,
        ...(target.token ? { Authorization: `Bearer ${target.token}` } : {}),
      },
      body: message.body,
      timeoutMs,
    };
  }
  return {
    ...CHANNEL_URL,
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(message),
    timeoutMs,
  };
}

/**
 * POSTs the message to the channel (ntfy: the text with Title, Tags and Click headers; webhook:
 * the JSON) through the outbound client, which checks the URL again and connects only to the
 * addresses it checked; redirects are not followed. Throws OutboundUrlRefused when the URL no
 * longer points at the public internet, and ChannelCallFailed on a network error, a timeout or an
 * answer that is not 2xx. The messages name the host the gardener typed and the status only,
 * never what the server answered nor the address it connected to.
 */
export async function sendToChannel(
  outbound: OutboundClient,
  target: ChannelTarget,
  message: ChannelMessage,
  timeoutMs = CHANNEL_TIMEOUT_MS,
): Promise<void> {
  const host = new URL(target.url).host;
  let status: number;
  try {
    status = await outbound.send(target.url, request(target, message, timeoutMs));
  } catch (err) {
    if (err instanceof OutboundCallFailed) throw new ChannelCallFailed(err.message);
    throw err;
  }
  if (status >= 300 && status < 400) {
    throw new ChannelCallFailed(
      `${host} answered ${status}, a redirect: give the address it redirects to.`,
    );
  }
  if (status < 200 || status >= 300) {
    const hint =
      status === 401 || status === 403 ? " Check the access token (ntfy) or the URL's secret." : "";
    throw new ChannelCallFailed(`${host} answered with an error (HTTP ${status}).${hint}`);
  }
}
