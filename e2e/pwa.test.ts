import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { chromiumPath, saveScreenshot, VIEWPORTS } from "../tests/support/browser";
import { browserSuite, markOnboarded, outboxOf, signUpInContext, waitForText } from "./support";

/**
 * The task titles in the app's IndexedDB copy of its server state (idb-keyval's default store,
 * key "tendril.query-cache", as src/web/app/query-client.ts writes it): every task of every
 * settled query there.
 */
const persistedTaskTitles = (page: Page) =>
  page.evaluate(async () => {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const open = indexedDB.open("keyval-store");
      open.onupgradeneeded = () => open.result.createObjectStore("keyval");
      open.onsuccess = () => resolve(open.result);
      open.onerror = () => reject(open.error);
    });
    try {
      const text = await new Promise<unknown>((resolve, reject) => {
        const read = db
          .transaction("keyval", "readonly")
          .objectStore("keyval")
          .get("tendril.query-cache");
        read.onsuccess = () => resolve(read.result);
        read.onerror = () => reject(read.error);
      });
      if (typeof text !== "string") return [];
      const cache = JSON.parse(text) as {
        clientState?: { queries?: { state: { status: string; data?: unknown } }[] };
      };
      return (cache.clientState?.queries ?? [])
        .filter((query) => query.state.status === "success")
        .flatMap((query) => {
          const data = query.state.data as { tasks?: { title?: unknown }[] } | unknown[] | null;
          const tasks = Array.isArray(data) ? data : (data?.tasks ?? []);
          return tasks.flatMap((task) =>
            typeof task === "object" && task !== null && "title" in task
              ? [String(task.title)]
              : [],
          );
        });
    } finally {
      db.close();
    }
  });

describe.skipIf(!chromiumPath)("installable app in Chromium", () => {
  const suite = browserSuite();

  it("publishes a web app manifest", async () => {
    const res = await fetch(`${suite.server.url}/manifest.webmanifest`);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({
      name: "Tendril",
      display: "standalone",
      start_url: "/",
    });
  });

  it("opens from its precached shell while offline, with its outbox intact", async () => {
    const context = await suite.browser.newContext({
      viewport: VIEWPORTS.mobile,
      baseURL: suite.server.url,
    });
    await signUpInContext(context, suite.server.url);
    await markOnboarded(context);
    await context.request.post("/api/tasks", {
      data: { title: "Net the strawberries", dueDate: new Date().toISOString().slice(0, 10) },
      headers: { origin: suite.server.url },
    });
    const page = await context.newPage();
    await page.goto("/");
    await waitForText(page, "Net the strawberries");
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    // The first load installs the worker; the next one is served by it.
    await page.reload();
    await waitForText(page, "Net the strawberries");
    // The cache is written to IndexedDB at most once a second: wait until the copy there holds
    // the garden this load fetched, which is what the offline start below opens from.
    await expect.poll(() => persistedTaskTitles(page)).toContain("Net the strawberries");

    await suite.goOffline(context);
    await page.evaluate(() => {
      const { user } = JSON.parse(localStorage.getItem("profile") ?? "{}") as {
        user: { id: string };
      };
      localStorage.setItem(
        `tendril.outbox.${user.id}`,
        JSON.stringify([
          { kind: "complete-task", key: "k-1", taskId: "t-1", queuedAt: new Date().toISOString() },
        ]),
      );
    });
    await page.reload();
    await waitForText(page, "⚠️ You are offline. Some features may not work.");
    // The garden as last seen comes from the IndexedDB copy of the server state.
    await waitForText(page, "Net the strawberries");
    expect(await outboxOf(page)).toMatchObject([{ taskId: "t-1" }]);
    await saveScreenshot(page, "offline-reload-mobile");
    await context.close();
  });
});
