import type { ReminderChannelKind } from "../../../core/schemas/reminder-channels";

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

export const CHANNEL_TIMEOUT_MS = 10_000;

/** A header value as ntfy reads it: plain ASCII as is, anything else RFC 2047 encoded. */
function headerText(text: string): string {
  const oneLine = text.replace(/[\r\n]+/g, " ");
  if (/^[\x20-\x7e]*$/.test(oneLine)) return oneLine;
  return `=?UTF-8?B?${Buffer.from(oneLine, "utf8").toString("base64")}?=`;
}

function request(target: ChannelTarget, message: ChannelMessage): RequestInit {
  if (target.kind === "ntfy") {
    return {
      method: "POST",
      headers: {
        "content-type": "text/plain; charset=utf-8",
        Title: headerText(message.title),
        Tags: "seedling",
        Click: message.url,
        ...(target.token ? { Authorization: `Bearer ${target.token}` } : {}),
      },
      body: message.body,
    };
  }
  return {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(message),
  };
}

/**
 * POSTs the message to the channel (ntfy: the text with Title, Tags and Click headers; webhook:
 * the JSON). Redirects are not followed: the checked address is the one called. Throws
 * ChannelCallFailed on a network error, a timeout or an answer that is not 2xx.
 */
export async function sendToChannel(
  target: ChannelTarget,
  message: ChannelMessage,
  timeoutMs = CHANNEL_TIMEOUT_MS,
): Promise<void> {
  const host = new URL(target.url).host;
  let response: Response;
  try {
    response = await fetch(target.url, {
      ...request(target, message),
      redirect: "manual",
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch (err) {
    if (err instanceof DOMException && err.name === "TimeoutError") {
      throw new ChannelCallFailed(`${host} did not answer within ${timeoutMs / 1000} s.`);
    }
    const cause = (err as { cause?: { code?: string; message?: string } }).cause;
    throw new ChannelCallFailed(
      `${host} could not be reached (${cause?.code ?? cause?.message ?? (err as Error).message}).`,
    );
  }
  // The answer's body is not needed; let the connection go.
  await response.body?.cancel().catch(() => {});
  if (response.status >= 300 && response.status < 400) {
    throw new ChannelCallFailed(
      `${host} answered ${response.status}, a redirect: give the address it redirects to.`,
    );
  }
  if (!response.ok) {
    const hint =
      response.status === 401 || response.status === 403
        ? " Check the access token (ntfy) or the URL's secret."
        : "";
    throw new ChannelCallFailed(`${host} answered ${response.status}.${hint}`);
  }
}
