import { describe, expect, it, vi } from "vitest";
import { pushPayload, reminderDigest } from "../../../core/reminders";
import { pushPayloadSchema } from "../../../core/schemas/reminders";
import {
  appUrl,
  GENERIC_REMINDER,
  handleNotificationClick,
  REMINDER_TAG,
  type ReminderNotificationOptions,
  readPushPayload,
  showReminder,
  type WindowClientLike,
  type WorkerContext,
} from "./notification-handlers";

const ORIGIN = "https://garden.example";
const TODAY = "2026-05-10";

/** The payload exactly as the server builds it (core's digest → pushPayload). */
const serverPayload = () =>
  pushPayload(
    reminderDigest(
      [
        { id: "t-water", title: "Water", dueDate: TODAY, plantName: "Tomato" },
        { id: "t-feed", title: "Feed", dueDate: "2026-05-08", plantName: null },
        { id: "t-later", title: "Prune", dueDate: "2026-05-12", plantName: "Basil" },
      ],
      TODAY,
    ),
    TODAY,
  );

interface Shown {
  title: string;
  options: ReminderNotificationOptions;
}

function fakeWorker({
  respond = () => new Response("{}", { status: 200 }),
  windows = [],
}: {
  respond?: (url: string, init: RequestInit) => Response | Promise<Response>;
  windows?: WindowClientLike[];
} = {}) {
  const shown: Shown[] = [];
  const requests: { url: string; init: RequestInit }[] = [];
  const openWindow = vi.fn(async (_url: string) => null);
  const ctx: WorkerContext = {
    origin: ORIGIN,
    registration: {
      showNotification: async (title, options) => {
        shown.push({ title, options });
      },
    },
    clients: { matchAll: async () => windows, openWindow },
    fetch: async (url, init) => {
      requests.push({ url, init });
      return respond(url, init);
    },
  };
  return { ctx, shown, requests, openWindow };
}

function notification(data: unknown) {
  return { data, close: vi.fn() };
}

describe("push → notification", () => {
  it("shows one notification with the payload's title, the task list and both actions", async () => {
    const { ctx, shown } = fakeWorker();
    const payload = serverPayload();
    await showReminder(ctx, JSON.stringify(payload));
    expect(shown).toHaveLength(1);
    const [{ title, options }] = shown as [Shown];
    expect(title).toBe("2 garden tasks: 1 due today, 1 overdue");
    expect(options.body).toBe("Feed (overdue since 2026-05-08)\nWater — Tomato");
    expect(options.tag).toBe(REMINDER_TAG);
    expect(options.renotify).toBe(true);
    expect(options.data).toEqual({ taskIds: ["t-feed", "t-water"], url: "/plants" });
    expect(options.actions).toEqual([
      { action: "done", title: "Done" },
      { action: "snooze", title: "Snooze 1 day" },
    ]);
  });

  it("gives every reminder the same tag, so a newer one replaces the older", async () => {
    const { ctx, shown } = fakeWorker();
    await showReminder(ctx, JSON.stringify(serverPayload()));
    await showReminder(ctx, "not json");
    expect(shown.map((s) => s.options.tag)).toEqual([REMINDER_TAG, REMINDER_TAG]);
  });

  it.each([
    ["no data", null],
    ["not JSON", "{oops"],
    ["a JSON array", "[]"],
    ["tasks missing", JSON.stringify({ title: "x", body: "y", more: 0, url: "/plants" })],
    [
      "a task without an id",
      JSON.stringify({ ...serverPayload(), tasks: [{ title: "Water", dueDate: TODAY }] }),
    ],
  ])("shows a generic reminder for a bad payload (%s)", async (_name, text) => {
    const { ctx, shown } = fakeWorker();
    await showReminder(ctx, text);
    expect(shown).toEqual([
      {
        title: GENERIC_REMINDER.title,
        options: expect.objectContaining({
          body: GENERIC_REMINDER.body,
          tag: REMINDER_TAG,
          data: { taskIds: [], url: "/plants" },
          actions: [],
        }),
      },
    ]);
  });

  it("reads payloads exactly as core's pushPayloadSchema does", () => {
    const good = serverPayload();
    const samples: unknown[] = [
      good,
      { ...good, more: 3 },
      { ...good, tasks: [] },
      { ...good, more: 1.5 },
      { ...good, url: 5 },
      { ...good, tasks: [{ ...good.tasks[0], plantName: undefined }] },
      { ...good, tasks: [{ ...good.tasks[0], dueDate: null }] },
      { ...good, title: undefined },
      "text",
      null,
    ];
    for (const sample of samples) {
      const ours = readPushPayload(JSON.stringify(sample)) !== null;
      expect(ours, JSON.stringify(sample)).toBe(pushPayloadSchema.safeParse(sample).success);
    }
  });

  it("never opens another site from a payload's url", () => {
    expect(appUrl("/plants?task=1", ORIGIN)).toBe("/plants?task=1");
    expect(appUrl(`${ORIGIN}/plants/p1`, ORIGIN)).toBe("/plants/p1");
    expect(appUrl("https://evil.example/", ORIGIN)).toBe("/plants");
    expect(appUrl("//evil.example/x", ORIGIN)).toBe("/plants");
    expect(appUrl(42, ORIGIN)).toBe("/plants");
  });
});

