import AxeBuilder from "@axe-core/playwright";
import type { Browser, BrowserContext, ConsoleMessage, Locator, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, expect, inject } from "vitest";
import { type FakeOpenMeteo, startFakeOpenMeteo } from "../tests/fakes/open-meteo";
import {
  type ChromiumBuild,
  launchBrowser,
  saveFailureScreenshots,
  VIEWPORTS,
} from "../tests/support/browser";
import { type ServerProcess, startServer } from "../tests/support/server-process";

let counter = 0;

/** Signs a new user up through the API inside the browser context, so its cookies are set. */
export async function signUpInContext(context: BrowserContext, baseUrl: string, name = "Ivy") {
  counter += 1;
  const email = `e2e-${Date.now()}-${counter}@example.com`;
  const res = await context.request.post(`${baseUrl}/api/auth/sign-up/email`, {
    data: { email, password: "garden password", name },
    headers: { origin: baseUrl },
  });
  expect(res.status()).toBe(200);
  return { email, password: "garden password", name };
}

/**
 * The offline outbox the page keeps for a gardener (src/web/lib/offline-queue.ts): the writes
 * queued in localStorage, or null when there are none. The signed-in gardener's unless `userId`.
 */
export function outboxOf(page: Page, userId?: string): Promise<unknown[] | null> {
  return page.evaluate((id) => {
    const profile = JSON.parse(localStorage.getItem("profile") ?? "null") as {
      user?: { id?: string };
    } | null;
    const owner = id ?? profile?.user?.id;
    const raw = owner ? localStorage.getItem(`tendril.outbox.${owner}`) : null;
    return raw ? (JSON.parse(raw) as unknown[]) : null;
  }, userId);
}

/** Marks onboarding done in this context's browser storage, as a returning gardener has it. */
export async function markOnboarded(context: BrowserContext) {
  // A new page starts at about:blank, whose storage is off limits: only the app's own pages.
  await context.addInitScript(() => {
    if (window.location.protocol.startsWith("http")) window.localStorage.setItem("onboarded", "1");
  });
}

/**
 * Waits for the page's finite transitions and animations to end, so colours are measured as they
 * settle: a button fading from its disabled grey to green has white text on pale green mid-way.
 */
async function settleAnimations(page: Page) {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter(
          (animation) => animation.effect?.getTiming().iterations !== Number.POSITIVE_INFINITY,
        )
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
}

