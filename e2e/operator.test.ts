import { describe, expect, it } from "vitest";
import { chromiumPath, saveScreenshot, VIEWPORTS } from "../tests/support/browser";
import { browserSuite, expectNoSeriousAxeViolations, waitForText } from "./support";

/**
 * Issue 25 items 4 and 5: a gardener's Contact message reaches the operator's inbox on /admin,
 * where the operator also switches a plan; nobody else finds the page.
 */
describe.skipIf(!chromiumPath)("the contact inbox and the operator's page in Chromium", () => {
  const suite = browserSuite({}, { ownServer: true });

  it("sends a Contact message that the operator reads on /admin, at 375 and 1280 px", async () => {
    // The instance's first account runs it.
    const operator = await suite.gardener("Olive", { viewport: VIEWPORTS.desktop });
    const gardener = await suite.gardener("Ivy", { viewport: VIEWPORTS.mobile });

    const { page } = gardener;
    await page.goto("/contact");
    await waitForText(page, "We usually reply within 24-48 hours on business days.");
    await page.getByLabel("Name").fill("Ivy Green");
    await page.getByLabel("Message").fill("My basil wilts every afternoon. What am I missing?");
    await page.getByRole("button", { name: "Send message" }).click();
    await waitForText(page, "Message sent successfully! We'll get back to you soon.");
    await saveScreenshot(page, "contact-sent-mobile");

    // The gardener finds no Admin: the page does not exist for them.
    await page.goto("/admin");
    await waitForText(page, "Oops! Page not found");
    await page.goto("/settings");
    await waitForText(page, "Account");
    expect(await page.getByText("Run this Tendril").count()).toBe(0);

    for (const [width, viewport] of [
      ["desktop", VIEWPORTS.desktop],
      ["mobile", VIEWPORTS.mobile],
    ] as const) {
      await operator.page.setViewportSize(viewport);
      await operator.page.goto("/settings");
      await operator.page.getByRole("link", { name: "Open Admin" }).click();
      await waitForText(operator.page, "Contact inbox");
      await waitForText(operator.page, "My basil wilts every afternoon. What am I missing?");
      await waitForText(operator.page, "Ivy Green");
      await expectNoSeriousAxeViolations(operator.page);
      await saveScreenshot(operator.page, `admin-${width}`);
    }

    // The operator moves Ivy to Pro; her Plans page then says so.
    const plan = operator.page.getByLabel(/^Plan of /).nth(1);
    await plan.selectOption("pro");
    await expect.poll(() => plan.inputValue()).toBe("pro");
    await page.goto("/settings");
    await page.getByText("500", { exact: true }).waitFor();

    await operator.context.close();
    await gardener.context.close();
  });
});
