import { describe, expect, it } from "vitest";
import { chromiumPath, saveScreenshot, VIEWPORTS } from "../tests/support/browser";
import { browserSuite, markOnboarded, signUpInContext, waitForText } from "./support";

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
    // The cache is written to IndexedDB at most once a second.
    await page.waitForTimeout(1500);

    await suite.goOffline(context);
    await page.evaluate(() =>
      localStorage.setItem(
        "tendril.outbox",
        JSON.stringify([
          { kind: "complete-task", taskId: "t-1", queuedAt: new Date().toISOString() },
        ]),
      ),
    );
    await page.reload();
    await waitForText(page, "⚠️ You are offline. Some features may not work.");
    // The garden as last seen comes from the IndexedDB copy of the server state.
    await waitForText(page, "Net the strawberries");
    expect(await page.evaluate(() => localStorage.getItem("tendril.outbox"))).toContain("t-1");
    await saveScreenshot(page, "offline-reload-mobile");
    await context.close();
  });
});
