import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { addDays } from "../src/core/garden/dates";
import { chromiumPath, saveScreenshot, VIEWPORTS } from "../tests/support/browser";
import { browserSuite, type Viewport, waitForText } from "./support";

/** A calendar date as the plant page writes it ("Thu, Mar 12"), in the page's own locale. */
function shownDay(page: Page, date: string) {
  return page.evaluate(
    (iso) =>
      new Intl.DateTimeFormat(undefined, {
        weekday: "short",
        month: "short",
        day: "numeric",
        timeZone: "UTC",
      }).format(new Date(`${iso}T00:00:00Z`)),
    date,
  );
}

/** A full-page screenshot from the top. */
async function shot(page: Page, name: string) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await saveScreenshot(page, name);
}

/** What the plant page says of the harvest: the stage's ETA, the milestone and the task. */
async function harvestOnPage(page: Page) {
  const stages = page.getByRole("region", { name: "Stages" });
  const stage = stages
    .locator("ol")
    .first()
    .getByRole("listitem")
    .filter({ hasText: /^harvest/ });
  const milestone = page
    .getByRole("region", { name: "Milestones" })
    .getByRole("listitem")
    .filter({ hasText: "Harvest" });
  const task = page
    .getByRole("region", { name: "Tasks" })
    .getByRole("listitem")
    .filter({ hasText: /for harvest/ });
  await task.first().waitFor();
  return {
    stage: ((await stage.textContent()) ?? "").match(/ETA (.+)$/)?.[1],
    milestone: ((await milestone.textContent()) ?? "").match(/Planned (.+)$/)?.[1],
    task: await task.locator("span[title]").first().getAttribute("title"),
    line: ((await stages.getByText(/^🧺 Harvest from/).textContent()) ?? "").match(
      /Harvest from (.+) \(/,
    )?.[1],
  };
}

describe.skipIf(!chromiumPath)("one schedule per plant in Chromium (issue 24)", () => {
  const suite = browserSuite();
  const gardener = (viewport: Viewport) => suite.gardener("Rowan", { viewport, timezoneId: "UTC" });

  it.each([
    ["375", VIEWPORTS.mobile],
    ["1280", VIEWPORTS.desktop],
  ] as const)("the plant page gives one harvest date at %s px", async (size, viewport) => {
    const { context, page } = await gardener(viewport);
    const today = new Date().toISOString().slice(0, 10);
    const planted = addDays(today, -10);
    const res = await context.request.post("/api/plants", {
      data: {
        name: "Tomato",
        medium: "soil",
        place: "outdoor",
        lights: "sun",
        plantingDate: planted,
      },
      headers: { origin: suite.server.url, "x-timezone": "UTC" },
    });
    expect(res.status()).toBe(201);
    const { plant } = (await res.json()) as { plant: { id: string } };
    // The catalogue's tomato reaches its harvest stage on day 115.
    const harvest = addDays(planted, 115);
    await page.goto(`/plants/${plant.id}`);
    await waitForText(page, "Milestones");
    const day = await shownDay(page, harvest);
    expect(await harvestOnPage(page)).toEqual({ stage: day, milestone: day, task: day, line: day });
    await waitForText(page, "in 105 days");
    await shot(page, `plant-schedule-plant-${size}`);
    await context.close();
  });

  it("a plant tracked from a container guide keeps its setup, dates and first task, at 375 px", async () => {
    const { context, page } = await gardener(VIEWPORTS.mobile);
    await page.goto("/grow-along");
    await page.getByLabel("Location").fill("Seville");
    const plantField = page.getByRole("combobox", { name: "Plant" });
    await plantField.click();
    await page
      .getByRole("listbox", { name: "Popular plants" })
      .getByRole("option", { name: "Tomato", exact: true })
      .click();
    await waitForText(page, "From the crop catalogue");
    await page.getByLabel("Growing medium").selectOption("soil");
    await page.getByLabel("Gardening type").selectOption("container");
    await page.getByLabel("Lighting").selectOption("full-sun");
    await page.getByLabel("Experience").selectOption("beginner");
    await page.getByLabel("Climate").selectOption("mediterranean");
    await page.getByRole("button", { name: "Get My Growing Guide" }).click();
    const guide = page.getByRole("region", { name: "Growing guide" });
    await guide.getByRole("heading", { name: "Your Tomato guide" }).waitFor({ timeout: 30_000 });

    const guideHarvest = guide
      .getByRole("region", { name: "Stages" })
      .getByRole("listitem")
      .filter({ hasText: /^harvest/ });
    const guideDay = ((await guideHarvest.textContent()) ?? "").match(/ETA (\w+, \w+ \d+)/)?.[1];
    expect(guideDay).toBeTruthy();
    const guideTasks = guide.getByRole("region", { name: "Tasks" }).getByRole("listitem");
    expect(await guideTasks.first().textContent()).toContain("fill it with fresh potting mix");
    const dayZero = await guideTasks.filter({ hasText: /^Day 0(?!\d)/ }).allTextContents();
    expect(dayZero.some((text) => /mulch/i.test(text))).toBe(false);
    await shot(page, "plant-schedule-guide-375");

    await guide.getByRole("button", { name: "Track this plant" }).click();
    await page.waitForURL(/\/plants\/[^/]+$/);
    await waitForText(page, "Soil · Container · Outdoor · Full Sun");
    const onPage = await harvestOnPage(page);
    expect(onPage).toEqual({
      stage: guideDay,
      milestone: guideDay,
      task: guideDay,
      line: guideDay,
    });
    const tasks = page.getByRole("region", { name: "Tasks" }).getByRole("listitem");
    expect(await tasks.first().textContent()).toContain("fill it with fresh potting mix");
    await shot(page, "plant-schedule-tracked-375");
    await context.close();
  });
});
