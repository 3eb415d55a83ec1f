import type { BrowserContext, Locator, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { chromiumPath, saveScreenshot, VIEWPORTS } from "../tests/support/browser";
import {
  browserSuite,
  expectNoSeriousAxeViolations,
  markOnboarded,
  SCHEMES_AND_WIDTHS,
  type Viewport,
  waitForText,
} from "./support";

const QUESTION = "When should I water my tomato?";

const isoDay = (offset: number) => {
  const d = new Date();
  d.setDate(d.getDate() + offset);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, "0")}-${String(d.getDate()).padStart(2, "0")}`;
};

interface Watched {
  seen: string[];
  lengths: number[];
}

/**
 * Records, in order, the moments the conversation first shows 'Thinking…' and first shows the
 * reply's greeting, so a test can tell the placeholder came before the answer; and each length
 * the conversation's text passes through after that, to see the reply typed out.
 */
async function watchReplyOrder(page: Page, greeting: string) {
  await page.evaluate((greeting) => {
    const watched: Watched = { seen: [], lengths: [] };
    (window as unknown as { chatWatched: Watched }).chatWatched = watched;
    const { seen, lengths } = watched;
    const look = () => {
      const text = document.querySelector('[aria-label="Conversation"]')?.textContent ?? "";
      if (text.includes("Thinking…") && !seen.includes("thinking")) seen.push("thinking");
      if (text.includes(greeting) && !seen.includes("reply")) seen.push("reply");
      if (seen.includes("reply") && lengths.at(-1) !== text.length) lengths.push(text.length);
    };
    new MutationObserver(look).observe(document.body, {
      subtree: true,
      childList: true,
      characterData: true,
    });
  }, greeting);
}

const watched = (page: Page) =>
  page.evaluate(() => (window as unknown as { chatWatched: Watched }).chatWatched);

/** The assistant's answers in the open conversation (each bubble's text). */
const answers = (page: Page) =>
  page
    .getByRole("region", { name: "Conversation" })
    .locator("li")
    .filter({ hasText: "Assistant:" })
    .allInnerTexts();

/** A chat's entry in the history (its own button, not its Rename and Delete buttons). */
const historyEntry = (scope: Page | Locator, title: string) =>
  scope.getByRole("button", {
    name: new RegExp(`^${title.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")} `),
  });

async function ask(page: Page, question: string) {
  const input = page.getByLabel("Message the gardening assistant");
  await input.fill(question);
  await input.press("Enter");
}

