import type { LookupAddress } from "node:dns";
import { Agent } from "node:https";
import type { Logger } from "pino";
import webpush from "web-push";
import { OutboundUrlRefused, pinnedLookup } from "../../lib/outbound-url";
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
  /**
   * Checks an endpoint again right before each send (its DNS may have changed since it was
   * saved): the addresses to connect to, null for no pinning, or OutboundUrlRefused.
   */
  checkEndpoint: (endpoint: string) => Promise<LookupAddress[] | null>;
}

/** A reminder is about today: a push service may drop it if the browser stays away 12 hours. */
const TTL_SECONDS = 12 * 60 * 60;

/** Push through the web-push library: aes128gcm payload encryption and VAPID signing. */
export function createWebPushSender(options: WebPushOptions): PushSender {
  const { keys, subject, log, agent, timeoutMs = 10_000, checkEndpoint } = options;
  return {
    publicKey: keys.publicKey,
    async send(target: PushTarget, payload: string): Promise<PushOutcome> {
      let addresses: LookupAddress[] | null;
      try {
        addresses = await checkEndpoint(target.endpoint);
      } catch (err) {
        if (!(err instanceof OutboundUrlRefused)) throw err;
        // Kept: the address may turn public again; the gardener can also subscribe anew.
        log.warn(
          { host: hostOf(target.endpoint), reason: err.message },
          "a push endpoint no longer points at the public internet: reminder not sent",
        );
        return "failed";
      }
      // The connection goes to the addresses just checked. (A test's own agent is used as is.)
      const via = agent ?? (addresses ? new Agent({ lookup: pinnedLookup(addresses) }) : undefined);
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
            ...(via ? { agent: via } : {}),
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
