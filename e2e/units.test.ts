import type { BrowserContext, Locator, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { chromiumPath, saveScreenshot, VIEWPORTS } from "../tests/support/browser";
import { browserSuite, waitForText } from "./support";

// Issue 24 item 2: every quantity a gardener reads follows their units, plans' text included.

/** A metric quantity: "2–3 cm", "18 °C", "12 km/h". */
const METRIC = /\d\s?(?:cm|mm|°C|km\/h)\b|\d\s?°C/;

/** A full-page screenshot from the top. */
async function shot(page: Page, name: string) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await saveScreenshot(page, name);
}

const textOf = async (where: Locator) => (await where.textContent()) ?? "";

describe.skipIf(!chromiumPath)("units in Chromium", () => {
  const suite = browserSuite();

  async function setUnits(context: BrowserContext, units: "C" | "F") {
    const res = await context.request.patch("/api/me", {
      data: { units },
      headers: { origin: suite.server.url },
    });
    expect(res.status()).toBe(200);
  }

  async function addTomato(page: Page) {
    await page.getByRole("button", { name: "Add Plant" }).first().click();
    await page.getByRole("combobox", { name: "Plant", exact: true }).fill("toma");
    await page.getByRole("option", { name: "Tomato", exact: true }).click();
    await page.getByLabel("Growing medium").selectOption("soil");
    await page.getByLabel("Place").selectOption("outdoor");
    await page.getByLabel("Lights").selectOption("sun");
    await page.getByRole("dialog").getByRole("button", { name: "Add Plant" }).click();
    await waitForText(page, "Plan created. Tasks scheduled.");
  }

  it("shows a new plant's tasks and a guide in inches and °F, and in cm after a switch to °C", async () => {
    const { context, page } = await suite.gardener("Hazel", { viewport: VIEWPORTS.mobile });
    const me = await context.request.patch("/api/me", {
      // A beginner's tomato checks its soil "2–3 cm deep".
      data: { units: "F", experience: "beginner" },
      headers: { origin: suite.server.url },
    });
    expect(me.status()).toBe(200);
    await page.goto("/");
    await waitForText(page, "No plants yet. Start your first grow!");
    await addTomato(page);

    await page
      .getByRole("link", { name: /Tomato/ })
      .first()
      .click();
    await page.waitForURL(/\/plants\/[^/]+$/);
    const tasks = page.getByRole("region", { name: "Tasks" });
    await tasks.getByText("Check soil moisture (finger test, ¾–1 in deep)").waitFor();
    const plantPage = page.locator("main");
    expect(await textOf(plantPage)).not.toMatch(METRIC);
    await shot(page, "units-plant-fahrenheit-mobile");

    // Stored metric, read in the units chosen now: the same page after a switch to °C.
    await setUnits(context, "C");
    await page.reload();
    await tasks.getByText("Check soil moisture (finger test, 2–3 cm deep)").waitFor();

    // A Grow Along guide for a hydroponic tomato: its tips name the reservoir's temperature.
    await setUnits(context, "F");
    await page.goto("/grow-along");
    await page.getByLabel("Location").fill("Leeds");
    await page.getByRole("combobox", { name: "Plant" }).fill("Tomato");
    await page.getByRole("option", { name: "Tomato", exact: true }).first().click();
    await page.getByLabel("Growing medium").selectOption("hydroponics");
    await page.getByLabel("Gardening type").selectOption("indoor");
    await page.getByLabel("Lighting").selectOption("led");
    await page.getByLabel("Experience").selectOption("beginner");
    await page.getByLabel("Climate").selectOption("temperate");
    await page.getByRole("button", { name: "Get My Growing Guide" }).click();
    const guide = page.getByRole("region", { name: "Growing guide" });
    await guide.getByRole("heading", { name: "Your Tomato guide" }).waitFor({ timeout: 30_000 });
    await waitForText(guide.getByRole("region", { name: "Tips" }), /\d+–\d+ °F/);
    expect(await textOf(guide)).not.toMatch(METRIC);
    await shot(page, "units-guide-fahrenheit-mobile");
    await page.setViewportSize(VIEWPORTS.desktop);
    await shot(page, "units-guide-fahrenheit-desktop");
    await context.close();
  });

  it("gives the wind in km/h beside °C and in mph beside °F", async () => {
    const { context, page } = await suite.gardener("Linden", { viewport: VIEWPORTS.mobile });
    await setUnits(context, "C");
    await page.goto("/");
    const card = page.getByRole("region", { name: "Weather & Season" });
    // The fake's mild day: 18.5 °C, wind 7.5 mph (12 km/h).
    await expect.poll(() => textOf(card), { timeout: 15_000 }).toContain("12 km/h");
    expect(await textOf(card)).toContain("18.5 °C");
    expect(await textOf(card)).not.toContain("mph");
    await shot(page, "units-weather-celsius-mobile");

    await setUnits(context, "F");
    await page.reload();
    await expect.poll(() => textOf(card), { timeout: 15_000 }).toContain("8 mph");
    expect(await textOf(card)).toContain("65 °F");
    expect(await textOf(card)).not.toContain("km/h");
    await shot(page, "units-weather-fahrenheit-mobile");
    await page.setViewportSize(VIEWPORTS.desktop);
    await shot(page, "units-weather-fahrenheit-desktop");
    await context.close();
  });
});
