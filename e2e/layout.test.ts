import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { type FakeOpenMeteo, startFakeOpenMeteo } from "../tests/fakes/open-meteo";
import { chromiumPath, launchBrowser, saveScreenshot } from "../tests/support/browser";
import { shiftDate, utcToday } from "../tests/support/garden";
import { type ServerProcess, startServer } from "../tests/support/server-process";
import { type ConsoleWatch, expectCleanConsole, markOnboarded, watchConsole } from "./support";

/** Screenshots are named `${prefix}-<page>-<width>.png`; SCREENSHOT_PREFIX renames a run's set. */
const prefix = process.env.SCREENSHOT_PREFIX ?? "layout";

const today = utcToday;
const shift = (days: number) => shiftDate(utcToday(), days);

/** A plant name with one long word, as a gardener may type it: it must wrap, not push sideways. */
const LONG_NAME = "Grandmother's Mortgage-Lifter Supercalifragilistic Heirloom Tomato";

describe.skipIf(!chromiumPath)("every main page fits a phone and a laptop", () => {
  let fake: FakeOpenMeteo;
  let server: ServerProcess;
  let browser: Browser;
  const watch: ConsoleWatch = { problems: [], allowed: [] };
  let plantId = "";
  let context: BrowserContext;

  beforeAll(async () => {
    fake = await startFakeOpenMeteo({ fixture: "mild" });
    server = await startServer({ WEATHER_BASE_URL: fake.url, GEOCODING_BASE_URL: fake.url });
    browser = await launchBrowser();
    watchConsole(browser, watch);
    // One gardener, as onboarding leaves them (a ZIP, no typed location), with two plants.
    context = await browser.newContext({ baseURL: server.url });
    // A long address with nothing to break at, as Settings shows it ("Signed in as …").
    const signUp = await context.request.post("/api/auth/sign-up/email", {
      data: {
        email: `gardener${Date.now()}theverylongaddressofagardener@example.com`,
        password: "garden password",
        name: "Rowan",
      },
      headers: { origin: server.url },
    });
    expect(signUp.status()).toBe(200);
    const me = await context.request.patch("/api/me", {
      data: { zip: "85004", experience: "beginner", onboardingCompleted: true },
      headers: { origin: server.url },
    });
    expect(me.status()).toBe(200);
    const plant = async (data: Record<string, unknown>) => {
      const res = await context.request.post("/api/plants", {
        data: { medium: "soil", place: "outdoor", lights: "sun", ...data },
        headers: { origin: server.url },
      });
      expect(res.status()).toBe(201);
      return (await res.json()).plant.id as string;
    };
    plantId = await plant({ name: "Tomato", cropSlug: "tomato", plantingDate: shift(-20) });
    await plant({ name: LONG_NAME, plantingDate: shift(-3) });
    for (const [title, dueDate] of [
      ["Check the Supercalifragilistic seedlings for aphids", shift(-2)],
      ["Turn the compost", today()],
    ]) {
      const res = await context.request.post("/api/tasks", {
        data: { title, dueDate },
        headers: { origin: server.url },
      });
      expect(res.status()).toBe(201);
    }
    await markOnboarded(context);
  });
  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await server?.stop();
    await fake?.close();
  });
  afterEach(() => expectCleanConsole(watch));

  const pages = () => [
    { name: "home", path: "/" },
    { name: "plants", path: "/plants" },
    { name: "plant", path: `/plants/${plantId}` },
    { name: "settings", path: "/settings" },
    { name: "contact", path: "/contact" },
    { name: "plans", path: "/plans" },
    { name: "chat", path: "/chat" },
    { name: "plant-id", path: "/plant-id" },
    { name: "grow-along", path: "/grow-along" },
    { name: "workflows", path: "/workflows" },
  ];

  /** Opens a page and waits until its heading is up and its data has come in. */
  async function open(page: Page, path: string) {
    await page.goto(path);
    await page.locator("main h1").first().waitFor({ timeout: 15_000 });
    await expect
      .poll(() => page.locator('main [aria-busy="true"], main .animate-pulse').count(), {
        timeout: 15_000,
      })
      .toBe(0);
  }

  async function widthOf(page: Page) {
    return page.evaluate(() => ({
      page: document.documentElement.scrollWidth,
      viewport: window.innerWidth,
    }));
  }

  for (const width of [320, 375]) {
    it(`no main page is wider than a ${width} px phone`, async () => {
      const page = await context.newPage();
      await page.setViewportSize({ width, height: 812 });
      const tooWide: string[] = [];
      for (const { name, path } of pages()) {
        await open(page, path);
        if (width === 375) {
          await page.evaluate(() => window.scrollTo(0, 0));
          await saveScreenshot(page, `${prefix}-${name}-375`);
        }
        const measured = await widthOf(page);
        if (measured.page > measured.viewport) tooWide.push(`${path}: ${measured.page} px`);
      }
      await page.close();
      expect(tooWide).toEqual([]);
    });
  }

  it("every main page at 1280 px", async () => {
    const page = await context.newPage();
    await page.setViewportSize({ width: 1280, height: 800 });
    const tooWide: string[] = [];
    for (const { name, path } of pages()) {
      await open(page, path);
      await page.evaluate(() => window.scrollTo(0, 0));
      await saveScreenshot(page, `${prefix}-${name}-1280`);
      const measured = await widthOf(page);
      if (measured.page > measured.viewport) tooWide.push(`${path}: ${measured.page} px`);
    }
    await page.close();
    expect(tooWide).toEqual([]);
  });
});
