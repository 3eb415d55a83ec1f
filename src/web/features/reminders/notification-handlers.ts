import type { PushPayload } from "../../../core/reminders/digest";

/**
 * The service worker's side of the daily reminder (src/web/sw.ts wires it to the `push` and
 * `notificationclick` events). Kept free of worker globals so it runs in tests with fakes: the
 * worker passes in its registration, its clients and fetch.
 */

/** A newer reminder replaces an older one instead of piling up. */
export const REMINDER_TAG = "tendril-reminder";
/** Where a reminder without its own address opens the app: the garden and its tasks. */
export const DEFAULT_REMINDER_URL = "/plants";
export const REMINDER_ACTIONS = [
  { action: "done", title: "Done" },
  { action: "snooze", title: "Snooze 1 day" },
] as const;
export type ReminderAction = (typeof REMINDER_ACTIONS)[number]["action"];

/** Shown when a push arrives whose payload cannot be read: a reminder, never silence. */
export const GENERIC_REMINDER = {
  title: "Garden tasks are due",
  body: "Open Tendril to see what needs doing today.",
};

/** What a reminder notification carries for its click handler. */
export interface ReminderData {
  taskIds: string[];
  url: string;
}

export interface ReminderNotificationOptions {
  body: string;
  tag: string;
  renotify: boolean;
  icon: string;
  data: ReminderData;
  actions: { action: string; title: string }[];
}

export interface NotificationLike {
  data: unknown;
  close(): void;
}

export interface WindowClientLike {
  url: string;
  focus(): Promise<unknown>;
  navigate?(url: string): Promise<unknown>;
}

/** The parts of the service worker's global scope the handlers use. */
export interface WorkerContext {
  registration: {
    showNotification(title: string, options: ReminderNotificationOptions): Promise<void>;
  };
  clients: {
    matchAll(options: {
      type: "window";
      includeUncontrolled: boolean;
    }): Promise<readonly WindowClientLike[]>;
    openWindow(url: string): Promise<unknown>;
  };
  fetch: (input: string, init: RequestInit) => Promise<Response>;
  /** The app's origin (the worker's own), e.g. "https://garden.example". */
  origin: string;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/**
 * The push message's JSON, checked against core's `pushPayloadSchema` by hand: zod would more
 * than double the worker, which starts for every navigation. null when it does not match.
 */
export function readPushPayload(text: string | null | undefined): PushPayload | null {
  if (!text) return null;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  if (!isRecord(value)) return null;
  const { title, body, tasks, more, url } = value;
  if (typeof title !== "string" || typeof body !== "string" || typeof url !== "string") {
    return null;
  }
  if (typeof more !== "number" || !Number.isInteger(more) || !Array.isArray(tasks)) return null;
  const valid = tasks.every(
    (task) =>
      isRecord(task) &&
      typeof task.id === "string" &&
      typeof task.title === "string" &&
      typeof task.dueDate === "string" &&
      (task.plantName === null || typeof task.plantName === "string"),
  );
  return valid ? (value as unknown as PushPayload) : null;
}

/** A same-origin path to open; anything else (another site, a bad URL) opens the garden. */
export function appUrl(url: unknown, origin: string): string {
  if (typeof url !== "string" || url === "") return DEFAULT_REMINDER_URL;
  try {
    const resolved = new URL(url, origin);
    if (resolved.origin !== origin) return DEFAULT_REMINDER_URL;
    return `${resolved.pathname}${resolved.search}${resolved.hash}`;
  } catch {
    return DEFAULT_REMINDER_URL;
  }
}

function reminderOptions(body: string, data: ReminderData): ReminderNotificationOptions {
  return {
    body,
    tag: REMINDER_TAG,
    // A newer reminder under the same tag alerts again rather than replacing the old one silently.
    renotify: true,
    icon: "/favicon.svg",
    data,
    // Done and Snooze act on the listed tasks; with none listed there is nothing to act on.
    actions: data.taskIds.length > 0 ? REMINDER_ACTIONS.map((a) => ({ ...a })) : [],
  };
}

/** The `push` event: one notification for the day's reminder (or a generic one). */
export function showReminder(ctx: WorkerContext, text: string | null): Promise<void> {
  const payload = readPushPayload(text);
  if (!payload) {
    return ctx.registration.showNotification(
      GENERIC_REMINDER.title,
      reminderOptions(GENERIC_REMINDER.body, { taskIds: [], url: DEFAULT_REMINDER_URL }),
    );
  }
  const body =
    payload.body.trim() ||
    payload.tasks.map((task) => task.title).join("\n") ||
    GENERIC_REMINDER.body;
  return ctx.registration.showNotification(
    payload.title.trim() || GENERIC_REMINDER.title,
    reminderOptions(body, {
      taskIds: payload.tasks.map((task) => task.id),
      url: appUrl(payload.url, ctx.origin),
    }),
  );
}

function readData(data: unknown, origin: string): ReminderData {
  if (!isRecord(data)) return { taskIds: [], url: DEFAULT_REMINDER_URL };
  const taskIds = Array.isArray(data.taskIds)
    ? data.taskIds.filter((id): id is string => typeof id === "string")
    : [];
  return { taskIds, url: appUrl(data.url, origin) };
}

/** The zone the server reads "today" in, as the app sends it (lib/api-client). */
function browserTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC";
  } catch {
    return "UTC";
  }
}

