import type { Agent } from "node:https";
import type { Logger } from "pino";
import webpush from "web-push";
import type { PushOutcome, PushSender, PushTarget } from "./push-sender";

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

export interface WebPushOptions {
  keys: VapidKeys;
  /** mailto: or https: contact for the push services (RFC 8292). */
  subject: string;
  log: Logger;
  /** The https agent to reach push services with (tests trust their stand-in's certificate). */
  agent?: Agent;
  timeoutMs?: number;
}

/** A reminder is about today: a push service may drop it if the browser stays away 12 hours. */
const TTL_SECONDS = 12 * 60 * 60;

/** Push through the web-push library: aes128gcm payload encryption and VAPID signing. */
export function createWebPushSender(options: WebPushOptions): PushSender {
  const { keys, subject, log, agent, timeoutMs = 10_000 } = options;
  return {
    publicKey: keys.publicKey,
    async send(target: PushTarget, payload: string): Promise<PushOutcome> {
      try {
        await webpush.sendNotification(
          { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
          payload,
          {
            vapidDetails: { subject, publicKey: keys.publicKey, privateKey: keys.privateKey },
            TTL: TTL_SECONDS,
            urgency: "normal",
            contentEncoding: "aes128gcm",
            timeout: timeoutMs,
            ...(agent ? { agent } : {}),
          },
        );
        return "sent";
      } catch (err) {
        const status = err instanceof webpush.WebPushError ? err.statusCode : undefined;
        if (status === 404 || status === 410) return "gone";
        log.warn(
          { err, status, host: hostOf(target.endpoint) },
          "a push service refused or did not answer a reminder",
        );
        return "failed";
      }
    },
  };
}

/** The push service's host, for logs: the endpoint's path is the subscription's secret. */
function hostOf(endpoint: string): string {
  try {
    return new URL(endpoint).host;
  } catch {
    return "?";
  }
}

export const generateVapidKeys = (): VapidKeys => webpush.generateVAPIDKeys();