describe("notification click", () => {
  const data = { taskIds: ["t-feed", "t-water"], url: "/plants" };

  it('"Done" completes each listed task from the worker, with the session cookie', async () => {
    const { ctx, requests, shown, openWindow } = fakeWorker();
    const note = notification(data);
    await handleNotificationClick(ctx, note, "done");
    expect(note.close).toHaveBeenCalled();
    expect(requests.map((r) => [r.init.method, r.url, r.init.body])).toEqual([
      ["POST", `${ORIGIN}/api/tasks/t-feed/complete`, "{}"],
      ["POST", `${ORIGIN}/api/tasks/t-water/complete`, "{}"],
    ]);
    for (const { init } of requests) {
      expect(init.credentials).toBe("include");
      expect(init.headers).toMatchObject({ "content-type": "application/json" });
    }
    expect(shown).toEqual([]);
    expect(openWindow).not.toHaveBeenCalled();
  });

  it('"Snooze 1 day" snoozes each listed task by one day', async () => {
    const { ctx, requests } = fakeWorker();
    await handleNotificationClick(ctx, notification(data), "snooze");
    expect(requests.map((r) => [r.url, JSON.parse(String(r.init.body))])).toEqual([
      [`${ORIGIN}/api/tasks/t-feed/snooze`, { days: 1 }],
      [`${ORIGIN}/api/tasks/t-water/snooze`, { days: 1 }],
    ]);
  });

  it("treats a task deleted meanwhile (404) as nothing left to do", async () => {
    const { ctx, shown } = fakeWorker({
      respond: (url) => new Response("{}", { status: url.includes("t-feed") ? 404 : 200 }),
    });
    await handleNotificationClick(ctx, notification(data), "done");
    expect(shown).toEqual([]);
  });

  it("says which tasks failed, and offers the actions again for just those", async () => {
    const { ctx, shown } = fakeWorker({
      respond: (url) => {
        if (url.includes("t-water")) throw new TypeError("Failed to fetch");
        return new Response("{}", { status: 200 });
      },
    });
    await handleNotificationClick(ctx, notification(data), "done");
    expect(shown).toHaveLength(1);
    expect(shown[0]?.title).toBe("Couldn't mark 1 task done");
    expect(shown[0]?.options.body).toMatch(/couldn't be reached/);
    expect(shown[0]?.options.data.taskIds).toEqual(["t-water"]);
    expect(shown[0]?.options.actions.map((a) => a.action)).toEqual(["done", "snooze"]);
  });

  it("tells a signed-out gardener to sign in", async () => {
    const { ctx, shown } = fakeWorker({ respond: () => new Response("{}", { status: 401 }) });
    await handleNotificationClick(ctx, notification(data), "snooze");
    expect(shown[0]?.title).toBe("Couldn't snooze 2 tasks");
    expect(shown[0]?.options.body).toMatch(/signed out/);
  });

  it("a click on the body opens the app at the payload's url when no window is open", async () => {
    const { ctx, requests, openWindow } = fakeWorker();
    await handleNotificationClick(ctx, notification(data), "");
    expect(requests).toEqual([]);
    expect(openWindow).toHaveBeenCalledWith(`${ORIGIN}/plants`);
  });

  it("a click on the body focuses an open Tendril window and moves it to the url", async () => {
    const other = { url: "https://elsewhere.example/", focus: vi.fn(), navigate: vi.fn() };
    const ours = {
      url: `${ORIGIN}/settings`,
      focus: vi.fn(async () => undefined),
      navigate: vi.fn(async () => undefined),
    };
    const { ctx, openWindow } = fakeWorker({ windows: [other, ours] });
    await handleNotificationClick(ctx, notification(data), "");
    expect(ours.focus).toHaveBeenCalled();
    expect(ours.navigate).toHaveBeenCalledWith(`${ORIGIN}/plants`);
    expect(other.focus).not.toHaveBeenCalled();
    expect(openWindow).not.toHaveBeenCalled();
  });

  it("an action on a generic reminder (no tasks listed) opens the app instead", async () => {
    const { ctx, requests, openWindow } = fakeWorker();
    await handleNotificationClick(ctx, notification({ taskIds: [], url: "/plants" }), "done");
    expect(requests).toEqual([]);
    expect(openWindow).toHaveBeenCalledWith(`${ORIGIN}/plants`);
  });
});
