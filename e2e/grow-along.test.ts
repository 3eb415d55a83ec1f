import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { chromiumPath, saveScreenshot, VIEWPORTS } from "../tests/support/browser";
import {
  browserSuite,
  expectNoSeriousAxeViolations,
  SCHEMES_AND_WIDTHS,
  type Viewport,
  waitForText,
} from "./support";

const CORIANDER = "Difficult Herb: Coriander from Seed";

/** A full-page screenshot from the top (a guide takes focus and scrolls the page). */
async function shot(page: Page, name: string) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await saveScreenshot(page, name);
}

describe.skipIf(!chromiumPath)("Grow Along and checklists in Chromium", () => {
  const suite = browserSuite();

  const gardener = (
    viewport: Viewport = VIEWPORTS.desktop,
    colorScheme: "light" | "dark" = "light",
  ) => suite.gardener("Fern", { viewport, colorScheme });

  const guideButton = (page: Page) => page.getByRole("button", { name: "Get My Growing Guide" });

  /** Fills the Grow Along form for a tomato in a sunny container, everything but the climate. */
  async function fillForm(page: Page) {
    await page.getByLabel("Location").fill("Leeds");
    const plant = page.getByRole("combobox", { name: "Plant" });
    await plant.click();
    // Empty and focused, the field lists the built-in suggestions (spec §9: 32).
    const popular = page.getByRole("listbox", { name: "Popular plants" });
    await popular.waitFor();
    expect(await popular.getByRole("option").count()).toBe(32);
    await popular.getByRole("option", { name: "Tomato", exact: true }).click();
    await waitForText(page, "From the crop catalogue");
    await page.getByLabel("Growing medium").selectOption("soil");
    await page.getByLabel("Gardening type").selectOption("container");
    await page.getByLabel("Lighting").selectOption("full-sun");
    await page.getByLabel("Experience").selectOption("beginner");
  }

  async function getGuide(page: Page) {
    await page.getByLabel("Climate").selectOption("temperate");
    await guideButton(page).click();
    await page.getByRole("heading", { name: "Your Tomato guide" }).waitFor({ timeout: 30_000 });
  }

  it("makes a guide, tracks it, and the plant shows its milestones and tasks", async () => {
    const { context, page } = await gardener();
    await page.goto("/grow-along");
    expect(await guideButton(page).isDisabled()).toBe(true);
    await waitForText(page, /^Fill in the location, plant, .* and climate to get your guide\.$/);
    await fillForm(page);
    expect(await guideButton(page).isDisabled()).toBe(true);
    await waitForText(page, "Fill in the climate to get your guide.");
    await getGuide(page);

    const guide = page.getByRole("region", { name: "Growing guide" });
    const stages = guide.getByRole("region", { name: "Stages" }).getByRole("listitem");
    const stageCount = await stages.count();
    expect(stageCount).toBeGreaterThan(1);
    await waitForText(guide, /\(now\)$/);
    const tasks = guide.getByRole("region", { name: "Tasks" }).getByRole("listitem");
    expect(await tasks.count()).toBeGreaterThan(0);
    await waitForText(guide, /^Day \d+$/);
    expect(
      await guide.getByRole("region", { name: "Tips" }).getByRole("listitem").count(),
    ).toBeGreaterThan(0);
    await guide.getByRole("region", { name: "Instructions" }).waitFor();
    await waitForText(guide, "Built-in assistant");
    await shot(page, "grow-along-guide-desktop");

    await guide.getByRole("button", { name: "Track this plant" }).click();
    await page.waitForURL(/\/plants\/[^/]+$/);
    await waitForText(page, "Plan created. Tasks scheduled.");
    const plantId = page.url().split("/").pop() ?? "";
    const plant = (await (await context.request.get(`/api/plants/${plantId}`)).json()) as {
      name: string;
      stage: string;
      place: string;
      lights: string;
      milestones: { title: string; reachedAt: string | null }[];
      taskCount: number;
      nextTaskId: string | null;
    };
    expect(plant).toMatchObject({ name: "Tomato", stage: "seed", place: "outdoor", lights: "sun" });
    expect(plant.milestones).toHaveLength(stageCount);
    expect(plant.taskCount).toBeGreaterThan(0);
    expect(plant.nextTaskId).toBeTruthy();

    const milestones = page.getByRole("region", { name: "Milestones" }).getByRole("listitem");
    await milestones.first().waitFor();
    expect(await milestones.count()).toBe(stageCount);
    const reached = page.getByRole("region", { name: "Milestones" }).getByText(/^Reached /);
    expect(await reached.count()).toBe(1);
    // The plant's tasks are their own query and can arrive after its milestones.
    const planTasks = page.getByRole("region", { name: "Tasks" }).getByRole("listitem");
    await planTasks.first().waitFor();
    await shot(page, "grow-along-tracked-plant-desktop");

    // A stage change records its milestone, and the list follows.
    const second = plant.milestones[1]?.title ?? "";
    await page.getByRole("button", { name: `Mark ${second} reached` }).click();
    await waitForText(page, `${second} reached`);
    await expect.poll(() => reached.count()).toBe(2);
    await context.close();
  });

  it("fills the location from GPS", async () => {
    const { context, page } = await gardener(VIEWPORTS.mobile);
    await context.grantPermissions(["geolocation"], { origin: suite.server.url });
    await context.setGeolocation({ latitude: 53.80081, longitude: -1.54914 });
    await page.goto("/grow-along");
    await page.getByRole("button", { name: "Use GPS" }).click();
    // The suite's (fake) geocoder names the nearest place.
    await expect
      .poll(() => page.getByLabel("Location").inputValue(), { timeout: 15_000 })
      .toBe("Leeds, GB");
    await context.close();
  });

  it("starts the coriander checklist, keeps ticked steps across a reload and tabs, removes it", async () => {
    const { context, page } = await gardener();
    await page.goto("/workflows");
    await waitForText(page, "No active checklist.");
    const lawn = page.getByRole("region", { name: "Start a checklist" }).getByRole("region", {
      name: "Lawn/Grass from Seed",
    });
    await waitForText(lawn, "8 steps");
    const template = page
      .getByRole("region", { name: "Start a checklist" })
      .getByRole("region", { name: CORIANDER });
    await waitForText(template, "6 steps");
    await template.getByRole("button", { name: "Start" }).click();

    const active = page.getByRole("region", { name: "Active Checklist" });
    const card = active.getByRole("region", { name: CORIANDER });
    await waitForText(card, "0 of 6 done");
    const boxes = card.getByRole("checkbox");
    expect(await boxes.count()).toBe(6);

    const other = await context.newPage();
    await other.goto("/workflows");
    const otherCard = other
      .getByRole("region", { name: "Active Checklist" })
      .getByRole("region", { name: CORIANDER });
    await waitForText(otherCard, "0 of 6 done");

    await boxes.nth(0).check();
    await boxes.nth(2).check();
    await waitForText(card, "2 of 6 done");
    // Stored on the server…
    await expect
      .poll(async () => {
        const { workflows } = (await (await context.request.get("/api/workflows")).json()) as {
          workflows: { items: { done: boolean }[] }[];
        };
        return workflows[0]?.items.map((i) => i.done);
      })
      .toEqual([true, false, true, false, false, false]);
    // …shown live in the other tab…
    const started = Date.now();
    await waitForText(otherCard, "2 of 6 done");
    console.log(`the other tab showed the ticks after ${Date.now() - started} ms`);
    expect(await otherCard.getByRole("checkbox").nth(2).isChecked()).toBe(true);
    await other.close();
    await shot(page, "workflows-active-desktop");

    // …and kept across a reload.
    await page.reload();
    await waitForText(card, "2 of 6 done");
    expect(await boxes.nth(0).isChecked()).toBe(true);
    expect(await boxes.nth(1).isChecked()).toBe(false);
    expect(await boxes.nth(2).isChecked()).toBe(true);
    await boxes.nth(2).uncheck();
    await waitForText(card, "1 of 6 done");

    await card.getByRole("button", { name: "Remove" }).click();
    const dialog = page.getByRole("dialog", { name: "Remove this checklist?" });
    await dialog.getByRole("button", { name: "Remove", exact: true }).click();
    await waitForText(page, "No active checklist.");
    const { workflows } = (await (await context.request.get("/api/workflows")).json()) as {
      workflows: unknown[];
    };
    expect(workflows).toEqual([]);
    expect(await page.getByRole("link", { name: "Ask the assistant" }).getAttribute("href")).toBe(
      "/chat?new=1",
    );
    await context.close();
  });

  // One test a scheme and width, each with its own time budget: every audit in one test would
  // race the clock on a busy machine.
  it.each(SCHEMES_AND_WIDTHS)(
    "has no serious accessibility findings on /grow-along and /workflows, %s at %s px",
    async (colorScheme, size, viewport) => {
      const { context, page } = await gardener(viewport, colorScheme);
      await page.goto("/grow-along");
      await guideButton(page).waitFor();
      await expectNoSeriousAxeViolations(page);
      await shot(page, `grow-along-form-${size}-${colorScheme}`);

      await fillForm(page);
      await getGuide(page);
      await expectNoSeriousAxeViolations(page);
      await shot(page, `grow-along-${size}-${colorScheme}`);

      await page.getByRole("combobox", { name: "Plant" }).fill("Moonflower vine");
      await waitForText(page, "Custom Plant");
      await expectNoSeriousAxeViolations(page);
      if (size === "375") await shot(page, `grow-along-custom-${size}-${colorScheme}`);

      await page.goto("/workflows");
      await waitForText(page, "No active checklist.");
      await expectNoSeriousAxeViolations(page);
      await shot(page, `workflows-empty-${size}-${colorScheme}`);
      await page
        .getByRole("region", { name: "Start a checklist" })
        .getByRole("region", { name: CORIANDER })
        .getByRole("button", { name: "Start" })
        .click();
      const card = page.getByRole("region", { name: "Active Checklist" }).getByRole("region", {
        name: CORIANDER,
      });
      await waitForText(card, "0 of 6 done");
      await card.getByRole("checkbox").first().check();
      await waitForText(card, "1 of 6 done");
      await expectNoSeriousAxeViolations(page);
      await shot(page, `workflows-${size}-${colorScheme}`);

      await card.getByRole("button", { name: "Remove" }).click();
      await page.getByRole("dialog", { name: "Remove this checklist?" }).waitFor();
      await expectNoSeriousAxeViolations(page);
      if (size === "375") await shot(page, `workflows-remove-${size}-${colorScheme}`);
      await context.close();
    },
  );
});
