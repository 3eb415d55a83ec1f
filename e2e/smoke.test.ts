import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chromiumPath, launchBrowser, saveScreenshot, VIEWPORTS } from "../tests/support/browser";
import { type ServerProcess, startServer } from "../tests/support/server-process";
import { browserSuite } from "./support";

describe.skipIf(!chromiumPath)("production build in Chromium", () => {
  const suite = browserSuite();

  it("serves the web app for any client-side path, with the page's own status in the app", async () => {
    for (const [name, viewport] of Object.entries(VIEWPORTS)) {
      const page = await suite.browser.newPage({ viewport });
      const res = await page.goto(`${suite.server.url}/some/client/route`);
      expect(res?.status()).toBe(200);
      await expect.poll(() => page.locator("h1").textContent()).toBe("Oops! Page not found");
      await saveScreenshot(page, `smoke-${name}`);
      await page.close();
    }
  });
});

describe.skipIf(!chromiumPath)("Content-Security-Policy in Chromium", () => {
  const suite = {} as { server: ServerProcess; browser: Browser };
  beforeAll(async () => {
    suite.server = await startServer();
    suite.browser = await launchBrowser();
  });
  afterAll(async () => {
    await suite.browser?.close();
    await suite.server?.stop();
  });

  it("refuses inline script, forbids framing, and the app still runs", async () => {
    const page = await suite.browser.newPage();
    const refused: string[] = [];
    page.on("console", (message) => {
      if (message.text().includes("Content Security Policy")) refused.push(message.text());
    });
    const res = await page.goto(`${suite.server.url}/`);
    expect(res?.headers()["content-security-policy"]).toContain("frame-ancestors 'none'");
    await page
      .getByRole("link", { name: /sign in/i })
      .first()
      .waitFor();
    await page.evaluate(() => {
      const script = document.createElement("script");
      script.textContent = "window.inlineRan = true";
      document.head.append(script);
    });
    expect(
      await page.evaluate(() => (window as { inlineRan?: boolean }).inlineRan),
    ).toBeUndefined();
    await expect.poll(() => refused.length).toBeGreaterThan(0);
    await page.close();
  });
});