type Outcome = "ok" | "signed-out" | "failed";

/**
 * POST /api/tasks/:id/complete or /snooze { days: 1 } from the worker: same-origin, so the
 * browser sends the session cookie and the app's Origin, and the server's origin check passes.
 */
async function act(ctx: WorkerContext, action: ReminderAction, id: string): Promise<Outcome> {
  const path = `/api/tasks/${encodeURIComponent(id)}/${action === "done" ? "complete" : "snooze"}`;
  try {
    const response = await ctx.fetch(new URL(path, ctx.origin).href, {
      method: "POST",
      credentials: "include",
      headers: { "content-type": "application/json", "x-timezone": browserTimeZone() },
      body: JSON.stringify(action === "done" ? {} : { days: 1 }),
    });
    // 404: the task was deleted meanwhile, so there is nothing left to do or put off.
    if (response.ok || response.status === 404) return "ok";
    return response.status === 401 ? "signed-out" : "failed";
  } catch {
    return "failed";
  }
}

const tasksWord = (n: number) => `${n} task${n === 1 ? "" : "s"}`;

/**
 * "Done" or "Snooze 1 day" for every task the notification listed. Whatever fails comes back
 * as a notification of its own, with the same actions, so the gardener can try again.
 */
export async function runReminderAction(
  ctx: WorkerContext,
  action: ReminderAction,
  data: ReminderData,
): Promise<void> {
  const outcomes = await Promise.all(data.taskIds.map((id) => act(ctx, action, id)));
  const failed = data.taskIds.filter((_, i) => outcomes[i] !== "ok");
  if (failed.length === 0) return;
  const title =
    action === "done"
      ? `Couldn't mark ${tasksWord(failed.length)} done`
      : `Couldn't snooze ${tasksWord(failed.length)}`;
  const body = outcomes.includes("signed-out")
    ? "You're signed out of Tendril. Sign in, then try again."
    : "Tendril couldn't be reached. Check your connection and try again.";
  await ctx.registration.showNotification(
    title,
    reminderOptions(body, { taskIds: failed, url: data.url }),
  );
}

/** Focuses an open Tendril window (moving it to `url`) or opens one. */
export async function openApp(ctx: WorkerContext, url: string): Promise<void> {
  const target = new URL(url, ctx.origin).href;
  const windows = await ctx.clients.matchAll({ type: "window", includeUncontrolled: true });
  const ours = windows.filter((client) => {
    try {
      return new URL(client.url).origin === ctx.origin;
    } catch {
      return false;
    }
  });
  const open = ours.find((client) => client.url === target) ?? ours[0];
  if (!open) {
    await ctx.clients.openWindow(target);
    return;
  }
  // Focus first: a notification click lets the worker focus a window only for a moment.
  await open.focus();
  if (open.url !== target && open.navigate) {
    // A window this worker does not control cannot be navigated; it is focused all the same.
    await open.navigate(target).catch(() => undefined);
  }
}

/** The `notificationclick` event: an action runs in the background, the body opens the app. */
export async function handleNotificationClick(
  ctx: WorkerContext,
  notification: NotificationLike,
  action: string,
): Promise<void> {
  notification.close();
  const data = readData(notification.data, ctx.origin);
  if ((action === "done" || action === "snooze") && data.taskIds.length > 0) {
    await runReminderAction(ctx, action, data);
    return;
  }
  await openApp(ctx, data.url);
}
