import fs from "node:fs";
import path from "node:path";
import { type Browser, chromium, type Page } from "playwright-core";

/**
 * Which build a suite runs in. "shell" is Chromium's headless shell (Debian's
 * chromium-headless-shell, what Playwright itself runs headless): the same Blink, without the
 * browser's UI layers: the browser suite took 334 s in it against 393 s in the whole browser.
 * "full" is the whole browser, for what the shell lacks: it keeps notifications denied whatever a
 * test grants.
 */
export type ChromiumBuild = "shell" | "full";

const BUILDS: Record<ChromiumBuild, string[]> = {
  shell: ["/usr/bin/chromium-headless-shell", "/usr/bin/chromium", "/usr/bin/chromium-browser"],
  full: ["/usr/bin/chromium", "/usr/bin/chromium-browser"],
};

/** CHROMIUM_PATH, or Debian's build for `build`; undefined when there is none. */
export function findChromium(build: ChromiumBuild = "shell"): string | undefined {
  const candidates = [process.env.CHROMIUM_PATH, ...BUILDS[build]];
  return candidates.find(
    (candidate): candidate is string => !!candidate && fs.existsSync(candidate),
  );
}

export const chromiumPath = findChromium();
if (!chromiumPath) {
  console.warn(
    "Browser tests skipped: no Chromium at /usr/bin/chromium-headless-shell or /usr/bin/chromium " +
      "and CHROMIUM_PATH is not set. Install them with " +
      "`apt-get install -y chromium chromium-headless-shell` (bash .ci/run does).",
  );
}

/** The whole browser, for the suites that need it; undefined when only the shell is here. */
export const fullChromiumPath = findChromium("full");

export async function launchBrowser(build: ChromiumBuild = "shell"): Promise<Browser> {
  const executablePath = build === "full" ? fullChromiumPath : chromiumPath;
  if (!executablePath) throw new Error(`no Chromium found (${build})`);
  return chromium.launch({
    executablePath,
    headless: true,
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--no-first-run",
    ],
  });
}

export const VIEWPORTS = {
  mobile: { width: 375, height: 812 },
  desktop: { width: 1280, height: 800 },
} as const;

const screenshotDir = path.resolve(import.meta.dirname, "../../e2e/screenshots");

/**
 * Saves a screenshot under the git-ignored e2e/screenshots/ for a person to look at: the full page,
 * or with `fullPage: false` just what the screen shows (where a link landed). Only with
 * SCREENSHOTS=1: they assert nothing, and the suite's 85 full pages cost CI minutes it lacks.
 */
export async function saveScreenshot(
  page: Page,
  name: string,
  { fullPage = true }: { fullPage?: boolean } = {},
): Promise<void> {
  if (process.env.SCREENSHOTS !== "1") return;
  fs.mkdirSync(screenshotDir, { recursive: true });
  await page.screenshot({ path: path.join(screenshotDir, `${name}.png`), fullPage });
}

/**
 * What each page a failed test left open showed, saved whatever SCREENSHOTS says: the one
 * screenshot a person needs to see why. Under e2e/screenshots/failures/, named for the test.
 */
export async function saveFailureScreenshots(pages: Page[], testName: string): Promise<string[]> {
  const dir = path.join(screenshotDir, "failures");
  fs.mkdirSync(dir, { recursive: true });
  const base = testName
    .replace(/[^a-z0-9]+/gi, "-")
    .replace(/^-|-$/g, "")
    .slice(0, 120);
  const saved: string[] = [];
  for (const [i, page] of pages.entries()) {
    const file = path.join(dir, `${base}${pages.length > 1 ? `-${i + 1}` : ""}.png`);
    // A page that crashed or is closing cannot be captured; the others still are.
    const ok = await page.screenshot({ path: file, timeout: 5_000 }).then(
      () => true,
      () => false,
    );
    if (ok) saved.push(file);
  }
  return saved;
}
