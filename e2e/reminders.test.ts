import fs from "node:fs/promises";
import path from "node:path";
import type { BrowserContext, CDPSession, Page, Worker } from "playwright-core";
import { describe, expect, it } from "vitest";
import { addDays } from "../src/core/garden/dates";
import type { Task } from "../src/core/garden/tasks";
import { type DueTask, pushPayload, REMINDER_URL, reminderDigest } from "../src/core/reminders";
import { pushPayloadSchema } from "../src/core/schemas/reminders";
import { fullChromiumPath, saveScreenshot, VIEWPORTS } from "../tests/support/browser";
import {
  browserSuite,
  expectNoSeriousAxeViolations,
  SCHEMES_AND_WIDTHS,
  type Viewport,
  waitForText,
} from "./support";

const screenshotPath = (name: string) =>
  path.resolve(import.meta.dirname, "screenshots", `${name}.png`);

/** A full-page screenshot from the top. */
async function shot(page: Page, name: string) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await saveScreenshot(page, name);
}

/** What `registration.getNotifications()` shows, read in the page. */
interface Shown {
  title: string;
  body: string;
  tag: string;
  /** When the worker showed it: a notification that replaces another under its tag is newer. */
  timestamp: number;
  data: { taskIds: string[]; url: string };
  actions: { action: string; title: string }[];
}

const shownNotifications = (page: Page) =>
  page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    return (await registration.getNotifications()).map((n) => ({
      title: n.title,
      body: n.body,
      tag: n.tag,
      timestamp: (n as Notification & { timestamp: number }).timestamp,
      data: n.data,
      actions: ((n as Notification & { actions?: NotificationAction[] }).actions ?? []).map(
        (a) => ({ action: a.action, title: a.title }),
      ),
    }));
  }) as Promise<Shown[]>;

interface NotificationAction {
  action: string;
  title: string;
}

