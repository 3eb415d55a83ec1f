import AxeBuilder from "@axe-core/playwright";
import type { Browser, BrowserContext, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, expect } from "vitest";
import { launchBrowser } from "../tests/support/browser";
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

/** Marks onboarding done in this context's browser storage, as a returning gardener has it. */
export async function markOnboarded(context: BrowserContext) {
  await context.addInitScript(() => window.localStorage.setItem("onboarded", "1"));
}

/** Fails on serious or critical axe findings, naming each rule and where it hit. */
export async function expectNoSeriousAxeViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter(
    (v) => v.impact === "serious" || v.impact === "critical",
  );
  const report = serious.map(
    (v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`,
  );
  expect(report).toEqual([]);
}

export async function waitForText(page: Page | Locator, text: string | RegExp) {
  await page.getByText(text).filter({ visible: true }).first().waitFor({ timeout: 15_000 });
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

/**
 * One production server and one Chromium for a describe block, started and stopped around it.
 * The block fails if the app broke its own Content-Security-Policy on any page it opened.
 */
export function browserSuite(env: Record<string, string> = {}) {
  const suite = {} as { server: ServerProcess; browser: Browser };
  const cspViolations: string[] = [];
  beforeAll(async () => {
    suite.server = await startServer(env);
    suite.browser = await launchBrowser();
    watchCsp(suite.browser, cspViolations);
  });
  afterAll(async () => {
    await suite.browser?.close();
    await suite.server?.stop();
    expect(cspViolations).toEqual([]);
  });
  return suite;
}
