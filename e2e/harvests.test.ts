import type { BrowserContext, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { chromiumPath, saveScreenshot, VIEWPORTS } from "../tests/support/browser";
import { browserSuite, expectNoSeriousAxeViolations, waitForText } from "./support";

const today = () => new Date().toISOString().slice(0, 10);

async function shot(page: Page, name: string) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await saveScreenshot(page, name);
}

const fitsWidth = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);

describe.skipIf(!chromiumPath)("the harvest log", () => {
  const suite = browserSuite();

  async function addPlant(context: BrowserContext, name: string) {
    const res = await context.request.post("/api/plants", {
      data: { name, medium: "soil", place: "outdoor", lights: "sun", plantingDate: today() },
      headers: { origin: suite.server.url },
    });
    expect(res.status()).toBe(201);
    return ((await res.json()) as { plant: { id: string } }).plant.id;
  }

  it.each([
    ["375", VIEWPORTS.mobile],
    ["1280", VIEWPORTS.desktop],
  ] as const)(
    "logs a harvest on a plant and shows the season's chart at %s px",
    async (size, viewport) => {
      const { context, page } = await suite.gardener("Hazel", { viewport });
      const tomato = await addPlant(context, "Tomato");
      const basil = await addPlant(context, "Basil");
      // An earlier basil harvest, so the chart has two crops to compare.
      const earlier = await context.request.post(`/api/plants/${basil}/harvests`, {
        data: { date: today(), weight: { value: 120, unit: "g" }, count: null, note: null },
        headers: { origin: suite.server.url },
      });
      expect(earlier.status()).toBe(201);

      await page.goto(`/plants/${tomato}`);
      const card = page.getByRole("region", { name: "Harvests" });
      await waitForText(card, "No harvests logged yet");
      await card.getByRole("button", { name: "Log harvest" }).click();
      const dialog = page.getByRole("dialog", { name: "Log harvest: Tomato" });
      await dialog.waitFor();
      // Nothing weighed or counted yet: the button says why it is off.
      await waitForText(dialog, "Enter a weight, a count, or both.");
      expect(await dialog.getByRole("button", { name: "Save harvest" }).isDisabled()).toBe(true);
      await dialog.getByLabel("Weight (optional)").fill("1.25");
      await dialog.getByLabel("Unit").selectOption("kg");
      await dialog.getByLabel("Count (optional)").fill("9");
      await dialog.getByLabel("Note (optional)").fill("First truss");
      await expectNoSeriousAxeViolations(page);
      await shot(page, `harvest-dialog-${size}`);
      await dialog.getByRole("button", { name: "Save harvest" }).click();
      await dialog.waitFor({ state: "detached" });
      await waitForText(card, "Total from this plant: 1.25 kg · 9 picked");
      await shot(page, `harvest-plant-${size}`);

      await page.goto("/harvests");
      await page.getByRole("heading", { name: "Harvests", level: 1 }).waitFor();
      const byCrop = page.getByRole("figure", { name: /By crop/ });
      await waitForText(byCrop, "Tomato");
      // The figures are in the text, heaviest first.
      const rows = await byCrop.getByRole("listitem").allInnerTexts();
      expect(rows.map((r) => r.replace(/\s+/g, " ").trim())).toEqual([
        "Tomato 1.25 kg · 9 picked",
        "Basil 120 g",
      ]);
      await waitForText(page.getByRole("figure", { name: /By area/ }), "No area");
      await waitForText(page, "First truss");
      expect(await page.getByLabel("Season", { exact: true }).inputValue()).toBe(
        today().slice(0, 4),
      );
      expect(await fitsWidth(page)).toBe(true);
      await expectNoSeriousAxeViolations(page);
      await shot(page, `harvests-page-${size}`);
      await context.close();
    },
  );
});