describe.skipIf(!chromiumPath)("chat in Chromium", () => {
  const suite = browserSuite();

  const gardener = (
    viewport: Viewport = VIEWPORTS.desktop,
    colorScheme: "light" | "dark" = "light",
  ) => suite.gardener("Rowan", { viewport, colorScheme });

  async function addTomato(context: BrowserContext): Promise<string> {
    const res = await context.request.post("/api/plants", {
      data: {
        name: "Tomato",
        medium: "soil",
        place: "outdoor",
        lights: "sun",
        plantingDate: isoDay(-20),
      },
      headers: { origin: suite.server.url },
    });
    expect(res.status()).toBe(201);
    return ((await res.json()) as { plant: { id: string } }).plant.id;
  }

  it("answers about the gardener's tomato: 'Thinking…' first, then the reply streams in", async () => {
    const { context, page } = await gardener();
    await addTomato(context);
    await page.goto("/chat");
    await waitForText(page, "This month: 0");
    await watchReplyOrder(page, "Hi Rowan,");
    await ask(page, QUESTION);

    // The engine label shows once the reply has been typed out in full.
    await waitForText(page, "Built-in assistant");
    const { seen, lengths } = await watched(page);
    expect(seen).toEqual(["thinking", "reply"]);
    // Typed out over many frames (about 1/140 of the reply each), not shown all at once.
    expect(lengths.length).toBeGreaterThan(20);
    const steps = lengths.slice(1, -1).map((length, i) => length - (lengths[i] ?? 0));
    expect(Math.max(...steps)).toBeLessThan((lengths.at(-1) ?? 0) / 20);
    const [answer = ""] = await answers(page);
    expect(answer).toContain("Hi Rowan,");
    expect(answer).toContain("Tomato");
    expect(answer).toMatch(/water/i);
    expect(answer).toMatch(/deep|inch|cm/i);
    await expect.poll(() => page.getByText("Thinking…").count()).toBe(0);
    await waitForText(page, "This month: 1");

    // Stored on the server: the first message named the chat, and a reload shows it again.
    const chats = (await (await context.request.get("/api/chats")).json()) as {
      chats: { id: string; title: string }[];
    };
    expect(chats.chats.map((c) => c.title)).toEqual([QUESTION]);
    await page.reload();
    await waitForText(page, "Built-in assistant");
    await page.getByRole("heading", { name: QUESTION }).waitFor();
    await saveScreenshot(page, "chat-answer-desktop");
    await page
      .getByRole("region", { name: "Conversation" })
      .evaluate((box) => box.scrollTo({ top: 0 }));
    await saveScreenshot(page, "chat-question-desktop");
    await context.close();
  });

  it("opens a new chat about a plant from its page", async () => {
    const { context, page } = await gardener();
    const plantId = await addTomato(context);
    await page.goto(`/plants/${plantId}`);
    await page.getByRole("link", { name: "Ask assistant" }).click();
    await page.waitForURL("**/chat");
    await waitForText(page, "About: Tomato");
    await page.getByRole("heading", { name: "New chat" }).waitFor();
    await waitForText(page, "Ask about your Tomato");
    await saveScreenshot(page, "chat-plant-desktop");
    await ask(page, "Does it need feeding?");
    await waitForText(page, "Built-in assistant");
    const chats = (await (await context.request.get("/api/chats")).json()) as {
      chats: { plantId: string | null }[];
    };
    expect(chats.chats).toMatchObject([{ plantId }]);
    await waitForText(page, "About: Tomato");

    // A task the assistant adds is listed under its answer, linking to the plant.
    await ask(page, "Remind me to feed the tomatoes next Friday");
    const added = page.getByRole("link", { name: /^Added task: .+ \(\d{4}-\d{2}-\d{2}\)$/ });
    await added.waitFor();
    expect(await added.getAttribute("href")).toBe(`/plants/${plantId}`);
    await saveScreenshot(page, "chat-task-desktop");
    await context.close();
  });

  it("renames a chat and deletes it after 'Delete this chat?', and a second tab follows", async () => {
    const { context, page } = await gardener();
    await page.goto("/chat");
    const other = await context.newPage();
    await other.goto("/chat");
    const otherHistory = other.getByRole("complementary", { name: "Chat history" });
    await waitForText(otherHistory, "No chats yet. Ask a question to start your first one.");
    // The reply is typed out frame by frame, and a tab in the background gets no frames.
    await page.bringToFront();
    // Enter on an empty input sends nothing; Shift+Enter starts a new line.
    const sent: string[] = [];
    page.on("request", (request) => {
      if (request.method() === "POST" && new URL(request.url()).pathname.endsWith("/chat"))
        sent.push(String((request.postDataJSON() as { message?: unknown }).message));
    });
    const input = page.getByLabel("Message the gardening assistant");
    await input.press("Enter");
    await input.pressSequentially("How deep");
    await input.press("Shift+Enter");
    await input.pressSequentially("exactly?");
    expect(await input.inputValue()).toBe("How deep\nexactly?");
    expect(await page.getByText("Thinking…").count()).toBe(0);
    expect(await answers(page)).toEqual([]);
    await ask(page, "How deep should I sow carrots?");
    await waitForText(page, "Built-in assistant");
    // The question's request went out after the empty Enter: had that sent anything, it would
    // be listed too (a retry on another path variant repeats the same question).
    expect(sent).toContain("How deep should I sow carrots?");
    expect(sent.filter((message) => message !== "How deep should I sow carrots?")).toEqual([]);
    const history = page.getByRole("complementary", { name: "Chat history" });
    await historyEntry(history, "How deep should I sow carrots?").waitFor();
    // The other tab lists the new chat, and opened there it shows the stored reply.
    await historyEntry(otherHistory, "How deep should I sow carrots?").click();
    await waitForText(other.getByRole("region", { name: "Conversation" }), "Built-in assistant");

    await history
      .getByRole("button", { name: "Rename chat: How deep should I sow carrots?" })
      .click();
    const rename = page.getByRole("dialog", { name: "Rename chat" });
    await rename.getByLabel("Chat name").fill("   ");
    expect(await rename.getByRole("button", { name: "Save" }).isDisabled()).toBe(true);
    await rename.getByLabel("Chat name").fill("Carrot sowing");
    await rename.getByRole("button", { name: "Save" }).click();
    await rename.waitFor({ state: "hidden" });
    await historyEntry(history, "Carrot sowing").waitFor();
    await page.getByRole("heading", { name: "Carrot sowing" }).waitFor();
    const renamed = (await (await context.request.get("/api/chats")).json()) as {
      chats: { title: string }[];
    };
    expect(renamed.chats.map((c) => c.title)).toEqual(["Carrot sowing"]);
    await historyEntry(otherHistory, "Carrot sowing").waitFor();

    await history.getByRole("button", { name: "Delete chat: Carrot sowing" }).click();
    const confirm = page.getByRole("dialog", { name: "Delete this chat?" });
    await confirm.getByRole("button", { name: "Delete", exact: true }).click();
    await confirm.waitFor({ state: "hidden" });
    await waitForText(page, "No chats yet. Ask a question to start your first one.");
    await page.getByRole("heading", { name: "New chat" }).waitFor();
    const after = (await (await context.request.get("/api/chats")).json()) as { chats: unknown[] };
    expect(after.chats).toEqual([]);
    // The other tab had it open: it closes it and starts a new one.
    await waitForText(otherHistory, "No chats yet. Ask a question to start your first one.");
    await other.getByRole("heading", { name: "New chat" }).waitFor();
    await context.close();
  });

  it("lets a signed-out visitor chat, and keeps the chat in the browser across a reload", async () => {
    const context = await suite.browser.newContext({
      viewport: VIEWPORTS.mobile,
      baseURL: suite.server.url,
    });
    await markOnboarded(context);
    const page = await context.newPage();
    await page.goto("/chat");
    await waitForText(page, "Chats are kept in this browser only.");
    await waitForText(page, "This month: 0");
    await watchReplyOrder(page, "Hi there,");
    await ask(page, "How often should I water basil in pots?");
    await waitForText(page, "Built-in assistant");
    expect((await watched(page)).seen).toEqual(["thinking", "reply"]);
    await waitForText(page, "This month: 1");
    const stored = await page.evaluate(() =>
      JSON.parse(localStorage.getItem("localChats") ?? "[]"),
    );
    expect(stored).toMatchObject([
      {
        id: expect.stringMatching(/^local-/),
        title: "How often should I water basil in pots?",
        plantContextId: null,
        messages: [
          { role: "user", content: "How often should I water basil in pots?" },
          { role: "assistant", content: expect.stringContaining("Hi there,") },
        ],
      },
    ]);
    expect(await page.evaluate(() => localStorage.getItem("activeChatId"))).toBe(stored[0].id);

    await page.reload();
    await page.getByRole("heading", { name: "How often should I water basil in pots?" }).waitFor();
    await waitForText(page, "How often should I water basil in pots?");
    await waitForText(page, "Built-in assistant");
    expect((await answers(page))[0]).toContain("Hi there,");
    await waitForText(page, "This month: 1");

    // The history drawer lists it on a phone.
    await page.getByRole("button", { name: "Chats" }).click();
    const drawer = page.getByRole("dialog", { name: "Your chats" });
    await historyEntry(drawer, "How often should I water basil in pots?").waitFor();
    await expectNoSeriousAxeViolations(page);
    await saveScreenshot(page, "chat-drawer-375");

    // Rename from the drawer: it closes and the rename dialog takes over.
    await drawer
      .getByRole("button", { name: "Rename chat: How often should I water basil in pots?" })
      .click();
    const rename = page.getByRole("dialog", { name: "Rename chat" });
    await rename.getByLabel("Chat name").fill("Basil");
    await rename.getByLabel("Chat name").press("Enter");
    await rename.waitFor({ state: "hidden" });
    await page.getByRole("heading", { name: "Basil" }).waitFor();
    expect(
      await page.evaluate(() => JSON.parse(localStorage.getItem("localChats") ?? "[]")[0].title),
    ).toBe("Basil");
    await saveScreenshot(page, "chat-signed-out-375");
    await context.close();
  });

  it("retries a failed send once after 2 s, then says so and keeps the message on this device", async () => {
    const { context, page } = await gardener();
    await page.goto("/chat");
    await waitForText(page, "Ask the gardening assistant");
    const hits: number[] = [];
    // Every send fails on purpose, then the daily limit answers 429.
    suite.allowConsole(/ERR_INTERNET_DISCONNECTED/, /status of 429/);
    await page.route("**/gardening/chat", (route) => {
      hits.push(Date.now());
      return route.abort("internetdisconnected");
    });
    await ask(page, "Should I prune my roses now?");
    await waitForText(page, "Thinking…");
    await waitForText(page, "Still thinking—this can take a moment…");
    await saveScreenshot(page, "chat-thinking-desktop");
    await waitForText(page, "Couldn't reach chat");
    await waitForText(page, "Looks like the assistant is busy. Try again shortly.");
    // Each try goes through the three path variants (spec §7); the second try waits 2000 ms.
    expect(hits).toHaveLength(6);
    expect((hits[3] ?? 0) - (hits[0] ?? 0)).toBeGreaterThanOrEqual(1900);
    expect(await page.getByText("Thinking…").count()).toBe(0);
    // The server kept nothing, so the conversation carries on in a local chat (spec §4).
    await waitForText(page, "This chat is kept on this device only");
    const local = await page.evaluate(() => JSON.parse(localStorage.getItem("localChats") ?? "[]"));
    expect(local).toMatchObject([
      {
        title: "Should I prune my roses now?",
        messages: [{ role: "user", content: "Should I prune my roses now?" }],
      },
    ]);
    await page.unroute("**/gardening/chat");

    // A refusal (429) is not retried: the server's words show, and the message is given back.
    const refusal = "You have used all 50 messages for today. More from midnight.";
    let refusals = 0;
    await page.route("**/api/gardening/chat", (route) => {
      refusals += 1;
      return route.fulfill({
        status: 429,
        contentType: "application/json",
        body: JSON.stringify({ error: { code: "quota_exceeded", message: refusal } }),
      });
    });
    await page.getByRole("button", { name: "New chat" }).first().click();
    await ask(page, "And my lavender?");
    await waitForText(page, refusal);
    expect(refusals).toBe(1);
    await expect
      .poll(() => page.getByLabel("Message the gardening assistant").inputValue())
      .toBe("And my lavender?");
    await context.close();
  });

  // One test a scheme and width, each with its own time budget: every audit in one test would
  // race the clock on a busy machine.
  it.each(SCHEMES_AND_WIDTHS)(
    "has no serious accessibility findings on /chat, %s at %s px",
    async (colorScheme, size, viewport) => {
      const { context, page } = await gardener(viewport, colorScheme);
      await addTomato(context);
      await page.goto("/chat");
      await waitForText(page, "Ask the gardening assistant");
      await expectNoSeriousAxeViolations(page);
      await saveScreenshot(page, `chat-empty-${size}-${colorScheme}`);
      await ask(page, QUESTION);
      await waitForText(page, "Built-in assistant");
      await expectNoSeriousAxeViolations(page);
      await saveScreenshot(page, `chat-${size}-${colorScheme}`);
      await context.close();
    },
  );
});
