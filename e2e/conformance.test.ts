import { describe, expect, it } from "vitest";
import { chromiumPath, VIEWPORTS } from "../tests/support/browser";
import { browserSuite, markOnboarded, signUpInContext, waitForText } from "./support";

/** Issue 16: behaviours checked rule by rule against the spec, each as a gardener meets it. */
describe.skipIf(!chromiumPath)("spec conformance in Chromium", () => {
  const suite = browserSuite({
    VIDEO_COURSE_URL: "https://course.example/grow",
    SOCIAL_LINKS: "Instagram=https://instagram.example/tendril",
  });

  const newContext = (viewport: { width: number; height: number } = VIEWPORTS.desktop) =>
    suite.browser.newContext({ viewport, baseURL: suite.server.url });

  it("2. an onboarded gardener signing in on a fresh browser lands home, even when /api/me is slow", async () => {
    const setup = await newContext();
    const gardener = await signUpInContext(setup, suite.server.url, "Rowan");
    const done = await setup.request.patch(`${suite.server.url}/api/me`, {
      data: { onboardingCompleted: true },
      headers: { origin: suite.server.url },
    });
    expect(done.status()).toBe(200);
    await setup.close();

    const context = await newContext();
    const page = await context.newPage();
    await page.route("**/api/me", async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1500));
      await route.continue();
    });
    const visited: string[] = [];
    page.on("framenavigated", (frame) => {
      if (frame === page.mainFrame()) visited.push(new URL(frame.url()).pathname);
    });
    await page.goto("/auth");
    await page.getByLabel("Email").fill(gardener.email);
    await page.getByLabel("Password").fill(gardener.password);
    const profile = page.waitForResponse((res) => new URL(res.url()).pathname === "/api/me");
    await page.getByRole("button", { name: "Log in" }).click();
    await page.waitForURL((url) => url.pathname === "/");
    await profile;
    await page.getByRole("heading", { name: "My Garden", level: 1 }).waitFor();
    expect(new URL(page.url()).pathname).toBe("/");
    expect(visited).not.toContain("/onboarding");
    await context.close();
  });

  it("3. typed text not in the list is a custom plant: marked, Add enabled, kept on Enter", async () => {
    const context = await newContext();
    await signUpInContext(context, suite.server.url);
    await markOnboarded(context);
    const page = await context.newPage();
    await page.goto("/");
    await page.getByRole("button", { name: "Add Plant" }).first().click();
    const dialog = page.getByRole("dialog");
    const plant = dialog.getByRole("combobox", { name: "Plant", exact: true });
    // Enter takes the typed text, not the first match (Strawberry).
    await plant.fill("Straw");
    await dialog.getByRole("option", { name: "Strawberry" }).waitFor();
    await plant.press("Enter");
    expect(await plant.inputValue()).toBe("Straw");
    await waitForText(dialog, "Custom plant");

    await plant.fill("Purple podded pea");
    await dialog.getByText("No matches").waitFor();
    await dialog.getByLabel("Growing medium").selectOption("soil");
    await dialog.getByLabel("Place").selectOption("outdoor");
    await dialog.getByLabel("Lights").selectOption("sun");
    await waitForText(dialog, "Custom plant");
    const add = dialog.getByRole("button", { name: "Add Plant" });
    expect(await add.isEnabled()).toBe(true);
    await add.click();
    await dialog.waitFor({ state: "detached" });
    const plants = (await (await context.request.get("/api/plants")).json()).plants;
    expect(plants[0]).toMatchObject({ name: "Purple podded pea", source: "custom" });
    await context.close();
  });

  it("6. desktop reaches the external links (new tab), Contact, Plans and Checklists", async () => {
    const context = await newContext(VIEWPORTS.desktop);
    await signUpInContext(context, suite.server.url);
    await markOnboarded(context);
    const page = await context.newPage();
    await page.goto("/");
    await waitForText(page, "My Garden");
    for (const name of ["Video course", "Instagram"]) {
      const link = page.getByRole("link", { name: new RegExp(`^${name}`) });
      await link.waitFor();
      expect(await link.isVisible(), name).toBe(true);
      expect(await link.getAttribute("target")).toBe("_blank");
    }
    for (const [name, path] of [
      ["Checklists", "/workflows"],
      ["Plans", "/plans"],
      ["Contact", "/contact"],
    ]) {
      await page
        .getByRole("navigation", { name: "More pages" })
        .getByRole("link", { name })
        .click();
      await page.waitForURL(`**${path}`);
    }
    await context.close();
  });
});
