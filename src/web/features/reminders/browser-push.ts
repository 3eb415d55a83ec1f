import { errorMessage } from "../../lib/api-client";
import { deletePushSubscription } from "./api/delete-push-subscription";
import { getPushPublicKey } from "./api/get-push-public-key";
import { savePushSubscription } from "./api/save-push-subscription";

/** Why browser notifications cannot be turned on here (each has its own words for the gardener). */
export type PushProblem =
  | "insecure"
  | "unsupported"
  | "denied"
  | "dismissed"
  | "no-worker"
  | "push-service"
  | "server";

export class PushSetupError extends Error {
  constructor(
    readonly problem: PushProblem,
    message: string,
  ) {
    super(message);
    this.name = "PushSetupError";
  }
}

/** The browser APIs this module uses, so tests can hand in fakes. */
export interface PushEnvironment {
  isSecureContext: boolean;
  serviceWorker: ServiceWorkerContainer | undefined;
  hasPushManager: boolean;
  notification: Pick<typeof Notification, "permission" | "requestPermission"> | undefined;
}

export function browserEnvironment(): PushEnvironment {
  return {
    isSecureContext: typeof window !== "undefined" && window.isSecureContext,
    serviceWorker:
      typeof navigator !== "undefined" && "serviceWorker" in navigator
        ? navigator.serviceWorker
        : undefined,
    hasPushManager: typeof window !== "undefined" && "PushManager" in window,
    notification: typeof Notification === "undefined" ? undefined : Notification,
  };
}

export const PUSH_MESSAGES: Record<PushProblem, string> = {
  insecure:
    "Browser notifications need a secure connection: open Tendril at its https:// address (or on this computer at localhost).",
  unsupported:
    "This browser can't receive push notifications. On iPhone or iPad, add Tendril to your Home Screen first and turn them on there. The e-mail digest and the calendar feed work everywhere.",
  denied:
    "Notifications are blocked for this site. Allow them in your browser's site settings (the icon beside the address), then turn this on again.",
  dismissed:
    "Notifications weren't allowed, so they stay off. Turn this on again to be asked once more.",
  "no-worker":
    "Tendril's service worker isn't running in this tab, and notifications need it. Reload the page and try again.",
  "push-service":
    "This browser couldn't sign up with its push service, so notifications can't reach it. Some browsers have none (private windows, browsers without Google or Mozilla services, or a push service that can't be reached from here). The e-mail digest and the calendar feed still work.",
  server: "Tendril couldn't save this browser for notifications.",
};

/** Whether this browser can take push at all, before anything is asked. */
export function pushProblem(env: PushEnvironment): "insecure" | "unsupported" | "denied" | null {
  if (!env.isSecureContext) return "insecure";
  if (!env.serviceWorker || !env.hasPushManager || !env.notification) return "unsupported";
  if (env.notification.permission === "denied") return "denied";
  return null;
}

/** A VAPID key in URL-safe base64, as the bytes `applicationServerKey` takes. */
export function base64UrlToBytes(value: string): Uint8Array<ArrayBuffer> {
  const base64 = value.replaceAll("-", "+").replaceAll("_", "/");
  const padded = base64 + "=".repeat((4 - (base64.length % 4)) % 4);
  const binary = atob(padded);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

function sameKey(a: ArrayBuffer | null | undefined, b: Uint8Array): boolean {
  if (!a) return false;
  const bytes = new Uint8Array(a);
  return bytes.length === b.length && bytes.every((byte, i) => byte === b[i]);
}

/** How long to wait for the worker before saying it is not running (dev server, blocked). */
export const WORKER_TIMEOUT_MS = 10_000;
/**
 * How long to wait for the browser's push service. A browser that cannot reach it (offline, a
 * firewall) may never answer: Chromium with no route to its push service waits indefinitely.
 */
export const SUBSCRIBE_TIMEOUT_MS = 20_000;

/** `promise`, or `error` once `ms` have passed without it settling. */
async function within<T>(promise: Promise<T>, ms: number, error: () => Error): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(error()), ms);
  });
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

function readyRegistration(env: PushEnvironment): Promise<ServiceWorkerRegistration> {
  const container = env.serviceWorker;
  if (!container) throw new PushSetupError("unsupported", PUSH_MESSAGES.unsupported);
  return within(
    container.ready,
    WORKER_TIMEOUT_MS,
    () => new PushSetupError("no-worker", PUSH_MESSAGES["no-worker"]),
  );
}

/** This browser's current subscription, without waiting for a worker that may never come. */
export async function currentSubscription(
  env: PushEnvironment = browserEnvironment(),
): Promise<PushSubscription | null> {
  if (pushProblem(env) === "unsupported" || pushProblem(env) === "insecure") return null;
  const registration = await env.serviceWorker?.getRegistration();
  return (await registration?.pushManager.getSubscription()) ?? null;
}

/**
 * Turns browser notifications on: asks permission (if not yet given), subscribes through the
 * service worker with the server's VAPID key and saves the subscription on the server.
 */
export async function enablePush(env: PushEnvironment = browserEnvironment()): Promise<void> {
  const problem = pushProblem(env);
  if (problem) throw new PushSetupError(problem, PUSH_MESSAGES[problem]);
  const notification = env.notification as NonNullable<PushEnvironment["notification"]>;
  if (notification.permission !== "granted") {
    const answer = await notification.requestPermission();
    if (answer === "denied") throw new PushSetupError("denied", PUSH_MESSAGES.denied);
    if (answer !== "granted") throw new PushSetupError("dismissed", PUSH_MESSAGES.dismissed);
  }
  const registration = await readyRegistration(env);
  let key: Uint8Array<ArrayBuffer>;
  try {
    key = base64UrlToBytes(await getPushPublicKey());
  } catch (error) {
    throw new PushSetupError("server", `${PUSH_MESSAGES.server} ${errorMessage(error)}`);
  }
  let subscription = await registration.pushManager.getSubscription();
  // A subscription made with another key (the server's keys changed) cannot be used: replace it.
  if (subscription && !sameKey(subscription.options.applicationServerKey, key)) {
    await subscription.unsubscribe();
    subscription = null;
  }
  const created = !subscription;
  if (!subscription) {
    try {
      subscription = await within(
        registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key }),
        SUBSCRIBE_TIMEOUT_MS,
        () =>
          new Error(`no answer from the push service in ${SUBSCRIBE_TIMEOUT_MS / 1000} seconds`),
      );
    } catch (error) {
      const said = error instanceof Error && error.message ? ` (It said: "${error.message}".)` : "";
      throw new PushSetupError("push-service", `${PUSH_MESSAGES["push-service"]}${said}`);
    }
  }
  try {
    await savePushSubscription(subscription.toJSON());
  } catch (error) {
    // Not saved means no reminder would ever come: leave nothing half set up.
    if (created) await subscription.unsubscribe().catch(() => false);
    throw new PushSetupError("server", `${PUSH_MESSAGES.server} ${errorMessage(error)}`);
  }
}

/**
 * Turns browser notifications off: the server forgets this browser and the browser drops the
 * subscription. `serverForgot` is false when the server could not be told (offline); the push
 * service then refuses the next reminder and the server deletes the subscription itself.
 */
export async function disablePush(
  env: PushEnvironment = browserEnvironment(),
): Promise<{ serverForgot: boolean }> {
  const subscription = await currentSubscription(env);
  if (!subscription) return { serverForgot: true };
  let serverForgot = true;
  try {
    await deletePushSubscription(subscription.endpoint);
  } catch {
    serverForgot = false;
  }
  await subscription.unsubscribe();
  return { serverForgot };
}
