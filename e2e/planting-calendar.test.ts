import type { BrowserContext, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { chromiumPath, saveScreenshot, VIEWPORTS } from "../tests/support/browser";
import {
  browserSuite,
  expectNoSeriousAxeViolations,
  type GardenerOptions,
  WIDTHS,
  waitForText,
} from "./support";

const MELBOURNE = {
  name: "Melbourne",
  admin1: "Victoria",
  country: "Australia",
  countryCode: "AU",
  latitude: -37.81,
  longitude: 144.96,
  timeZone: "Australia/Melbourne",
};
const SAN_FRANCISCO = {
  name: "San Francisco",
  admin1: "California",
  country: "United States",
  countryCode: "US",
  latitude: 37.77,
  longitude: -122.42,
  postcode: "94103",
};

/** The gardener's today on every page: late spring in Melbourne, late autumn in San Francisco. */
const TODAY = new Date("2026-11-25T10:00:00");

describe.skipIf(!chromiumPath)("planting calendar in Chromium", () => {
  const suite = browserSuite();

  async function gardenerAt(place: object | null, options: GardenerOptions = {}) {
    const { context, page } = await suite.gardener("Rowan", {
      viewport: VIEWPORTS.desktop,
      ...options,
    });
    if (place) {
      const me = await context.request.patch("/api/me", {
        data: { place },
        headers: { origin: suite.server.url },
      });
      expect(me.status()).toBe(200);
    }
    await page.clock.setFixedTime(TODAY);
    return { context, page };
  }

  async function addPlant(context: BrowserContext, name: string) {
    const res = await context.request.post("/api/plants", {
      data: { name, medium: "soil", place: "outdoor", lights: "sun", plantingDate: "2026-11-01" },
      headers: { origin: suite.server.url },
    });
    expect(res.status()).toBe(201);
  }

  /** Opens the page and waits for its calendar, returning the query it sent. */
  async function openCalendar(page: Page) {
    const request = page.waitForRequest((r) => r.url().includes("/api/planting-calendar?"));
    await page.goto("/planting-calendar");
    const sent = new URL((await request).url());
    await page.getByRole("heading", { name: "Planting calendar" }).waitFor();
    return sent.searchParams;
  }

  const cropCard = (page: Page, name: string) =>
    page.getByRole("listitem").filter({ has: page.getByRole("heading", { name, exact: true }) });

  const noSideScroll = (page: Page) =>
    page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

  it("shows a Melbourne gardener's own crops for their date: tomatoes go out now", async () => {
    const { context, page } = await gardenerAt(MELBOURNE);
    await addPlant(context, "Tomato");
    await addPlant(context, "Garlic");
    const sent = await openCalendar(page);
    expect(sent.get("date")).toBe("2026-11-25");
    expect(sent.get("crops")).toBe("garlic,tomato");

    await waitForText(page, "Melbourne, Victoria, Australia");
    await waitForText(page, /Zone \w+ · last frost about .* · from 10 years of weather history/);
    expect(await page.getByRole("tab", { name: "My crops" }).getAttribute("aria-selected")).toBe(
      "true",
    );
    const tomato = cropCard(page, "Tomato");
    await tomato.getByText(/^Plant out now, until /).waitFor();
    await tomato.getByText("Now", { exact: true }).waitFor();
    const chart = tomato.getByRole("img", { name: /^Tomato: / });
    expect(await chart.getAttribute("aria-label")).toMatch(/Plant out 25 Nov – \d+ \w{3}/);
    // Today's line sits in November, the chart's first month, 24.5 days in.
    const line = await chart.getByTestId("today-line").boundingBox();
    const track = await chart.getByTestId("today-line").locator("..").boundingBox();
    if (!line || !track) throw new Error("the chart is not drawn");
    const at = (line.x + line.width / 2 - track.x) / track.width;
    expect(at).toBeGreaterThan(23 / 365);
    expect(at).toBeLessThan(26 / 365);
    await cropCard(page, "Garlic").getByText("Not now", { exact: true }).waitFor();
    await expectNoSeriousAxeViolations(page);
    await saveScreenshot(page, "planting-calendar-melbourne-desktop");
    await context.close();
  });

  it("lists every crop for San Francisco from NOAA and the USDA map: garlic now, tomatoes not", async () => {
    const { context, page } = await gardenerAt(SAN_FRANCISCO);
    const sent = await openCalendar(page);
    // No plants yet: the whole catalogue.
    expect(sent.has("crops")).toBe(false);
    await waitForText(page, /Zone 10b · frost-free · .* · from NOAA and the USDA map/);
    expect(await page.getByRole("tab", { name: "All crops" }).getAttribute("aria-selected")).toBe(
      "true",
    );
    await page.getByLabel("Kind").selectOption("vegetable");
    await page.getByLabel("Name").fill("garlic");
    await cropCard(page, "Garlic").getByText("Now", { exact: true }).waitFor();
    await page.getByLabel("Name").fill("tomato");
    const tomato = cropCard(page, "Tomato");
    await tomato.getByText("Not now", { exact: true }).waitFor();
    await tomato.getByText(/Next: start seeds indoors from/).waitFor();
    await context.close();
  });

  it("sends a gardener with no place to Settings", async () => {
    // The calendar's 404 says there is no place: expected, and the page says what to do.
    suite.allowConsole(/status of 404 .*\/api\/planting-calendar\?/);
    const { context, page } = await gardenerAt(null);
    await openCalendar(page);
    await waitForText(page, "Choose where you garden first");
    await page.getByRole("link", { name: "Choose your place in Settings" }).click();
    await page.waitForURL("**/settings");
    await context.close();
  });

  it("says when the place's climate cannot be fetched, and tries again", async () => {
    const weather = suite.weather;
    if (!weather) throw new Error("the suite runs its own fake Open-Meteo");
    const { context, page } = await gardenerAt({
      name: "Reykjavik",
      admin1: null,
      country: "Iceland",
      countryCode: "IS",
      latitude: 64.15,
      longitude: -21.94,
    });
    weather.failWith = 503;
    try {
      await openCalendar(page);
      await waitForText(page, "Your place's climate could not be fetched");
      await saveScreenshot(page, "planting-calendar-no-climate-desktop");
    } finally {
      weather.failWith = null;
    }
    await page.getByRole("button", { name: "Try again" }).click();
    await waitForText(page, /from 10 years of weather history/);
    await waitForText(page, /\d+ crops/);
    await context.close();
  });

  it("is reached from What to Plant Now and from the plant tracker", async () => {
    const { context, page } = await gardenerAt(MELBOURNE);
    await page.goto("/");
    await page.getByRole("link", { name: "Planting calendar" }).click();
    await page.waitForURL("**/planting-calendar");
    await page.getByRole("heading", { name: "Planting calendar" }).waitFor();
    await page.goto("/plants");
    await page.getByRole("link", { name: "Planting calendar" }).click();
    await page.waitForURL("**/planting-calendar");
    await waitForText(page, "Melbourne, Victoria, Australia");
    await context.close();
  });

  // One test a width, each with its own time budget.
  it.each(WIDTHS)("fits the screen, every crop's year readable (%s)", async (width, viewport) => {
    const { context, page } = await gardenerAt(MELBOURNE, { viewport });
    await addPlant(context, "Tomato");
    await addPlant(context, "Lettuce");
    await addPlant(context, "Basil");
    await openCalendar(page);
    await cropCard(page, "Lettuce").getByRole("img").waitFor();
    expect(await noSideScroll(page)).toBe(true);
    await expectNoSeriousAxeViolations(page);
    await saveScreenshot(page, `planting-calendar-mine-${width}`);
    await page.getByRole("tab", { name: "All crops" }).click();
    await waitForText(page, /^\d+ crops$/);
    expect(await noSideScroll(page)).toBe(true);
    await page.getByLabel("Kind").selectOption("herb");
    await waitForText(page, /^\d+ of \d+ crops$/);
    await saveScreenshot(page, `planting-calendar-herbs-${width}`);
    // The filters' own audit: with a few cards (every chart's labels make axe slow), as the
    // charts were audited above.
    await page.getByLabel("Name").fill("bas");
    await cropCard(page, "Basil").waitFor();
    await expectNoSeriousAxeViolations(page);
    await context.close();
  });

  it("reads in the dark theme too", async () => {
    const { context, page } = await gardenerAt(MELBOURNE, {
      viewport: VIEWPORTS.mobile,
      colorScheme: "dark",
    });
    await addPlant(context, "Tomato");
    await openCalendar(page);
    await cropCard(page, "Tomato").getByRole("img").waitFor();
    await expectNoSeriousAxeViolations(page);
    await saveScreenshot(page, "planting-calendar-dark-mobile");
    await context.close();
  });
});
