import type { BrowserContext, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { chromiumPath, saveScreenshot, VIEWPORTS } from "../tests/support/browser";
import { browserSuite, waitForText } from "./support";

/** The seeded task the own-garden question has to list. */
const TASK = "Tie in the tomato stems";

const isoDay = (offset: number) => {
  const d = new Date();
  d.setDate(d.getDate() + offset);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, "0")}-${String(d.getDate()).padStart(2, "0")}`;
};

const conversation = (page: Page) => page.getByRole("region", { name: "Conversation" });

/** The assistant's bubbles in the open conversation, oldest first. */
const assistantBubbles = (page: Page) =>
  conversation(page).locator("li").filter({ hasText: "Assistant:" });

/**
 * Asks a question and waits until the reply is whole, as the gardener sees it: the engine label
 * under an answer shows only once its text has been typed out in full, and no bubble is busy.
 * Returns the reply's own words (not its screen-reader prefix, sources or engine label).
 */
async function askAndWait(page: Page, question: string, turn: number): Promise<string> {
  const input = page.getByLabel("Message the gardening assistant");
  await input.fill(question);
  await input.press("Enter");
  const labels = conversation(page).getByText("Built-in assistant", { exact: true });
  await expect.poll(() => labels.count(), { message: `reply ${turn} settled` }).toBe(turn);
  await expect.poll(() => conversation(page).locator('[aria-busy="true"]').count()).toBe(0);
  await expect.poll(() => assistantBubbles(page).count()).toBe(turn);
  // The reply's Markdown sits in the bubble's one word-wrapping block, above its details.
  const reply = assistantBubbles(page)
    .nth(turn - 1)
    .locator("div.break-words");
  return ((await reply.textContent()) ?? "").trim();
}

describe.skipIf(!chromiumPath)("a three-turn conversation with the assistant at 375 px", () => {
  const suite = browserSuite();

  async function seedGarden(context: BrowserContext) {
    const headers = { origin: suite.server.url };
    const plant = await context.request.post("/api/plants", {
      data: {
        name: "Tomato",
        medium: "soil",
        place: "outdoor",
        lights: "sun",
        plantingDate: isoDay(-30),
      },
      headers,
    });
    expect(plant.status()).toBe(201);
    const plantId = ((await plant.json()) as { plant: { id: string } }).plant.id;
    const task = await context.request.post("/api/tasks", {
      data: { title: TASK, dueDate: isoDay(2), plantId },
      headers,
    });
    expect(task.status()).toBe(201);
  }

  it("answers a question, its follow-up and the gardener's week, greeting only once", async () => {
    const { context, page } = await suite.gardener("Rowan", { viewport: VIEWPORTS.mobile });
    await seedGarden(context);
    await page.goto("/chat");
    await waitForText(page, "Ask the gardening assistant");

    const first = await askAndWait(page, "How often should I water a monstera?", 1);
    console.log(`reply 1: ${first}`);
    expect(first).toMatch(/^Hi /);
    expect(first).toMatch(/monstera/i);
    expect(first).toMatch(/week|dry/i);

    // The follow-up names neither plant nor aspect: both carry over from the first question.
    const second = await askAndWait(page, "And in winter?", 2);
    console.log(`reply 2: ${second}`);
    expect(second).not.toMatch(/^Hi /);
    expect(second).toMatch(/monstera/i);
    expect(second).toMatch(/winter/i);

    const third = await askAndWait(page, "What do I need to do this week?", 3);
    console.log(`reply 3: ${third}`);
    expect(third).not.toMatch(/^Hi /);
    expect(third).toContain(TASK);

    // Nothing wider than the phone: neither the page nor any reply's text inside its bubble.
    expect(
      await page.evaluate(
        () => document.documentElement.scrollWidth <= document.documentElement.clientWidth,
      ),
    ).toBe(true);
    // Nor taller: the conversation scrolls inside its box, so hidden labels of messages below its
    // fold must not stretch the page into empty space under the bottom bar.
    expect(
      await page.evaluate(
        () => document.documentElement.scrollHeight <= document.documentElement.clientHeight,
      ),
    ).toBe(true);
    const clipped = await assistantBubbles(page).evaluateAll((items) =>
      items.filter((item) => item.scrollWidth > item.clientWidth).map((item) => item.textContent),
    );
    expect(clipped).toEqual([]);
    await saveScreenshot(page, "chat-three-turns-375");
    await conversation(page).evaluate((box) => box.scrollTo({ top: 0 }));
    await saveScreenshot(page, "chat-three-turns-375-top");
    await context.close();
  });
});
