import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { chromiumPath, saveScreenshot, VIEWPORTS } from "../tests/support/browser";
import { browserSuite, expectNoSeriousAxeViolations, waitForText } from "./support";

/** The whole Settings page (the card with its list and the refusal under the URL). */
async function shot(page: Page, name: string) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await saveScreenshot(page, name);
}

describe.skipIf(!chromiumPath)("ntfy and webhook channels in Settings", () => {
  // OUTBOUND_ALLOW_PRIVATE is unset (false): a private address is refused, as in production.
  const suite = browserSuite();

  it.each([
    ["375", VIEWPORTS.mobile],
    ["1280", VIEWPORTS.desktop],
  ] as const)(
    "adds an ntfy topic and shows a webhook's refusal at %s px",
    async (size, viewport) => {
      const { context, page } = await suite.gardener("Rowan", { viewport });
      await page.goto("/settings");
      await waitForText(page, /No other channels yet/);
      // A public address written as an IP, so the check needs no DNS (nothing is sent to it).
      await page.getByLabel("Topic URL").fill("https://93.184.215.14/my-garden-5f2c");
      await page.getByLabel("Access token (optional)").fill("tk_e2e_secret");
      await page.getByRole("button", { name: "Add channel" }).click();
      const list = page.getByRole("list", { name: "Reminder channels" });
      await list.getByText("93.184.215.14/my-garden-5f2c").waitFor();
      await list.getByText("with access token").waitFor();

      // The refusal below is a 400 on purpose; the browser logs it.
      suite.allowConsole(/400 \(Bad Request\).*\/api\/me\/reminder-channels/);
      await page.getByLabel("Kind").selectOption("webhook");
      await page.getByLabel("Webhook URL").fill("http://10.0.0.5/hook");
      await page.getByRole("button", { name: "Add channel" }).click();
      await waitForText(page, /OUTBOUND_ALLOW_PRIVATE=true/);
      expect(await page.getByLabel("Webhook URL").getAttribute("aria-invalid")).toBe("true");
      expect(
        await page.evaluate(
          () => document.documentElement.scrollWidth <= document.documentElement.clientWidth,
        ),
      ).toBe(true);
      expect(await page.content()).not.toContain("tk_e2e_secret");
      await expectNoSeriousAxeViolations(page);
      await shot(page, `reminder-channels-${size}`);
      await context.close();
    },
  );
});