// The whole browser: the headless shell keeps notifications denied whatever a test grants, so
// its switch stays disabled.
describe.skipIf(!fullChromiumPath)("reminders in Chromium", () => {
  const suite = browserSuite({}, { build: "full" });

  const gardener = (
    viewport: Viewport = VIEWPORTS.mobile,
    colorScheme: "light" | "dark" = "light",
    timezoneId = "UTC",
  ) => suite.gardener("Rowan", { viewport, colorScheme, timezoneId });

  const today = () => new Date().toISOString().slice(0, 10);

  async function addTask(context: BrowserContext, title: string, dueDate: string): Promise<Task> {
    const res = await context.request.post("/api/tasks", {
      data: { title, dueDate },
      headers: { origin: suite.server.url, "x-timezone": "UTC" },
    });
    expect(res.status()).toBe(201);
    return (await res.json()) as Task;
  }

  async function tasks(context: BrowserContext, status: "pending" | "completed"): Promise<Task[]> {
    const res = await context.request.get(`/api/tasks?status=${status}`);
    return ((await res.json()) as { tasks: Task[] }).tasks;
  }

  /**
   * The push message the server would send this gardener now: the server exposes no route for
   * it, so it is built here with the server's own code (core/reminders: reminderDigest →
   * pushPayload, as ReminderService does) from the API's list of pending tasks, in the profile's
   * zone (UTC, the default) and checked against pushPayloadSchema.
   */
  async function serverPayload(context: BrowserContext) {
    const due: DueTask[] = (await tasks(context, "pending")).flatMap((task) =>
      task.dueDate
        ? [{ id: task.id, title: task.title, dueDate: task.dueDate, plantName: null }]
        : [],
    );
    const payload = pushPayload(reminderDigest(due, today()), today(), REMINDER_URL);
    return pushPayloadSchema.parse(payload);
  }

  /** The page's service worker registration, as DevTools knows it (for deliverPushMessage). */
  async function registrationId(cdp: CDPSession): Promise<string> {
    const scope = `${suite.server.url}/`;
    const found = new Promise<string>((resolve) => {
      cdp.on("ServiceWorker.workerRegistrationUpdated", ({ registrations }) => {
        const ours = registrations.find((r) => r.scopeURL === scope && !r.isDeleted);
        if (ours) resolve(ours.registrationId);
      });
    });
    await cdp.send("ServiceWorker.enable");
    return found;
  }

  async function serviceWorker(context: BrowserContext): Promise<Worker> {
    const running = context.serviceWorkers().find((w) => w.url().endsWith("/sw.js"));
    return running ?? context.waitForEvent("serviceworker");
  }

  /**
   * Runs the worker's own `notificationclick` listener for the notification it is showing, as
   * the browser would for a click on `action`. The OS notification cannot be clicked from
   * DevTools or Playwright, so the event is made inside the real worker with the real
   * Notification object; its waitUntil promises are awaited so the test sees the outcome.
   */
  async function clickAction(worker: Worker, action: "done" | "snooze") {
    return worker.evaluate(async (which) => {
      const scope = self as unknown as {
        registration: ServiceWorkerRegistration;
        dispatchEvent(event: Event): boolean;
      };
      const [notification] = await scope.registration.getNotifications();
      if (!notification) throw new Error("no notification is showing");
      const NotificationEventClass = (
        globalThis as unknown as {
          NotificationEvent: new (
            type: string,
            init: { notification: Notification; action: string },
          ) => Event;
        }
      ).NotificationEvent;
      const event = new NotificationEventClass("notificationclick", {
        notification,
        action: which,
      });
      const pending: Promise<unknown>[] = [];
      Object.defineProperty(event, "waitUntil", {
        value: (p: Promise<unknown>) => pending.push(p),
      });
      scope.dispatchEvent(event);
      await Promise.all(pending);
      return {
        handled: pending.length,
        left: (await scope.registration.getNotifications()).length,
      };
    }, action);
  }

  it("turns notifications on in Settings; a due task's reminder shows, and Done and Snooze work from the worker", async () => {
    const { context, page } = await gardener();
    const origin = suite.server.url;
    await context.grantPermissions(["notifications"], { origin });
    const overdue = await addTask(context, "Net the strawberries", addDays(today(), -2));
    const dueToday = await addTask(context, "Water the tomatoes", today());
    const later = await addTask(context, "Prune the basil", addDays(today(), 3));

    await page.goto("/settings");
    const toggle = page.getByRole("switch", { name: "Browser notifications" });
    await toggle.waitFor();
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    await expect.poll(() => toggle.getAttribute("aria-busy")).toBeNull();
    // Playwright's contexts are off the record, where Chromium refuses Web Push outright
    // (crbug.com/41124656) and says so on the console; in a normal profile here, subscribe()
    // waits forever on a push service it cannot reach. Either way the page must say so plainly;
    // a browser with a working push service turns the switch on.
    suite.allowConsole(/does not support the Push API in incognito mode/);
    await toggle.click();

    const refused = page.getByRole("alert").filter({ hasText: "push service" });
    await expect
      .poll(
        async () => (await toggle.getAttribute("aria-checked")) === "true" || refused.isVisible(),
      )
      .toBe(true);
    const subscribed = (await toggle.getAttribute("aria-checked")) === "true";
    if (subscribed) {
      console.log("pushManager.subscribe succeeded in this Chromium: notifications are on");
    } else {
      const said = (await refused.textContent()) ?? "";
      console.log(`pushManager.subscribe was refused; the page says: ${said}`);
      expect(said).toMatch(/couldn't sign up with its push service/);
      expect(said).toMatch(/e-mail digest and the calendar feed still work/);
      await shot(page, "reminders-push-refused-375-light");
    }

    // The push message, delivered to the worker by DevTools as a push service would.
    const payload = await serverPayload(context);
    expect(payload.tasks.map((t) => t.id)).toEqual([overdue.id, dueToday.id]);
    const cdp = await context.newCDPSession(page);
    const push = async (data: string) =>
      cdp.send("ServiceWorker.deliverPushMessage", { origin, registrationId: registration, data });
    const registration = await registrationId(cdp);
    await push(JSON.stringify(payload));
    await expect.poll(async () => (await shownNotifications(page)).length).toBe(1);
    const [shown] = await shownNotifications(page);
    expect(shown).toEqual({
      timestamp: expect.any(Number),
      title: "2 garden tasks: 1 due today, 1 overdue",
      body: `Net the strawberries (overdue since ${overdue.dueDate})\nWater the tomatoes`,
      tag: "tendril-reminder",
      data: { taskIds: [overdue.id, dueToday.id], url: "/plants" },
      actions: [
        { action: "done", title: "Done" },
        { action: "snooze", title: "Snooze 1 day" },
      ],
    });

    // A newer reminder replaces the older one (same tag): still one notification. The worker
    // has handled the second push once a notification shown after the first one is there.
    const firstShownAt = shown?.timestamp ?? 0;
    await push(JSON.stringify(payload));
    await expect
      .poll(async () => (await shownNotifications(page)).some((n) => n.timestamp > firstShownAt))
      .toBe(true);
    expect(await shownNotifications(page)).toHaveLength(1);

    // A message the worker cannot read still shows a reminder, without actions. It is checked
    // here, where it replaces the reminder showing: right after a Done or Snooze, Chrome may
    // still be closing the tapped notification, whose id (from the shared tag) a new one reuses.
    await push("not json");
    await expect
      .poll(async () => (await shownNotifications(page))[0]?.title)
      .toBe("Garden tasks are due");
    expect((await shownNotifications(page))[0]?.actions).toEqual([]);
    await push(JSON.stringify(payload));
    await expect
      .poll(async () => (await shownNotifications(page))[0]?.title)
      .toBe("2 garden tasks: 1 due today, 1 overdue");

    // "Done": the worker completes both listed tasks on the server, with the session cookie.
    const worker = await serviceWorker(context);
    expect(await clickAction(worker, "done")).toEqual({ handled: 1, left: 0 });
    const completed = (await tasks(context, "completed")).map((t) => t.id);
    expect(completed).toEqual(expect.arrayContaining([overdue.id, dueToday.id]));
    expect((await tasks(context, "pending")).map((t) => t.id)).toEqual([later.id]);

    // "Snooze 1 day" on the next reminder puts a due task off to tomorrow.
    const snoozed = await addTask(context, "Turn the compost", today());
    const next = await serverPayload(context);
    expect(next.tasks.map((t) => t.id)).toEqual([snoozed.id]);
    await push(JSON.stringify(next));
    await expect.poll(async () => (await shownNotifications(page)).length).toBe(1);
    expect(await clickAction(worker, "snooze")).toEqual({ handled: 1, left: 0 });
    const after = (await tasks(context, "pending")).find((t) => t.id === snoozed.id);
    expect(after?.dueDate).toBe(addDays(today(), 1));

    await context.close();
  });

  it("saves the hour and digest, rotates the calendar address, exports, imports and deletes the account", async () => {
    const { context, page } = await gardener(VIEWPORTS.desktop);
    await addTask(context, "Sow the carrots", today());
    await page.goto("/settings");
    const reminders = page.getByRole("region", { name: "Reminders" });
    await reminders.getByLabel("Remind me at").selectOption("19");
    await waitForText(reminders, "Saved");
    await reminders.getByRole("switch", { name: "E-mail digest" }).click();
    await expect
      .poll(async () => {
        const me = (await (await context.request.get("/api/me")).json()) as {
          reminderHour: number;
          emailDigest: boolean;
        };
        return [me.reminderHour, me.emailDigest];
      })
      .toEqual([19, true]);

    const calendar = page.getByRole("region", { name: "Calendar feed" });
    const address = calendar.getByLabel("Private calendar address");
    await expect.poll(() => address.inputValue()).toMatch(/\/api\/calendar\/.+\.ics$/);
    const oldUrl = await address.inputValue();
    expect((await context.request.get(oldUrl)).status()).toBe(200);
    await calendar.getByRole("button", { name: "Make a new address" }).click();
    await page.getByRole("dialog", { name: "Make a new calendar address?" }).waitFor();
    await page.getByRole("button", { name: "Make new address" }).click();
    await expect.poll(() => address.inputValue()).not.toBe(oldUrl);
    expect((await context.request.get(oldUrl)).status()).toBe(404);
    expect((await context.request.get(await address.inputValue())).status()).toBe(200);

    const data = page.getByRole("region", { name: "Your data" });
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      data.getByRole("button", { name: "Download JSON" }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^tendril-export-\d{4}-\d{2}-\d{2}\.json$/);
    // The download goes with its context: keep the file's bytes for the import further down.
    const exportBytes = await fs.readFile(await download.path());
    const exported = JSON.parse(exportBytes.toString("utf8")) as {
      format: string;
      tasks: Task[];
    };
    expect(exported.format).toBe("tendril-export");
    expect(exported.tasks.map((t) => t.title)).toEqual(["Sow the carrots"]);
    const [csv] = await Promise.all([
      page.waitForEvent("download"),
      data.getByRole("button", { name: "Tasks CSV" }).click(),
    ]);
    expect(await fs.readFile(await csv.path(), "utf8")).toContain("Sow the carrots");

    // A file that is not an export: the server's 400 message, and nothing changes.
    suite.allowConsole(/status of 400 .*\/api\/import/);
    await data.getByLabel("Tendril export file").setInputFiles({
      name: "not-an-export.json",
      mimeType: "application/json",
      buffer: Buffer.from(JSON.stringify({ format: "something-else", version: 1 })),
    });
    await waitForText(data, /This is not a Tendril export/);

    const deleteCard = page.getByRole("region", { name: "Delete account" });
    await deleteCard.getByRole("button", { name: "Delete account…" }).click();
    const dialog = page.getByRole("dialog", { name: "Delete your account?" });
    const confirm = dialog.getByRole("button", { name: "Delete my account" });
    expect(await confirm.isDisabled()).toBe(true);
    await dialog.getByLabel(/to confirm/).fill("delete my account");
    await confirm.click();
    await page.waitForURL(/\/auth$/);
    expect((await context.request.get("/api/me")).status()).toBe(401);
    await context.close();

    // A new account brings the export back through Import.
    const { context: again, page: fresh } = await gardener(VIEWPORTS.desktop);
    await fresh.goto("/settings");
    await fresh
      .getByRole("region", { name: "Your data" })
      .getByLabel("Tendril export file")
      .setInputFiles({
        name: download.suggestedFilename(),
        mimeType: "application/json",
        buffer: exportBytes,
      });
    await waitForText(fresh, "Imported 1 task.");
    expect((await tasks(again, "pending")).map((t) => t.title)).toEqual(["Sow the carrots"]);
    await again.close();
  });

  // One test a scheme and width, each with its own time budget: every audit in one test would
  // race the clock on a busy machine.
  it.each(SCHEMES_AND_WIDTHS)(
    "has no serious accessibility findings on Settings, %s at %s px",
    async (colorScheme, size, viewport) => {
      // A browser away from UTC: the section suggests its zone until the gardener saves it.
      const { context, page } = await gardener(viewport, colorScheme, "Europe/London");
      await page.goto("/settings");
      const address = page.getByLabel("Private calendar address");
      await expect.poll(() => address.inputValue()).toMatch(/\.ics$/);
      await waitForText(page, /Your browser's time zone, not saved yet/);
      expect(
        await page.evaluate(
          () => document.documentElement.scrollWidth <= document.documentElement.clientWidth,
        ),
      ).toBe(true);
      await expectNoSeriousAxeViolations(page);
      await shot(page, `reminders-${size}-${colorScheme}`);

      await page.getByRole("button", { name: "Delete account…" }).click();
      await page.getByRole("dialog", { name: "Delete your account?" }).waitFor();
      await page.getByLabel(/to confirm/).fill("delete my");
      await expectNoSeriousAxeViolations(page);
      // The dialog as the gardener sees it, over the page: the viewport, not the full page.
      await page.screenshot({ path: screenshotPath(`reminders-delete-${size}-${colorScheme}`) });
      await context.close();
    },
  );
});
