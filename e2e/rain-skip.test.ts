import type { BrowserContext } from "playwright-core";
import { describe, expect, it } from "vitest";
import { chromiumPath, saveScreenshot, VIEWPORTS } from "../tests/support/browser";
import { browserSuite, expectNoSeriousAxeViolations, waitForText } from "./support";

// Issue 26, item 2: a watering the rain skipped says why, and Undo puts it back. Issue 37: the
// skip comes from the scheduler's run (every second here), never from reading the weather, and
// reaches the open page as a live change.

const utcDay = (days = 0) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

describe.skipIf(!chromiumPath)("a watering skipped by the rain, in Chromium", () => {
  const suite = browserSuite({ REMINDERS_INTERVAL_SECONDS: "1" });
  const post = (context: BrowserContext, url: string, data: unknown) =>
    context.request.post(url, { data, headers: { origin: suite.server.url } });

  it('shows "Skipped — it rained 12.5 mm" once the scheduler has run, and Undo restores it', async () => {
    // The suite's fake weather service: a stormy week, 12.5 mm today at the gardener's place.
    if (!suite.weather) throw new Error("the suite has no fake weather service");
    suite.weather.fixture = "stormy";
    const { context, page } = await suite.gardener("Rowan", {
      viewport: VIEWPORTS.mobile,
      timezoneId: "UTC",
    });
    const plant = await post(context, "/api/plants", {
      name: "Tomato",
      medium: "soil",
      place: "outdoor",
      lights: "sun",
      plantingDate: utcDay(30),
    });
    expect(plant.status(), await plant.text()).toBe(201);
    const plantId = ((await plant.json()) as { plant: { id: string } }).plant.id;
    const res = await post(context, "/api/tasks", {
      title: "Water the tomatoes",
      type: "watering",
      plantId,
      dueDate: utcDay(-1),
      repeatEveryDays: 3,
    });
    expect(res.status(), await res.text()).toBe(201);

    // Opening My Garden reads the weather (12.5 mm today), which moves nothing.
    await page.goto("/");
    // The task's row in My Tasks (the plant's card names its next task too).
    const row = page
      .getByRole("listitem")
      .filter({ has: page.getByRole("button", { name: "Done: Water the tomatoes" }) });
    await waitForText(page, /°[CF]/);
    await row.waitFor();
    expect((await row.allTextContents()).join(" ")).not.toContain("Skipped");
    // Once the gardener has a place, the next run skips the watering for its rain; the open
    // page hears of it on its event stream.
    const saved = await context.request.patch("/api/me", {
      data: { location: "San Francisco" },
      headers: { origin: suite.server.url },
    });
    expect(saved.status(), await saved.text()).toBe(200);
    await waitForText(row, "Skipped — it rained 12.5 mm");
    await row.scrollIntoViewIfNeeded();
    await saveScreenshot(page, "rain-skip-mobile", { fullPage: false });
    await expectNoSeriousAxeViolations(page);

    await page.setViewportSize(VIEWPORTS.desktop);
    await waitForText(row, "Skipped — it rained 12.5 mm");
    await row.scrollIntoViewIfNeeded();
    await saveScreenshot(page, "rain-skip-desktop", { fullPage: false });

    await row.getByRole("button", { name: "Undo the skip: Water the tomatoes" }).click();
    await waitForText(page, "Watering back on your list");
    await expect.poll(async () => (await row.allTextContents()).join(" ")).not.toContain("Skipped");
    const tasks = (
      (await (await context.request.get("/api/tasks?status=pending")).json()) as {
        tasks: { title: string; dueDate: string; skip: unknown }[];
      }
    ).tasks;
    expect(tasks.find((t) => t.title === "Water the tomatoes")).toMatchObject({
      dueDate: utcDay(-1),
      skip: null,
    });
    await context.close();
  });
});
