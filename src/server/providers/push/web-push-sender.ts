import type { Logger } from "pino";
import webpush from "web-push";
import {
  OutboundCallFailed,
  type OutboundClient,
  type OutboundTarget,
} from "../../lib/outbound-client";
import { OutboundUrlRefused } from "../../lib/outbound-url";
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
  /**
   * Checks each endpoint again right before its send (its DNS may have changed since it was
   * saved) and connects only to the addresses it checked.
   */
  outbound: OutboundClient;
  timeoutMs?: number;
}

/** A browser's push endpoint: push services are https only (RFC 8030). */
export const PUSH_ENDPOINT: OutboundTarget = { what: "endpoint", protocols: ["https:"] };

/** A reminder is about today: a push service may drop it if the browser stays away 12 hours. */
const TTL_SECONDS = 12 * 60 * 60;

/**
 * Push with the web-push library's aes128gcm payload encryption and VAPID signing
 * (generateRequestDetails); the request itself goes through the outbound client, not web-push's
 * own https call, which would resolve the endpoint's name again and read any answer whole.
 */
export function createWebPushSender(options: WebPushOptions): PushSender {
  const { keys, subject, log, outbound, timeoutMs = 10_000 } = options;
  return {
    publicKey: keys.publicKey,
    async send(target: PushTarget, payload: string): Promise<PushOutcome> {
      const host = hostOf(target.endpoint);
      let request: ReturnType<typeof webpush.generateRequestDetails>;
      try {
        request = webpush.generateRequestDetails(
          { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
          payload,
          {
            vapidDetails: { subject, publicKey: keys.publicKey, privateKey: keys.privateKey },
            TTL: TTL_SECONDS,
            urgency: "normal",
            contentEncoding: "aes128gcm",
          },
        );
      } catch (err) {
        // Keys web-push cannot encrypt to (an auth secret of the wrong length): nothing to send.
        log.warn({ err, host }, "a push reminder could not be encrypted for its subscription");
        return "failed";
      }
      let status: number;
      try {
        status = await outbound.send(target.endpoint, {
          ...PUSH_ENDPOINT,
          method: "POST",
          headers: stringHeaders(request.headers),
          body: request.body ?? "",
          timeoutMs,
        });
      } catch (err) {
        if (err instanceof OutboundUrlRefused) {
          // Kept: the address may turn public again; the gardener can also subscribe anew.
          log.warn(
            { host, reason: err.message },
            "a push endpoint no longer points at the public internet: reminder not sent",
          );
          return "failed";
        }
        if (!(err instanceof OutboundCallFailed)) throw err;
        log.warn({ host, reason: err.message }, "a push service did not answer a reminder");
        return "failed";
      }
      if (status >= 200 && status < 300) return "sent";
      if (status === 404 || status === 410) return "gone";
      log.warn({ host, status }, "a push service refused a reminder");
      return "failed";
    },
  };
}

/** web-push's headers (TTL is a number) as the strings a request takes. */
function stringHeaders(headers: Record<string, unknown>): Record<string, string> {
  return Object.fromEntries(Object.entries(headers).map(([name, value]) => [name, String(value)]));
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
