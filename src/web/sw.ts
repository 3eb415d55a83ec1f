/**
 * The service worker (vite-plugin-pwa injectManifest). The first half is what the generated
 * worker did before: precache the built shell, drop old precaches, answer navigations with the
 * shell (never /api). The second half shows the daily reminder and runs its actions.
 */
import {
  cleanupOutdatedCaches,
  createHandlerBoundToURL,
  type PrecacheEntry,
  precacheAndRoute,
} from "workbox-precaching";
import { NavigationRoute, registerRoute } from "workbox-routing";
import {
  handleNotificationClick,
  type NotificationLike,
  showReminder,
  type WorkerContext,
} from "./features/reminders/notification-handlers";

interface ExtendableEventLike extends Event {
  waitUntil(promise: Promise<unknown>): void;
}
interface PushEventLike extends ExtendableEventLike {
  data: { text(): string } | null;
}
interface NotificationEventLike extends ExtendableEventLike {
  notification: NotificationLike;
  action: string;
}

// The worker's global scope (the project's TypeScript lib is the DOM's, not the WebWorker one).
declare const self: {
  __WB_MANIFEST: (PrecacheEntry | string)[];
  location: Location;
  registration: WorkerContext["registration"];
  clients: WorkerContext["clients"];
  skipWaiting(): Promise<void>;
  addEventListener(type: "message", listener: (event: MessageEvent) => void): void;
  addEventListener(type: "push", listener: (event: PushEventLike) => void): void;
  addEventListener(
    type: "notificationclick",
    listener: (event: NotificationEventLike) => void,
  ): void;
};

self.addEventListener("message", (event) => {
  if ((event.data as { type?: string } | null)?.type === "SKIP_WAITING") void self.skipWaiting();
});

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();
registerRoute(
  new NavigationRoute(createHandlerBoundToURL("/index.html"), {
    // The API is never answered from the service worker: live data or an honest failure.
    denylist: [/^\/api\//],
  }),
);

const context = (): WorkerContext => ({
  registration: self.registration,
  clients: self.clients,
  fetch: (input, init) => fetch(input, init),
  origin: self.location.origin,
});

self.addEventListener("push", (event) => {
  let text: string | null = null;
  try {
    text = event.data?.text() ?? null;
  } catch {
    // An unreadable message still shows the generic reminder.
  }
  event.waitUntil(showReminder(context(), text));
});

self.addEventListener("notificationclick", (event) => {
  event.waitUntil(handleNotificationClick(context(), event.notification, event.action));
});