/** Fails on serious or critical axe findings, naming each rule and where it hit. */
export async function expectNoSeriousAxeViolations(page: Page) {
  await settleAnimations(page);
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter(
    (v) => v.impact === "serious" || v.impact === "critical",
  );
  const report = serious.map(
    (v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`,
  );
  expect(report).toEqual([]);
}

/**
 * Closes a dialog with Escape. Radix starts listening for Escape one render after a dialog
 * appears (once its layer is registered), so a key pressed in that gap goes to the layer below,
 * such as a toast, or nowhere. The key is pressed again while the dialog stays; it fails if
 * Escape never closes it.
 */
export async function closeWithEscape(page: Page, dialog: Locator) {
  for (let attempt = 0; attempt < 5; attempt++) {
    await page.keyboard.press("Escape");
    const closed = await dialog.waitFor({ state: "hidden", timeout: 1_000 }).then(
      () => true,
      () => false,
    );
    if (closed) return;
  }
  throw new Error("Escape did not close the dialog");
}

/** Waits for visible text; on a timeout the error says which page was showing, and what it said. */
/**
 * Waits until the toast's code has arrived. It loads just after the first paint (issue 27), and
 * "networkidle" can fire while the entry is still being parsed, before that load even starts: a
 * test that goes offline first would wait for a toast that has no code to show it. Vite fetches
 * the chunk's own imports before the chunk, so once it is here nothing else is needed.
 */
export async function waitForToastCode(page: Page) {
  await page.waitForFunction(() =>
    performance.getEntriesByType("resource").some((e) => /\/toast-panel-[^/]*\.js$/.test(e.name)),
  );
}

export async function waitForText(page: Page | Locator, text: string | RegExp) {
  try {
    await page.getByText(text).filter({ visible: true }).first().waitFor({ timeout: 15_000 });
  } catch (error) {
    const owner = "page" in page ? page.page() : page;
    const shown = await owner
      .locator("body")
      .textContent({ timeout: 1_000 })
      .catch(() => "(unreadable)");
    throw new Error(
      `${String(text)} did not show within 15 s on ${owner.url()}; the page said: ${(shown ?? "").replace(/\s+/g, " ").slice(0, 600)}`,
      { cause: error },
    );
  }
}

/**
 * Collects what the Content-Security-Policy blocks in every context of this browser: Chromium
 * reports each refusal on the console ("Refused to execute inline script because it violates…").
 */
function watchCsp(browser: Browser, violations: string[]) {
  const watch = (target: BrowserContext | Page) =>
    target.on("console", (message) => {
      if (message.text().includes("Content Security Policy")) violations.push(message.text());
    });
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (...args) => {
    const context = await newContext(...args);
    watch(context);
    return context;
  };
  const newPage = browser.newPage.bind(browser);
  browser.newPage = async (...args) => {
    const page = await newPage(...args);
    watch(page);
    return page;
  };
}

/** Console warnings and errors and uncaught exceptions, less those the current test expects. */
export interface ConsoleWatch {
  problems: string[];
  /** Messages a test provokes on purpose (a failing service's 502), cleared after each test. */
  allowed: RegExp[];
}

/**
 * Records, in every context and page this browser opens from now on, each console warning or
 * error and each uncaught exception, with the URL it came from.
 */
export function watchConsole(browser: Browser, watch: ConsoleWatch) {
  const record = (text: string) => {
    // Said by Playwright itself about a context that blocks service workers, not by the app.
    if (text.includes("Service Worker registration blocked by Playwright")) return;
    if (!watch.allowed.some((pattern) => pattern.test(text))) watch.problems.push(text);
  };
  const onConsole = (message: ConsoleMessage) => {
    if (!["warning", "error", "assert"].includes(message.type())) return;
    const where = message.location().url;
    record(`${message.type()}: ${message.text()}${where ? ` (${where})` : ""}`);
  };
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (...args) => {
    const context = await newContext(...args);
    context.on("console", onConsole);
    context.on("weberror", (error) => record(`uncaught: ${error.error().message}`));
    return context;
  };
  const newPage = browser.newPage.bind(browser);
  browser.newPage = async (...args) => {
    const page = await newPage(...args);
    page.on("console", onConsole);
    page.on("pageerror", (error) => record(`uncaught: ${error.message}`));
    return page;
  };
}

/** Fails the test that just ran if its pages warned or threw (see watchConsole). */
export function expectCleanConsole(watch: ConsoleWatch) {
  const problems = watch.problems.splice(0);
  watch.allowed = [];
  expect(problems, "console warnings and errors").toEqual([]);
}

export type Viewport = { width: number; height: number };

/**
 * The colour schemes and widths each page's accessibility audit covers, one test apiece (each
 * with its own time budget): each scheme once and each width once. Contrast findings follow the
 * scheme and layout findings the width, so the other two pairings mostly repeated these checks
 * at two minutes of every CI run (shell.test.ts and theme.test.ts still audit the shared pages
 * in both schemes at both widths).
 */
export const SCHEMES_AND_WIDTHS: readonly (readonly [
  "light" | "dark",
  "375" | "1280",
  Viewport,
])[] = [
  ["light", "375", VIEWPORTS.mobile],
  ["dark", "1280", VIEWPORTS.desktop],
];

/** The widths a page is audited and screenshotted at, one test apiece. */
export const WIDTHS = Object.entries(VIEWPORTS) as [keyof typeof VIEWPORTS, Viewport][];

export interface GardenerOptions {
  viewport?: Viewport;
  colorScheme?: "light" | "dark";
  timezoneId?: string;
}

/**
 * One Chromium for a describe block, and the run's shared server (e2e/global-setup.ts) with a
 * fake Open-Meteo of the block's own on the port that server asks. A block that passes `env`
 * (settings of its own) or `ownServer` (it needs an instance nobody else used: its first account
 * is the operator) gets a server of its own, started and stopped around it. The block fails if
 * the app broke its own Content-Security-Policy on any page it opened, and each test fails if its
 * pages logged a warning or an error or threw (`allowConsole` lets a test name the messages it
 * provokes on purpose). It runs in Chromium's headless shell unless `build` asks for the whole
 * browser (tests/support/browser.ts).
 */
export function browserSuite(
  env: Record<string, string> = {},
  options: { ownServer?: boolean; build?: ChromiumBuild } = {},
) {
  const watch: ConsoleWatch = { problems: [], allowed: [] };
  const suite = {
    allowConsole: (...patterns: RegExp[]) => {
      watch.allowed.push(...patterns);
    },
    /**
     * Takes the context offline. Whatever the pages were still loading (a favicon, a query) then
     * fails with ERR_INTERNET_DISCONNECTED on the console: expected, so allowed.
     */
    goOffline: async (context: BrowserContext) => {
      watch.allowed.push(/ERR_INTERNET_DISCONNECTED/);
      await context.setOffline(true);
    },
    /** A new browser context signed up as a gardener who has done onboarding, and a page. */
    gardener: async (name: string, options: GardenerOptions = {}) => {
      const context = await suite.browser.newContext({
        viewport: options.viewport ?? { width: 1280, height: 800 },
        colorScheme: options.colorScheme ?? "light",
        ...(options.timezoneId ? { timezoneId: options.timezoneId } : {}),
        baseURL: suite.server.url,
      });
      const account = await signUpInContext(context, suite.server.url, name);
      await markOnboarded(context);
      return { context, page: await context.newPage(), account };
    },
  } as {
    /** Where the block's server answers (the shared one's process is the run's, not the block's). */
    server: { url: string };
    browser: Browser;
    /** The suite's weather service, unless `env` names another: a fake Open-Meteo on loopback. */
    weather: FakeOpenMeteo | undefined;
    allowConsole: (...patterns: RegExp[]) => void;
    goOffline: (context: BrowserContext) => Promise<void>;
    gardener: (
      name: string,
      options?: GardenerOptions,
    ) => Promise<{
      context: BrowserContext;
      page: Page;
      /** Its e-mail and password, to sign in with again. */
      account: { email: string; password: string; name: string };
    }>;
  };
  const cspViolations: string[] = [];
  const shared = Object.keys(env).length === 0 && !options.ownServer;
  let own: ServerProcess | undefined;
  beforeAll(async () => {
    // Pages load their weather as they do for a gardener (a weather service that cannot be
    // reached logs failed requests, which would fail every test that opens My Garden).
    if (shared) {
      suite.weather = await startFakeOpenMeteo({ port: inject("e2eWeatherPort") });
      suite.server = { url: inject("e2eServerUrl") };
    } else {
      if (!env.WEATHER_BASE_URL) suite.weather = await startFakeOpenMeteo();
      const weather: Record<string, string> = suite.weather
        ? {
            WEATHER_BASE_URL: suite.weather.url,
            GEOCODING_BASE_URL: suite.weather.url,
            CLIMATE_BASE_URL: suite.weather.url,
          }
        : {};
      own = await startServer({ ...weather, ...env });
      suite.server = own;
    }
    suite.browser = await launchBrowser(options.build);
    watchCsp(suite.browser, cspViolations);
    watchConsole(suite.browser, watch);
  });
  afterEach(async (context) => {
    if (context.task.result?.state === "fail" && suite.browser) {
      const pages = suite.browser.contexts().flatMap((browserContext) => browserContext.pages());
      const saved = await saveFailureScreenshots(
        pages,
        context.task.fullTestName ?? context.task.name,
      );
      if (saved.length) console.log(`Screenshots of the failed test: ${saved.join(", ")}`);
    }
    expectCleanConsole(watch);
  });
  afterAll(async () => {
    await suite.browser?.close();
    await own?.stop();
    await suite.weather?.close();
    expect(cspViolations).toEqual([]);
  });
  return suite;
}
