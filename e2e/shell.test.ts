import { describe, expect, it } from "vitest";
import { chromiumPath, saveScreenshot, VIEWPORTS } from "../tests/support/browser";
import {
  browserSuite,
  expectNoSeriousAxeViolations,
  markOnboarded,
  signUpInContext,
  WIDTHS,
  waitForText,
} from "./support";

describe.skipIf(!chromiumPath)("web app shell in Chromium", () => {
  const suite = browserSuite({
    SOCIAL_LINKS: "Instagram=https://instagram.example/tendril",
    UPGRADE_EMAIL: "pro@tendril.example",
  });

  const newContext = (viewport: { width: number; height: number } = VIEWPORTS.desktop) =>
    suite.browser.newContext({ viewport, baseURL: suite.server.url });

  it("sends a signed-out visitor from / to /auth", async () => {
    const context = await newContext();
    const page = await context.newPage();
    await page.goto("/");
    await page.waitForURL("**/auth");
    await waitForText(page, "Welcome back");
    await context.close();
  });

  it("signs up through /auth, walks the 4 onboarding steps and lands home", async () => {
    const context = await newContext(VIEWPORTS.mobile);
    const page = await context.newPage();
    await page.goto("/auth");
    await page.getByRole("button", { name: "Sign up", exact: true }).click();
    await page.getByLabel("Email").fill(`walk-${Date.now()}@example.com`);
    await page.getByLabel("Password").fill("garden password");
    await page.getByRole("button", { name: "Sign up", exact: true }).click();

    await page.waitForURL("**/onboarding");
    const next = page.getByRole("button", { name: "Next" });
    expect(await next.isDisabled()).toBe(true);
    await page.getByLabel("Town or postcode").fill("94110");
    // One place found is chosen at once; a US ZIP code shows its zone.
    await page
      .getByRole("radio", { name: "San Francisco, CA, United States 94110" })
      .waitFor({ state: "attached" });
    await waitForText(page, "USDA zone 10b (35 to 40 °F)");
    await next.click();

    await waitForText(page, "How much have you grown before?");
    expect(await page.getByRole("radio", { name: "Beginner" }).isChecked()).toBe(true);
    await page.getByText("Intermediate", { exact: true }).click();
    await page.getByRole("button", { name: "Next" }).click();

    await waitForText(page, "What do you most want to grow?");
    const finish = page.getByRole("button", { name: "Finish" });
    expect(await finish.isDisabled()).toBe(true);
    await page.getByText("Herbs", { exact: true }).click();
    await finish.click();

    await waitForText(page, /Welcome, /);
    await page.waitForURL((url) => url.pathname === "/");
    await waitForText(page, "My Garden");
    const stored = await page.evaluate(() => ({
      onboarded: localStorage.getItem("onboarded"),
      zip: localStorage.getItem("zip"),
      zone: localStorage.getItem("zone"),
      zoneTitle: localStorage.getItem("zoneTitle"),
      zoneTempRange: localStorage.getItem("zoneTempRange"),
      experience: localStorage.getItem("experience"),
      preference: localStorage.getItem("preference"),
    }));
    expect(stored).toEqual({
      onboarded: "1",
      zip: "94110",
      zone: "10b",
      zoneTitle: "10b: 35 to 40",
      zoneTempRange: "35 to 40",
      experience: "intermediate",
      preference: "herbs",
    });
    const me = await (await context.request.get("/api/me")).json();
    expect(me).toMatchObject({
      zip: "94110",
      zone: "10b",
      place: { name: "San Francisco", countryCode: "US", postcode: "94110" },
      // °F by default for a US place, until the gardener chooses.
      units: "F",
      experience: "intermediate",
      preference: "herbs",
      onboardingCompleted: true,
    });
    await context.close();
  });

  it("onboards a gardener in Bengaluru: any town, confirmed, saved, no loop", async () => {
    const context = await newContext(VIEWPORTS.mobile);
    const page = await context.newPage();
    await page.goto("/auth");
    await page.getByRole("button", { name: "Sign up", exact: true }).click();
    await page.getByLabel("Email").fill(`bengaluru-${Date.now()}@example.com`);
    await page.getByLabel("Password").fill("garden password");
    await page.getByRole("button", { name: "Sign up", exact: true }).click();
    await page.waitForURL("**/onboarding");

    const field = page.getByLabel("Town or postcode");
    await field.fill("Nowhereville Zzz");
    await waitForText(page, /No place called “Nowhereville Zzz” found/);
    expect(await page.getByRole("button", { name: "Next" }).isDisabled()).toBe(true);

    await field.fill("Bengaluru");
    const bengaluru = page.getByRole("radio", { name: "Bengaluru, India" });
    await bengaluru.waitFor({ state: "attached" });
    await expect.poll(() => bengaluru.isChecked()).toBe(true);
    await saveScreenshot(page, "onboarding-place-375");
    await page.getByRole("button", { name: "Next" }).click();
    await page.getByRole("button", { name: "Next" }).click();
    await page.getByText("Vegetables", { exact: true }).click();
    await page.getByRole("button", { name: "Finish" }).click();
    await page.waitForURL((url) => url.pathname === "/");
    await waitForText(page, "My Garden");
    const me = await (await context.request.get("/api/me")).json();
    expect(me).toMatchObject({
      place: { name: "Bengaluru", country: "India", countryCode: "IN" },
      location: "Bengaluru, India",
      units: "C",
      onboardingCompleted: true,
    });
    // Reminders go out in this browser's time zone until the gardener picks one.
    expect(me.timeZone).toBe(
      await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone),
    );
    // No save left retrying: the profile was taken at once.
    expect(await page.getByText("Save failed").count()).toBe(0);
    await context.close();
  });

  it("shows 'Oops! Page not found' with a link home for an unknown path", async () => {
    const context = await newContext();
    const page = await context.newPage();
    await page.goto("/no/such/page");
    await waitForText(page, "Oops! Page not found");
    await page.getByRole("link", { name: "Back to My Garden" }).click();
    await page.waitForURL("**/auth");
    await context.close();
  });

  it("reads 'Sign Out' in the mobile menu when signed in, 'Sign In / Up' when not", async () => {
    const context = await newContext(VIEWPORTS.mobile);
    const page = await context.newPage();
    await page.goto("/auth");
    await page.getByRole("button", { name: "Open menu" }).click();
    await waitForText(page, "Sign In / Up");
    await page.keyboard.press("Escape");

    await signUpInContext(context, suite.server.url);
    await markOnboarded(context);
    await page.goto("/plans");
    await page.getByRole("button", { name: "Open menu" }).click();
    const signOut = page.getByRole("link", { name: "Sign Out" });
    await signOut.waitFor();
    const instagram = page.getByRole("link", { name: /Instagram/ });
    expect(await instagram.getAttribute("target")).toBe("_blank");
    expect(await instagram.getAttribute("rel")).toBe("noopener noreferrer");
    await saveScreenshot(page, "menu-mobile");
    await signOut.click();
    await page.waitForURL("**/settings#account");
    await context.close();
  });

  it("shows the offline banner when the browser goes offline", async () => {
    const context = await newContext();
    const page = await context.newPage();
    await page.goto("/auth");
    await waitForText(page, "Welcome back");
    await suite.goOffline(context);
    await waitForText(page, "⚠️ You are offline. Some features may not work.");
    await context.setOffline(false);
    await page
      .getByText("⚠️ You are offline. Some features may not work.")
      .waitFor({ state: "detached" });
    await context.close();
  });

  it("shows the degraded banner when the API fails, and clears it when it answers again", async () => {
    const context = await newContext();
    await signUpInContext(context, suite.server.url);
    await markOnboarded(context);
    const page = await context.newPage();
    suite.allowConsole(/status of 503/);
    await page.route("**/api/me/quota", (route) =>
      route.fulfill({
        status: 503,
        contentType: "application/json",
        body: '{"error":{"code":"upstream_unavailable","message":"down"}}',
      }),
    );
    await page.goto("/settings");
    await waitForText(
      page,
      "⚠️ The gardening assistant is running in degraded mode. Please try again later.",
    );
    await waitForText(page, "Your message quota could not be loaded.");
    await page.unroute("**/api/me/quota");
    await page.getByRole("link", { name: "View Plans" }).click();
    await waitForText(page, "Up to 500 messages per day");
    await page
      .getByText("⚠️ The gardening assistant is running in degraded mode.")
      .waitFor({ state: "detached" });
    await context.close();
  });

  it("keeps settings across a reload", async () => {
    const context = await newContext();
    await signUpInContext(context, suite.server.url, "Basil");
    await markOnboarded(context);
    const page = await context.newPage();
    await page.goto("/settings");
    const name = page.getByLabel("Display name");
    await expect.poll(() => name.inputValue()).toBe("Basil");
    await waitForText(page, /PRISM Climate Group, Oregon State University/);
    await name.fill("Basil Brush");
    await page.getByText("Fahrenheit (°F)").click();
    await page.getByLabel("Town or postcode").fill("Springfield");
    await page.getByText("Springfield, Illinois, United States").click();
    await page.getByRole("button", { name: "Save Preferences" }).click();
    await waitForText(page, "Preferences saved");

    await page.reload();
    // The page may first paint the profile persisted before the save, then the server's answer.
    await expect.poll(() => page.getByLabel("Display name").inputValue()).toBe("Basil Brush");
    await expect
      .poll(() => page.getByLabel("Town or postcode").inputValue())
      .toBe("Springfield, Illinois, United States");
    await expect
      .poll(() => page.getByRole("radio", { name: "Fahrenheit (°F)" }).isChecked())
      .toBe(true);
    await page
      .getByRole("navigation", { name: "Main" })
      .getByRole("link", { name: "Springfield, Illinois, United States" })
      .waitFor();
    const me = await (await context.request.get("/api/me")).json();
    expect(me.place).toMatchObject({ name: "Springfield", admin1: "Illinois", countryCode: "US" });
    expect(await page.evaluate(() => localStorage.getItem("units"))).toBe("F");
    await context.close();
  });

  it("chooses a town in Settings and corrects its frost dates at 375 px", async () => {
    const context = await newContext(VIEWPORTS.mobile);
    await signUpInContext(context, suite.server.url, "Rowan");
    await markOnboarded(context);
    const page = await context.newPage();
    await page.goto("/settings");
    const climate = page.getByRole("region", { name: "Climate" });
    await climate
      .getByText("Choose your town or postcode in Preferences to see your zone and frost dates.")
      .waitFor();

    await page.getByLabel("Town or postcode").fill("Sydney");
    const sydney = page.getByRole("radio", { name: "Sydney, New South Wales, Australia" });
    await expect.poll(() => sydney.isChecked(), { timeout: 15_000 }).toBe(true);
    await page.getByRole("button", { name: "Save Preferences" }).click();
    await waitForText(page, "Preferences saved");
    await climate
      .getByText("Worked out from ten years of weather records at your place.")
      .waitFor();
    // Zone, last spring frost, first autumn frost, growing season.
    const facts = () => climate.locator("dd").allTextContents();
    await saveScreenshot(page, "settings-place-375");

    await climate.getByRole("button", { name: "Correct the frost dates" }).click();
    const last = climate.getByRole("group", { name: "Last spring frost" });
    const first = climate.getByRole("group", { name: "First autumn frost" });
    await last.getByLabel("Day").selectOption("31");
    await last.getByLabel("Month").selectOption({ label: "September" });
    await first.getByLabel("Day").selectOption("5");
    await first.getByLabel("Month").selectOption({ label: "May" });
    await climate.getByRole("button", { name: "Save frost dates" }).click();
    await climate.getByText("September has 30 days.").waitFor();
    await last.getByLabel("Day").selectOption("20");
    await saveScreenshot(page, "settings-frost-form-375");
    await climate.getByRole("button", { name: "Save frost dates" }).click();
    await climate.getByText("Your own frost dates. The zone is your place's.").waitFor();
    expect((await facts()).slice(1, 3)).toEqual(["20 Sep", "5 May"]);
    await saveScreenshot(page, "settings-climate-375");
    expect(await (await context.request.get("/api/me/climate")).json()).toMatchObject({
      source: "gardener",
      lastFrost: "09-20",
      firstFrost: "05-05",
    });

    await climate.getByRole("button", { name: "Use the place's dates" }).click();
    await climate
      .getByText("Worked out from ten years of weather records at your place.")
      .waitFor();
    expect(await facts()).not.toContain("20 Sep");
    await page.setViewportSize(VIEWPORTS.desktop);
    await saveScreenshot(page, "settings-climate-1280");
    await context.close();
  });

  // Light at the phone's width: theme.test.ts audits these pages dark at the desktop's (each
  // scheme once, each width once, as SCHEMES_AND_WIDTHS; layout.test.ts screenshots both widths).
  it.each(WIDTHS.filter(([width]) => width === "mobile"))(
    "has no serious accessibility findings and is screenshotted at the %s width",
    async (width, viewport) => {
      const signedOut = await newContext(viewport);
      const outPage = await signedOut.newPage();
      for (const [name, path, text] of [
        ["auth", "/auth", "Welcome back"],
        ["onboarding-signed-out", "/onboarding", "Welcome to Tendril"],
        ["not-found", "/missing-page", "Oops! Page not found"],
      ] as const) {
        await outPage.goto(path);
        await waitForText(outPage, text);
        await expectNoSeriousAxeViolations(outPage);
        await saveScreenshot(outPage, `${name}-${width}`);
      }
      await signedOut.close();

      const signedIn = await newContext(viewport);
      await signUpInContext(signedIn, suite.server.url);
      const page = await signedIn.newPage();
      await page.goto("/onboarding");
      await waitForText(page, "Where do you garden?");
      await expectNoSeriousAxeViolations(page);
      await saveScreenshot(page, `onboarding-${width}`);
      await page.evaluate(() => localStorage.setItem("onboarded", "1"));
      for (const [name, path, text] of [
        ["home", "/", "My Garden"],
        ["settings", "/settings", "Profile & Settings"],
        ["plans", "/plans", "Up to 500 messages per day"],
        ["contact", "/contact", "24-48 hours"],
      ] as const) {
        await page.goto(path);
        await waitForText(page, text);
        await page.waitForLoadState("networkidle");
        await expectNoSeriousAxeViolations(page);
        await saveScreenshot(page, `${name}-${width}`);
      }
      await signedIn.close();
    },
  );
});
