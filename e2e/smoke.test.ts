import { describe, expect, it } from "vitest";
import { chromiumPath, saveScreenshot, VIEWPORTS } from "../tests/support/browser";
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
