import type { BrowserContext, Page } from "playwright-core";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { chromiumPath, saveScreenshot, VIEWPORTS } from "../tests/support/browser";
import { browserSuite, expectNoSeriousAxeViolations, waitForText } from "./support";

/** A small JPEG of one colour, so the two days' photos are told apart on the screenshots. */
const colourPhoto = (r: number, g: number, b: number) =>
  sharp({ create: { width: 480, height: 360, channels: 3, background: { r, g, b } } })
    .jpeg()
    .toBuffer();

const dayBefore = (days: number) =>
  new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);

/** A plant with an entry a week ago holding one photo, made through the API. */
async function plantWithOldPhoto(context: BrowserContext, origin: string) {
  const headers = { origin };
  const plant = await context.request.post("/api/plants", {
    data: {
      name: "Journal tomato",
      medium: "soil",
      place: "outdoor",
      lights: "sun",
      plantingDate: dayBefore(20),
    },
    headers,
  });
  expect(plant.status()).toBe(201);
  const plantId = (await plant.json()).plant.id as string;
  const entry = await context.request.post(`/api/plants/${plantId}/journal`, {
    data: { date: dayBefore(7), note: "Seedling pricked out", tags: ["transplanted"] },
    headers,
  });
  expect(entry.status()).toBe(201);
  const entryId = (await entry.json()).entry.id as string;
  const photo = await context.request.post(`/api/journal/${entryId}/photos`, {
    multipart: {
      image: {
        name: "week-ago.jpg",
        mimeType: "image/jpeg",
        buffer: await colourPhoto(200, 180, 60),
      },
    },
    headers,
  });
  expect(photo.status()).toBe(201);
  return plantId;
}

async function noSideScroll(page: Page) {
  expect(
    await page.evaluate(
      () => document.documentElement.scrollWidth <= document.documentElement.clientWidth,
    ),
  ).toBe(true);
}

describe.skipIf(!chromiumPath)("the plant journal", () => {
  const suite = browserSuite();

  it.each([
    ["375", VIEWPORTS.mobile],
    ["1280", VIEWPORTS.desktop],
  ] as const)(
    "adds an entry with two photos, shows it in the timeline and compares two days at %s px",
    async (size, viewport) => {
      const { context, page } = await suite.gardener("Hazel", { viewport });
      const plantId = await plantWithOldPhoto(context, suite.server.url);
      await page.goto(`/plants/${plantId}`);
      const journal = page.getByRole("region", { name: "Journal" });
      await waitForText(journal, "Seedling pricked out");

      await journal.getByRole("button", { name: "Add entry" }).click();
      const dialog = page.getByRole("dialog", { name: "Add journal entry" });
      await dialog.getByLabel("Note (optional)").fill("First truss flowering, side shoots off");
      await dialog.getByRole("button", { name: "Watered" }).click();
      await dialog.getByRole("button", { name: "Pruned" }).click();
      expect(
        await dialog.getByRole("button", { name: /Watered/ }).getAttribute("aria-pressed"),
      ).toBe("true");
      await dialog.locator("input[type=file]").setInputFiles([
        { name: "truss.jpg", mimeType: "image/jpeg", buffer: await colourPhoto(40, 140, 60) },
        { name: "shoots.jpg", mimeType: "image/jpeg", buffer: await colourPhoto(180, 60, 60) },
      ]);
      await waitForText(dialog, "(2 of 6)");
      await shot(page, `journal-dialog-${size}`);
      await dialog.getByRole("button", { name: "Save entry" }).click();
      await dialog.waitFor({ state: "hidden" });

      // The new entry leads the timeline with its two photos, tags and note.
      const entries = journal.getByTestId("journal-entry");
      await waitForText(entries.first(), "First truss flowering");
      await expect.poll(() => entries.first().locator("img").count()).toBe(2);
      await entries.first().getByText("Pruned").waitFor();
      const rows = await page
        .getByRole("list", { name: "Timeline" })
        .locator(":scope > li")
        .allTextContents();
      expect(rows.findIndex((t) => t.includes("First truss"))).toBeLessThan(
        rows.findIndex((t) => t.includes("Seedling pricked out")),
      );
      for (const img of await entries.first().locator("img").all()) {
        await expect
          .poll(() => img.evaluate((el: HTMLImageElement) => el.naturalWidth))
          .toBeGreaterThan(0);
      }

      // Compare: the week-old photo before, today's after, side by side.
      const compare = page.locator("section[aria-labelledby=compare-title]");
      const options = await compare.getByLabel("Before").locator("option").allTextContents();
      expect(options).toHaveLength(3);
      await compare.getByLabel("Before").selectOption({ index: 0 });
      await compare.getByLabel("After").selectOption({ index: 2 });
      const side = compare.getByTestId("compare-side");
      await side.getByText("Before").waitFor();
      expect(await side.locator("img").count()).toBe(2);
      const sources = await side
        .locator("img")
        .evaluateAll((imgs) => imgs.map((img) => (img as HTMLImageElement).src));
      expect(new Set(sources).size).toBe(2);
      await noSideScroll(page);
      await expectNoSeriousAxeViolations(page);
      await journal.scrollIntoViewIfNeeded();
      await saveScreenshot(page, `journal-${size}`);

      await compare.getByText("Slider").click();
      await compare.getByLabel("Before and after split").waitFor();
      await compare.scrollIntoViewIfNeeded();
      await saveScreenshot(page, `journal-slider-${size}`, { fullPage: false });

      // The plant card shows the newest journal photo.
      await page.goto("/plants");
      const card = page.getByRole("link", { name: /Journal tomato/ });
      await card.waitFor();
      expect(await card.locator("img").getAttribute("src")).toMatch(/^\/api\/journal\/photos\//);
      await context.close();
    },
  );
});

async function shot(page: Page, name: string) {
  await saveScreenshot(page, name, { fullPage: false });
}
