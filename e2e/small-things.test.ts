import fs from "node:fs";
import path from "node:path";
import type { BrowserContext, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { chromiumPath, saveScreenshot, VIEWPORTS } from "../tests/support/browser";
import { browserSuite, expectNoSeriousAxeViolations, waitForText } from "./support";

// Issue 24, item 6: Undo after Done, a plant for Add Task, today's chat count, Plant ID margins.

const photos = path.resolve(import.meta.dirname, "../../shared/fixtures/plant-photos");
const SUNFLOWER = path.join(photos, "sunflower_01.jpg");

type TaskJson = { id: string; title: string; plantId: string | null; dueDate: string };

const today = () => new Date().toISOString().slice(0, 10);

describe.skipIf(!chromiumPath)("issue 24's small things at 375 px in Chromium", () => {
  const suite = browserSuite();
  const gardener = () => suite.gardener("Hazel", { viewport: VIEWPORTS.mobile, timezoneId: "UTC" });
  const post = (context: BrowserContext, url: string, data: unknown) =>
    context.request.post(url, { data, headers: { origin: suite.server.url } });
  const pending = async (context: BrowserContext) =>
    (
      (await (await context.request.get("/api/tasks?status=pending&limit=500")).json()) as {
        tasks: TaskJson[];
      }
    ).tasks;

  async function addPlant(context: BrowserContext, name: string): Promise<string> {
    const res = await post(context, "/api/plants", {
      name,
      medium: "soil",
      place: "outdoor",
      lights: "sun",
      plantingDate: today(),
    });
    expect(res.status(), await res.text()).toBe(201);
    return ((await res.json()) as { plant: { id: string } }).plant.id;
  }

  it("Done shows Undo, which brings the task back and removes the repeat it made", async () => {
    const { context, page } = await gardener();
    const res = await post(context, "/api/tasks", {
      title: "Water the rain barrel pots",
      dueDate: today(),
      repeatEveryDays: 3,
    });
    const task = (await res.json()) as TaskJson;
    await page.goto("/");
    // The task's row; the repeat's row (due in 3 days) has the same title.
    const row = page.getByRole("listitem").filter({ hasText: task.title });
    await waitForText(row, "Today");
    await page.getByRole("button", { name: `Done: ${task.title}` }).click();
    await waitForText(page, "Task completed");
    const repeat = (await pending(context)).find((t) => t.title === task.title);
    expect(repeat?.id).toBeDefined();
    expect(repeat?.id).not.toBe(task.id);
    // Nothing is due today now, so My Tasks shows the week: the repeat, in 3 days.
    await waitForText(row, "in 3 days");
    await saveScreenshot(page, "undo-toast-mobile");

    await page.getByRole("button", { name: "Undo", exact: true }).click();
    await waitForText(page, "Task back on your list");
    const after = (await pending(context)).filter((t) => t.title === task.title);
    expect(after.map((t) => t.id)).toEqual([task.id]);
    await page.getByRole("tab", { name: /^Today/ }).click();
    await waitForText(row, "Today");
    await expect.poll(() => row.count()).toBe(1);
    await page.getByRole("tab", { name: /^Upcoming/ }).click();
    await expect.poll(() => row.count()).toBe(1);
    await saveScreenshot(page, "undo-restored-mobile");
    await context.close();
  });

  it("Add Task attaches the task to a plant the gardener picks", async () => {
    const { context, page } = await gardener();
    const basil = await addPlant(context, "Basil");
    await addPlant(context, "Lettuce");
    await page.goto("/");
    await page.getByRole("button", { name: "Add task" }).click();
    const dialog = page.getByRole("dialog", { name: "Add task" });
    const plant = dialog.getByLabel("Plant (optional)");
    // The gardener's active plants, newest first, after "No plant".
    await expect
      .poll(() => plant.locator("option").allTextContents())
      .toEqual(["No plant", "Lettuce", "Basil"]);
    await dialog.getByLabel("Title").fill("Pinch out the flower buds");
    await plant.selectOption({ label: "Basil" });
    await expectNoSeriousAxeViolations(page);
    await saveScreenshot(page, "add-task-plant-mobile");
    await dialog.getByRole("button", { name: "Add", exact: true }).click();
    await dialog.waitFor({ state: "hidden" });
    const added = (await pending(context)).find((t) => t.title === "Pinch out the flower buds");
    expect(added?.plantId).toBe(basil);
    // The row names the plant.
    const row = page.getByRole("listitem").filter({ hasText: "Pinch out the flower buds" });
    await waitForText(row, /^Basil · /);
    await context.close();
  });

  it("chat shows today's messages against the plan beside this month's", async () => {
    const { context, page } = await gardener();
    await page.goto("/chat");
    await waitForText(page, "This month: 0");
    await waitForText(page, "0 of 50 today");
    const input = page.getByLabel("Message the gardening assistant");
    await input.fill("How often should I water basil in pots?");
    await input.press("Enter");
    await waitForText(page, "1 of 50 today");
    await waitForText(page, "This month: 1");
    const quota = (await (await context.request.get("/api/me/quota")).json()) as {
      usedToday: number;
      dailyLimit: number;
    };
    expect(quota).toMatchObject({ usedToday: 1, dailyLimit: 50 });
    await saveScreenshot(page, "chat-today-count-mobile");
    await page.setViewportSize(VIEWPORTS.desktop);
    await waitForText(page, "1 of 50 today");
    await saveScreenshot(page, "chat-today-count-desktop");
    await context.close();
  });

  it.skipIf(!fs.existsSync(SUNFLOWER))(
    "Plant ID result cards keep equal margins from 320 to 430 px",
    async () => {
      const { context, page } = await gardener();
      await page.goto("/plant-id");
      await page.locator('input[type="file"]:not([capture])').setInputFiles(SUNFLOWER);
      await page.getByRole("button", { name: "Analyze photo" }).click();
      await page.locator("#result-name").waitFor({ timeout: 45_000 });
      const region = page.getByRole("region", { name: "Identification result" });
      for (const width of [320, 375, 430]) {
        await page.setViewportSize({ width, height: 812 });
        const margins = await marginsOf(page, region.locator(":scope > div > *"));
        for (const { left, right } of margins) {
          expect(left, `at ${width} px`).toBeGreaterThanOrEqual(12);
          expect(
            Math.abs(left - right),
            `at ${width} px: ${left} left, ${right} right`,
          ).toBeLessThanOrEqual(1);
        }
        expect(margins.length).toBeGreaterThanOrEqual(2);
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(width);
        await page.evaluate(() => window.scrollTo(0, 0));
        await saveScreenshot(page, `plant-id-margins-${width}`);
      }
      await context.close();
    },
  );
});

/** Each box's distance from the viewport's left and right edges, in CSS pixels. */
async function marginsOf(page: Page, boxes: ReturnType<Page["locator"]>) {
  const width = page.viewportSize()?.width ?? 0;
  const margins: { left: number; right: number }[] = [];
  for (const box of await boxes.all()) {
    const rect = await box.boundingBox();
    if (rect) margins.push({ left: rect.x, right: width - rect.x - rect.width });
  }
  return margins;
}
