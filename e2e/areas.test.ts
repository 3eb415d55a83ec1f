import type { BrowserContext, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { chromiumPath, saveScreenshot, VIEWPORTS } from "../tests/support/browser";
import { browserSuite, expectNoSeriousAxeViolations, waitForText } from "./support";

// Issue 26 item 3: a gardener makes a bed, last season's tomatoes in it were pulled and deleted,
// and a pepper (the same family) meant for it warns about crop rotation.

const lastYear = `${new Date().getFullYear() - 1}-05-01`;

async function seedPulledTomato(context: BrowserContext, origin: string, areaId: string) {
  const added = await context.request.post("/api/plants", {
    data: {
      name: "Tomato",
      cropSlug: "tomato",
      medium: "soil",
      place: "outdoor",
      lights: "sun",
      plantingDate: lastYear,
      areaId,
    },
    headers: { origin },
  });
  expect(added.status()).toBe(201);
  const { plant } = await added.json();
  const deleted = await context.request.delete(`/api/plants/${plant.id}`, { headers: { origin } });
  expect(deleted.status()).toBe(204);
}

const fitsWidth = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);

describe.skipIf(!chromiumPath)("beds and areas", () => {
  const suite = browserSuite();

  it.each([
    ["375", VIEWPORTS.mobile],
    ["1280", VIEWPORTS.desktop],
  ] as const)("creates an area and sees the rotation warning at %s px", async (size, viewport) => {
    const { context, page } = await suite.gardener("Rowan", { viewport });
    await page.goto("/plants");
    await page.getByRole("link", { name: "Beds & areas" }).first().click();
    await page.waitForURL("**/areas");
    await waitForText(page, /No areas yet/);
    await page.getByRole("button", { name: "Add area" }).first().click();
    const dialog = page.getByRole("dialog");
    await dialog.getByLabel("Name").fill("Back bed");
    await dialog.getByLabel("Kind").selectOption("raised-bed");
    await dialog.getByLabel("Sun").selectOption("full-sun");
    await dialog.getByLabel(/Size in m²/).fill("2");
    await dialog.getByRole("button", { name: "Add area" }).click();
    await page.waitForURL(/\/areas\/[^/]+$/);
    await page.getByRole("heading", { name: "Back bed" }).waitFor();
    await waitForText(page, "Raised bed · 2 m² · Full sun");
    const areaId = new URL(page.url()).pathname.split("/").pop() ?? "";

    await seedPulledTomato(context, suite.server.url, areaId);
    await page.reload();
    await page.getByRole("heading", { name: "Back bed" }).waitFor();
    await page.getByRole("combobox", { name: "Crop" }).fill("Bell pep");
    await page.getByRole("option", { name: "Bell pepper", exact: true }).click();
    const warnings = page.getByRole("list", { name: "Warnings" });
    await warnings.getByText("Crop rotation").waitFor();
    await warnings.getByText(/Bell pepper is in the Solanaceae family, like Tomato/).waitFor();
    // 2 m² of 45 cm peppers: 20 000 / 2 025 cm².
    await waitForText(page, "9 more fit");
    expect(await fitsWidth(page)).toBe(true);
    await expectNoSeriousAxeViolations(page);
    await page.evaluate(() => window.scrollTo(0, 0));
    await saveScreenshot(page, `areas-rotation-${size}`);

    // Planting it there anyway, from the Plant Tracker: the dialog warns before saving.
    await page.goto("/plants");
    await page.getByRole("button", { name: "Add Plant" }).first().click();
    const add = page.getByRole("dialog");
    await add.getByRole("combobox", { name: "Plant", exact: true }).fill("Bell pep");
    await add.getByRole("option", { name: "Bell pepper", exact: true }).click();
    await add.getByLabel("Growing medium").selectOption("soil");
    await add.getByLabel("Place").selectOption("outdoor");
    await add.getByLabel("Lights").selectOption("sun");
    await add.getByLabel("Area (optional)").selectOption({ label: "Back bed" });
    await add.getByText("Crop rotation").waitFor();
    await waitForText(add, "9 more fit");
    await saveScreenshot(page, `areas-add-plant-${size}`, { fullPage: false });
    await add.getByRole("button", { name: "Add Plant" }).click();
    await page.waitForURL(/\/plants\/[^/]+$/);
    await page.getByRole("link", { name: "Back bed" }).click();
    await page.getByRole("list", { name: "How many more fit" }).waitFor();
    await page.getByRole("list", { name: "Warnings" }).getByText("Crop rotation").waitFor();
    // 2 m² less the pepper's own 2 025 cm²: 17 975 cm², 8 more.
    await waitForText(page, "8 more fit");
    expect(await fitsWidth(page)).toBe(true);
    await saveScreenshot(page, `areas-detail-${size}`);
    await page.goto("/plants");
    await page.getByRole("heading", { name: /Back bed/ }).waitFor();
    await page
      .getByRole("list", { name: "Plants in Back bed" })
      .getByRole("link", { name: /Bell pepper/ })
      .waitFor();
    expect(await fitsWidth(page)).toBe(true);
    await saveScreenshot(page, `areas-tracker-${size}`);
    await context.close();
  });
});
