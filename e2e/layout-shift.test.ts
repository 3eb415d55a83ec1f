import type { Page } from "playwright-core";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { chromiumPath } from "../tests/support/browser";
import { browserCookies, seedGardener } from "../tests/support/seeded-gardener";
import { browserSuite, markOnboarded, waitForText } from "./support";

/**
 * Issue 27: Cumulative Layout Shift ≤ 0.05 on every signed-in page, on Lighthouse's phone
 * (412 × 823). Each page is opened in a fresh browser (nothing cached) as a gardener with plants,
 * photos, tasks overdue, due today and upcoming, and a chat; every layout shift not caused by
 * input is added up from navigation until the page has loaded all it shows. The weather service
 * fails at once for every page, as the Lighthouse bench has it, and works for My Garden too.
 * Shifts are counted, not timed: a slow machine may show more loading states, never fewer.
 */
const PHONE = { width: 412, height: 823 };
const BUDGET = 0.05;

interface Shift {
  value: number;
  moved: string[];
}

/** Runs in the page before its scripts: records each layout shift and what moved. */
function recordShifts() {
  const shifts: Shift[] = [];
  (window as unknown as { layoutShifts: Shift[] }).layoutShifts = shifts;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      const shift = entry as PerformanceEntry & {
        value: number;
        hadRecentInput: boolean;
        sources: {
          node: Node | null;
          previousRect: DOMRectReadOnly;
          currentRect: DOMRectReadOnly;
        }[];
      };
      if (shift.hadRecentInput) continue;
      shifts.push({
        value: shift.value,
        moved: shift.sources.map(
          ({ node, previousRect: a, currentRect: b }) =>
            `${node?.nodeName ?? "?"} "${(node?.textContent ?? "").slice(0, 40)}" ` +
            `y${Math.round(a.y)}+${Math.round(a.height)} → y${Math.round(b.y)}+${Math.round(b.height)}`,
        ),
      });
    }
  }).observe({ type: "layout-shift", buffered: true });
}

/**
 * Waits until nothing on screen is still loading: no skeleton or busy region shown, no
 * "Loading…" status, every image in view decoded. Then two frames, so the last layout's shifts
 * are reported.
 */
async function settled(page: Page) {
  await expect
    .poll(() =>
      page.evaluate(() => {
        const shown = (el: Element) =>
          el.getClientRects().length > 0 && getComputedStyle(el).visibility !== "hidden";
        const busy = [...document.querySelectorAll(".animate-pulse, [aria-busy='true']")];
        const statuses = [...document.querySelectorAll("[role='status']")].filter((el) =>
          /Loading/.test(el.textContent ?? ""),
        );
        const images = [...document.images].filter((img) => {
          const box = img.getBoundingClientRect();
          return box.bottom > 0 && box.top < window.innerHeight && box.width > 0;
        });
        return (
          !busy.some(shown) &&
          !statuses.some(shown) &&
          images.every((img) => img.complete && img.naturalWidth > 0)
        );
      }),
    )
    .toBe(true);
  await page.evaluate(
    () =>
      new Promise((resolve) =>
        requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(resolve, 0))),
      ),
  );
}

describe.skipIf(!chromiumPath)("no layout shift on the signed-in pages at 412 px", () => {
  const suite = browserSuite();
  let cookies: ReturnType<typeof browserCookies>;
  let plantId = "";

  /** The gardener of the Lighthouse bench, seeded once through the API. */
  beforeAll(async () => {
    const seeded = await seedGardener(suite.server.url);
    cookies = browserCookies(seeded.cookie, suite.server.url);
    plantId = seeded.plantId;
  });

  afterEach(() => {
    if (suite.weather) suite.weather.failWith = null;
  });

  /** The weather service answers every request with an error at once. */
  const weatherDown = () => {
    if (!suite.weather) throw new Error("the suite has no fake weather service");
    suite.weather.failWith = 503;
    // The browser logs the API's 502 for each weather read, as the gardener's would.
    suite.allowConsole(/status of 502/);
  };

  /** Opens `path` in a fresh browser, waits for `loaded` and then for nothing to be loading. */
  async function shiftsOf(path: string, loaded: (page: Page) => Promise<void>) {
    const context = await suite.browser.newContext({
      viewport: PHONE,
      baseURL: suite.server.url,
    });
    try {
      await context.addCookies(cookies);
      await markOnboarded(context);
      await context.addInitScript(recordShifts);
      const page = await context.newPage();
      await page.goto(path);
      await loaded(page);
      await settled(page);
      return await page.evaluate(
        () => (window as unknown as { layoutShifts: Shift[] }).layoutShifts,
      );
    } finally {
      await context.close();
    }
  }

  const expectWithinBudget = (shifts: Shift[]) => {
    const total = shifts.reduce((sum, shift) => sum + shift.value, 0);
    console.log(`${expect.getState().currentTestName}: CLS ${total.toFixed(4)}`);
    expect(total, `layout shifts: ${JSON.stringify(shifts, null, 1)}`).toBeLessThanOrEqual(BUDGET);
  };

  /** My Garden with every card loaded: the weather card in its final state (`weather`). */
  const home = (weather: string) => async (page: Page) => {
    await waitForText(page.getByRole("region", { name: "Weather & Season" }), weather);
    await waitForText(page.getByRole("region", { name: "What to Plant Now" }), /^Vegetables \(/);
    await waitForText(page, /^Tasks: /);
    await waitForText(page.getByRole("region", { name: "My Plants & Stages" }), "Strawberry");
    await waitForText(
      page.getByRole("region", { name: "My Tasks" }),
      "Tie the tomato to its stake",
    );
  };

  it("My Garden with the weather service failing", async () => {
    weatherDown();
    expectWithinBudget(await shiftsOf("/", home("Weather service unreachable")));
  });

  it("My Garden with the weather service working", async () => {
    const shifts = await shiftsOf("/", async (page) => {
      await home("Partly cloudy")(page);
      await waitForText(page, /^Watering:/);
      await waitForText(page, "Garden Health Alerts");
    });
    expectWithinBudget(shifts);
  });

  it("Plant Tracker, its cards with photos", async () => {
    weatherDown();
    const shifts = await shiftsOf("/plants", async (page) => {
      for (const name of ["Tomato", "Basil", "Lettuce", "Strawberry"])
        await waitForText(page, name);
    });
    expectWithinBudget(shifts);
  });

  it("a plant's page with its photo", async () => {
    weatherDown();
    const shifts = await shiftsOf(`/plants/${plantId}`, async (page) => {
      await page.getByRole("heading", { name: "Tomato" }).first().waitFor();
      await page.getByRole("img", { name: "Tomato" }).waitFor();
    });
    expectWithinBudget(shifts);
  });

  it("Chat with a conversation", async () => {
    weatherDown();
    const shifts = await shiftsOf("/chat", async (page) => {
      await waitForText(page, /\d+ of \d+ today/);
    });
    expectWithinBudget(shifts);
  });

  it("Plant ID", async () => {
    weatherDown();
    const shifts = await shiftsOf("/plant-id", async (page) => {
      await page.getByRole("heading", { name: "Plant ID" }).waitFor();
      await page.getByRole("region", { name: "Recent Identifications" }).waitFor();
    });
    expectWithinBudget(shifts);
  });
});
