import path from "node:path";
import { describe, expect, it } from "vitest";
import { chromiumPath, saveScreenshot } from "../tests/support/browser";
import { browserSuite, expectNoSeriousAxeViolations, WIDTHS, waitForText } from "./support";

// Issue 25 item 7: an API token created in Settings, shown once, used, and revoked.

const screenshotDir = path.resolve(import.meta.dirname, "screenshots");

describe.skipIf(!chromiumPath)("API tokens in Settings", () => {
  const suite = browserSuite();

  it.each(WIDTHS)(
    "creates, shows once, lists and revokes a token at %s width",
    async (label, viewport) => {
      const { context, page } = await suite.gardener("Hazel", { viewport });
      await context.grantPermissions(["clipboard-read", "clipboard-write"], {
        origin: suite.server.url,
      });
      await page.goto("/settings");
      const card = page.getByRole("region", { name: "API tokens" });
      await card.scrollIntoViewIfNeeded();
      await waitForText(card, "No API tokens yet.");
      const create = card.getByRole("button", { name: "Create token" });
      expect(await create.isDisabled()).toBe(true);

      await card.getByLabel("Name").fill("Home Assistant");
      await card.getByText("Read only", { exact: false }).first().click();
      await create.click();
      await waitForText(card, "it won't be shown again");
      const secretField = card.getByLabel("The new token");
      const secret = await secretField.inputValue();
      expect(secret).toMatch(/^tdl_[A-Za-z0-9_-]{43}$/);
      await card.getByRole("button", { name: "Copy" }).click();
      await waitForText(card, "Copied");
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
      const list = card.getByRole("list", { name: "Your API tokens" });
      await waitForText(list, "Home Assistant");
      await waitForText(list, "Read only");
      await waitForText(list, "Never used");
      await waitForText(list, `${secret.slice(0, 8)}…`);
      await expectNoSeriousAxeViolations(page);
      await saveScreenshot(page, `api-tokens-created-${label}`);
      await card.screenshot({
        path: path.join(screenshotDir, `api-tokens-card-created-${label}.png`),
      });

      // The token works as a script would send it, read-only.
      const read = await context.request.get("/api/plants", {
        headers: { authorization: `Bearer ${secret}` },
      });
      expect(read.status()).toBe(200);

      // Done hides the secret for good; a reload shows it nowhere.
      await card.getByRole("button", { name: "Done" }).click();
      await page.reload();
      await waitForText(card, "Home Assistant");
      expect(await page.content()).not.toContain(secret);
      await card.scrollIntoViewIfNeeded();
      await card.screenshot({
        path: path.join(screenshotDir, `api-tokens-card-listed-${label}.png`),
      });

      await card.getByRole("button", { name: "Revoke Home Assistant" }).click();
      const dialog = page.getByRole("dialog", { name: /Revoke “Home Assistant”/ });
      await dialog.getByRole("button", { name: "Revoke token" }).click();
      await waitForText(card, "No API tokens yet.");
      const refused = await context.request.get("/api/plants", {
        headers: { authorization: `Bearer ${secret}` },
      });
      expect(refused.status()).toBe(401);
      await saveScreenshot(page, `api-tokens-revoked-${label}`);
      await context.close();
    },
  );
});
