/** A browser's push subscription, as stored. */
export interface PushTarget {
  endpoint: string;
  /** The browser's P-256 public key, URL-safe base64. */
  p256dh: string;
  /** The browser's 16-byte auth secret, URL-safe base64. */
  auth: string;
}

/**
 * "gone": the push service says the subscription no longer exists (404 or 410), so it is
 * deleted; "failed": anything else (the service is down, refused the message, timed out).
 */
export type PushOutcome = "sent" | "gone" | "failed";

/** Sends one encrypted Web Push message (RFC 8030, 8291, 8292). */
export interface PushSender {
  /** The VAPID public key browsers subscribe with, URL-safe base64. */
  readonly publicKey: string;
  send(target: PushTarget, payload: string): Promise<PushOutcome>;
}
