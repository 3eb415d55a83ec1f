import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { chromiumPath, saveScreenshot, VIEWPORTS } from "../tests/support/browser";
import { killTree } from "../tests/support/process-tree";
import { startServer } from "../tests/support/server-process";
import {
  browserSuite,
  markOnboarded,
  outboxOf,
  signUpInContext,
  waitForText,
  waitForToastCode,
} from "./support";

const DEGRADED = "⚠️ The gardening assistant is running in degraded mode. Please try again later.";

/** Issue 24 items 3–5: where navigation lands, what the degraded banner means, refused writes. */
describe.skipIf(!chromiumPath)("landing places, the degraded banner and queued writes", () => {
  const suite = browserSuite();
  const phone = (name: string) => suite.gardener(name, { viewport: VIEWPORTS.mobile });
  const scrollY = (page: Page) => page.evaluate(() => Math.round(window.scrollY));
  const bottomBar = (page: Page) => page.getByRole("navigation", { name: "Main" });

  /** Scrolls a page well down (it is taller than two screens). */
  async function scrollDown(page: Page): Promise<number> {
    await page.evaluate(() => window.scrollTo(0, 600));
    await expect.poll(() => scrollY(page)).toBe(600);
    return 600;
  }

  /** My Garden has its weather and its planting list in. */
  async function settled(page: Page) {
    const weather = page.getByRole("region", { name: "Weather & Season" });
    await weather.getByText(/°[CF]/).first().waitFor({ timeout: 15_000 });
    const planting = page.getByRole("region", { name: "What to Plant Now" });
    await planting.getByText(/^Vegetables \(\d+\)$/).waitFor();
  }

  /** Adds tasks through the API so My Garden is a few screens tall on a phone. */
  async function fillTheGarden(page: Page) {
    const today = new Date().toISOString().slice(0, 10);
    for (const title of ["Water the basil", "Turn the compost", "Tie in the beans", "Net the kale"])
      await page.context().request.post("/api/tasks", {
        data: { title, dueDate: today },
        headers: { origin: suite.server.url },
      });
  }

  it("opens Settings and Grow Along at their top after a scrolled page; Back returns to the scroll", async () => {
    const { context, page } = await phone("Fern");
    await fillTheGarden(page);
    await page.goto("/");
    await waitForText(page, "Net the kale");
    await settled(page);
    await scrollDown(page);
    // Cards above may still grow (the browser keeps what is on screen in place): what Back must
    // bring back is what the gardener saw, here where My Tasks sat on the screen.
    const tasksTop = () =>
      page.evaluate(() =>
        Math.round(document.getElementById("my-tasks")?.getBoundingClientRect().top ?? NaN),
      );
    const seen = await tasksTop();

    await bottomBar(page).getByRole("link", { name: "Settings" }).click();
    await page.waitForURL("**/settings");
    await waitForText(page, "Signed in as");
    await waitForText(page, "Daily limit");
    expect(await scrollY(page)).toBe(0);
    await saveScreenshot(page, "settings-after-scrolled-home-mobile", { fullPage: false });

    await page.evaluate(() => window.scrollTo(0, 300));
    await page.goBack();
    await page.waitForURL((url) => url.pathname === "/");
    await waitForText(page, "Net the kale");
    await settled(page);
    // Within a few lines: the weather card refreshes on return and is briefly taller while it
    // says "Loading…", as the position is put back.
    await expect.poll(async () => Math.abs((await tasksTop()) - seen)).toBeLessThanOrEqual(80);
    expect(await scrollY(page)).toBeGreaterThan(400);
    await saveScreenshot(page, "home-after-back-mobile", { fullPage: false });

    await bottomBar(page).getByRole("link", { name: "Grow" }).click();
    await page.waitForURL("**/grow-along");
    await page.getByRole("combobox", { name: "Plant" }).waitFor();
    expect(await scrollY(page)).toBe(0);
    await saveScreenshot(page, "grow-along-after-scrolled-home-mobile", { fullPage: false });
    await context.close();
  });

  it("the menu's Sign Out lands on the Account section with Sign out in view and focused", async () => {
    const { context, page } = await phone("Sorrel");
    await fillTheGarden(page);
    await page.goto("/");
    await waitForText(page, "Net the kale");
    await settled(page);
    await scrollDown(page);
    await page.getByRole("button", { name: "Open menu" }).click();
    await page
      .getByRole("dialog", { name: "Menu" })
      .getByRole("link", { name: "Sign Out" })
      .click();
    await page.waitForURL("**/settings#account");

    const signOut = page.getByRole("button", { name: "Sign out", exact: true });
    await expect
      .poll(() => signOut.evaluate((button) => button === document.activeElement))
      .toBe(true);
    // Every card above it has loaded; Sign out is still on screen, clear of the header and the
    // bottom bar.
    await waitForText(page, "Daily limit");
    await waitForText(page, "Signed in as");
    const place = await signOut.evaluate((button) => {
      const box = button.getBoundingClientRect();
      const bars = [...document.querySelectorAll('nav[aria-label="Main"]')].map((nav) =>
        nav.getBoundingClientRect(),
      );
      return {
        top: box.top,
        bottom: box.bottom,
        headerBottom: Number.parseFloat(
          document.documentElement.style.getPropertyValue("--header-bottom"),
        ),
        // The phone's bottom bar (the wide screen's top bar is hidden, with no height).
        barTop: bars.find((bar) => bar.height > 0)?.top ?? window.innerHeight,
      };
    });
    expect(place.top).toBeGreaterThanOrEqual(place.headerBottom);
    expect(place.bottom).toBeLessThanOrEqual(place.barTop);
    expect(await signOut.evaluate((button) => button === document.activeElement)).toBe(true);
    await saveScreenshot(page, "settings-sign-out-landing-mobile", { fullPage: false });
    await context.close();
  });

  it("shows no degraded banner while only the weather service is down; the card says so", async () => {
    suite.allowConsole(/status of 502/);
    const weather = suite.weather;
    if (!weather) throw new Error("the suite has no fake weather service");
    weather.failWith = 503;
    try {
      const { context, page } = await phone("Yarrow");
      await page.goto("/");
      const card = page.getByRole("region", { name: "Weather & Season" });
      await card.getByText("Weather service unreachable").waitFor({ timeout: 15_000 });
      // Update asks the weather service again: it fails again, and the card says so again.
      const answered = page.waitForResponse((r) => r.url().includes("/api/gardening/weather"));
      await card.getByRole("button", { name: "Update" }).click();
      expect((await answered).status()).toBe(502);
      await card.getByText("Weather service unreachable").waitFor();
      await waitForText(page, "No plants yet. Start your first grow!");
      expect(await page.getByText(DEGRADED).count()).toBe(0);
      await saveScreenshot(page, "home-weather-down-no-banner-mobile");
      await context.close();
    } finally {
      weather.failWith = null;
    }
  });

  it("shows the degraded banner once Tendril's own server has stopped", async () => {
    suite.allowConsole(
      /ERR_CONNECTION_(REFUSED|RESET)|ERR_INCOMPLETE_CHUNKED_ENCODING|ERR_EMPTY_RESPONSE|ERR_SOCKET_NOT_CONNECTED/,
      // The service worker may still be registering when the server stops.
      /fetching the script|register a ServiceWorker/,
    );
    const weather = suite.weather?.url ?? "";
    const own = await startServer({
      WEATHER_BASE_URL: weather,
      GEOCODING_BASE_URL: weather,
      CLIMATE_BASE_URL: weather,
    });
    try {
      const context = await suite.browser.newContext({
        viewport: VIEWPORTS.mobile,
        baseURL: own.url,
      });
      await signUpInContext(context, own.url, "Tansy");
      await markOnboarded(context);
      const page = await context.newPage();
      await page.goto("/");
      const card = page.getByRole("region", { name: "Weather & Season" });
      await card.getByText(/°C/).first().waitFor({ timeout: 15_000 });
      expect(await page.getByText(DEGRADED).count()).toBe(0);
      // The page has finished loading (its other cards, the toast's code) before the server dies:
      // a request cut off half-way fails with whichever socket error the moment gives.
      await page.waitForLoadState("networkidle");

      // Stopped at once, as a crash or `kill` does (a graceful stop waits for open streams); the
      // server is a child of tsx, so the whole tree goes.
      killTree(own.child.pid ?? 0, "SIGKILL");
      await expect
        .poll(() =>
          fetch(`${own.url}/api/health`).then(
            () => "answering",
            () => "stopped",
          ),
        )
        .toBe("stopped");
      await card.getByRole("button", { name: "Update" }).click();
      await waitForText(page, DEGRADED);
      expect(await page.getByText("⚠️ You are offline.").count()).toBe(0);
      await saveScreenshot(page, "home-api-stopped-banner-mobile");
      await context.close();
    } finally {
      await own.stop();
    }
  });

  it("shows a queued task the server refuses (400) with its words, takes it back, and never sends it again", async () => {
    suite.allowConsole(/status of 400/);
    const { context, page } = await phone("Rue");
    await page.goto("/");
    await waitForText(page, "No plants yet. Start your first grow!");
    // The dialog's code is fetched while online, as a gardener's earlier visit would have.
    await page.getByRole("button", { name: "Add task" }).click();
    await page.getByRole("dialog", { name: "Add task" }).getByLabel("Title").waitFor();
    await page.keyboard.press("Escape");
    await page.getByRole("dialog", { name: "Add task" }).waitFor({ state: "hidden" });
    await waitForToastCode(page);

    await suite.goOffline(context);
    await waitForText(page, "⚠️ You are offline. Some features may not work.");
    await page.getByRole("button", { name: "Add task" }).click();
    const dialog = page.getByRole("dialog", { name: "Add task" });
    await dialog.getByLabel("Title").fill("Sow the radishes");
    await dialog.getByRole("button", { name: "Add", exact: true }).click();
    await waitForText(page, "Task saved offline");
    await waitForText(page, "Sow the radishes");

    const refusal = "The due date must be within the next five years.";
    let posts = 0;
    await page.route("**/api/tasks", async (route) => {
      if (route.request().method() !== "POST") return route.fallback();
      posts += 1;
      await route.fulfill({
        status: 400,
        contentType: "application/json",
        body: JSON.stringify({ error: { code: "invalid_request", message: refusal } }),
      });
    });
    await context.setOffline(false);
    await waitForText(page, "Couldn't add the task “Sow the radishes”");
    await waitForText(page, refusal);
    await saveScreenshot(page, "home-queued-task-refused-mobile");
    await page
      .getByRole("button", { name: "Done: Sow the radishes" })
      .waitFor({ state: "detached" });
    expect(await outboxOf(page)).toBeNull();

    // Another chance to sync (back online again, then a reload) sends nothing more.
    await page.evaluate(() => window.dispatchEvent(new Event("online")));
    await page.reload();
    await waitForText(page, "No plants yet. Start your first grow!");
    await waitForText(page, "No tasks due. Add a plant to auto-schedule watering/feeding.");
    expect(posts).toBe(1);
    expect(await page.getByText("Sow the radishes").count()).toBe(0);
    await context.close();
  });
});
