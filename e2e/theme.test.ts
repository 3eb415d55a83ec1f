import type { BrowserContext, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { chromiumPath, saveScreenshot, VIEWPORTS } from "../tests/support/browser";
import {
  browserSuite,
  expectNoSeriousAxeViolations,
  markOnboarded,
  signUpInContext,
  WIDTHS,
  waitForText,
} from "./support";

/** The page ground (stone-50) in each theme, as getComputedStyle reports it. */
const LIGHT_GROUND = "rgb(250, 250, 247)";
const DARK_GROUND = "rgb(23, 23, 20)";

const ground = (page: Page) =>
  page.evaluate(() => getComputedStyle(document.documentElement).backgroundColor);
const dataTheme = (page: Page) =>
  page.evaluate(() => document.documentElement.dataset.theme ?? null);

const isoDay = (offset: number) => {
  const d = new Date();
  d.setDate(d.getDate() + offset);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, "0")}-${String(d.getDate()).padStart(2, "0")}`;
};

describe.skipIf(!chromiumPath)("dark theme in Chromium", () => {
  const suite = browserSuite();

  const newContext = (
    colorScheme: "light" | "dark",
    viewport: { width: number; height: number } = VIEWPORTS.desktop,
  ) =>
    suite.browser.newContext({
      viewport,
      colorScheme,
      baseURL: suite.server.url,
      // page.route below must see the app's own scripts, not the service worker's cache.
      serviceWorkers: "block",
    });

  /** A signed-in gardener with a tomato and an overdue task, so home shows every colour. */
  async function gardener(context: BrowserContext) {
    await signUpInContext(context, suite.server.url, "Rowan");
    await markOnboarded(context);
    const headers = { origin: suite.server.url };
    const plant = await context.request.post("/api/plants", {
      data: {
        name: "Tomato",
        medium: "soil",
        place: "outdoor",
        lights: "sun",
        plantingDate: isoDay(-20),
      },
      headers,
    });
    expect(plant.status()).toBe(201);
    const task = await context.request.post("/api/tasks", {
      data: { title: "Tie up the beans", dueDate: isoDay(-2) },
      headers,
    });
    expect(task.ok()).toBe(true);
    return ((await plant.json()) as { plant: { id: string } }).plant.id;
  }

  // Dark at the desktop's width: shell.test.ts audits these pages light at the phone's (each
  // scheme once, each width once, as SCHEMES_AND_WIDTHS).
  it.each(WIDTHS.filter(([width]) => width === "desktop"))(
    "follows a dark device with no serious axe findings on auth, home and settings (%s)",
    async (width, viewport) => {
      const signedOut = await newContext("dark", viewport);
      const outPage = await signedOut.newPage();
      await outPage.goto("/auth");
      await waitForText(outPage, "Welcome back");
      expect(await dataTheme(outPage)).toBeNull();
      expect(await ground(outPage)).toBe(DARK_GROUND);
      await expectNoSeriousAxeViolations(outPage);
      await saveScreenshot(outPage, `auth-dark-${width}`);
      await signedOut.close();

      const context = await newContext("dark", viewport);
      const plantId = await gardener(context);
      const page = await context.newPage();
      for (const [name, path, text] of [
        ["home", "/", "My Garden"],
        ["settings", "/settings", "Profile & Settings"],
      ] as const) {
        await page.goto(path);
        await waitForText(page, text);
        await page.waitForLoadState("networkidle");
        expect(await ground(page)).toBe(DARK_GROUND);
        await expectNoSeriousAxeViolations(page);
        await saveScreenshot(page, `${name}-dark-${width}`);
      }
      expect(await page.getByRole("radio", { name: "System", exact: true }).isChecked()).toBe(true);

      // A dialog over the scrim, with native selects and a date input in the dark scheme.
      await page.goto("/");
      await waitForText(page, "My Garden");
      await page.getByRole("button", { name: "Add Plant" }).first().click();
      await page.getByRole("dialog").waitFor();
      await expectNoSeriousAxeViolations(page);
      await saveScreenshot(page, `add-plant-dark-${width}`);

      await page.goto(`/plants/${plantId}`);
      await waitForText(page, "Stages");
      await expectNoSeriousAxeViolations(page);
      await saveScreenshot(page, `plant-detail-dark-${width}`);
      await context.close();
    },
  );

  it("switches a light device to Dark from Settings, before first paint after a reload", async () => {
    const context = await newContext("light", VIEWPORTS.mobile);
    await signUpInContext(context, suite.server.url);
    await markOnboarded(context);
    const page = await context.newPage();
    await page.goto("/settings");
    await waitForText(page, "System follows your device");
    expect(await ground(page)).toBe(LIGHT_GROUND);
    expect(await page.getByRole("radio", { name: "System", exact: true }).isChecked()).toBe(true);

    await page.getByText("Dark", { exact: true }).click();
    await expect.poll(() => dataTheme(page)).toBe("dark");
    await expect.poll(() => ground(page)).toBe(DARK_GROUND);
    expect(await page.evaluate(() => localStorage.getItem("theme"))).toBe("dark");
    expect(await page.getByRole("radio", { name: "Dark", exact: true }).isChecked()).toBe(true);

    await page.reload();
    await waitForText(page, "System follows your device");
    expect(await dataTheme(page)).toBe("dark");
    expect(await page.getByRole("radio", { name: "Dark", exact: true }).isChecked()).toBe(true);
    await expectNoSeriousAxeViolations(page);

    // The inline script in index.html applies it on its own, before any app code runs.
    suite.allowConsole(/ERR_FAILED/);
    await page.route("**/assets/*.js", (route) => route.abort());
    await page.reload();
    expect(await dataTheme(page)).toBe("dark");
    expect(await ground(page)).toBe(DARK_GROUND);
    await page.unroute("**/assets/*.js");

    await page.reload();
    await waitForText(page, "System follows your device");
    await page.getByText("System", { exact: true }).click();
    await expect.poll(() => dataTheme(page)).toBeNull();
    await expect.poll(() => ground(page)).toBe(LIGHT_GROUND);
    expect(await page.evaluate(() => localStorage.getItem("theme"))).toBe("system");
    await context.close();
  });

  it("keeps a dark device light when Light is chosen", async () => {
    const context = await newContext("dark");
    await signUpInContext(context, suite.server.url);
    await markOnboarded(context);
    const page = await context.newPage();
    await page.goto("/settings");
    await waitForText(page, "System follows your device");
    expect(await ground(page)).toBe(DARK_GROUND);

    await page.getByText("Light", { exact: true }).click();
    await expect.poll(() => dataTheme(page)).toBe("light");
    await expect.poll(() => ground(page)).toBe(LIGHT_GROUND);
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).colorScheme)).toBe(
      "light",
    );

    await page.goto("/");
    await waitForText(page, "My Garden");
    await page.waitForLoadState("networkidle");
    expect(await ground(page)).toBe(LIGHT_GROUND);
    await expectNoSeriousAxeViolations(page);
    await saveScreenshot(page, "home-light-on-dark-device-desktop");
    await context.close();
  });
});
