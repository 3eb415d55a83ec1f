import fs from "node:fs";
import path from "node:path";
import { type Browser, chromium, type Page } from "playwright-core";

/** Debian's Chromium, or CHROMIUM_PATH; undefined when neither exists. */
export function findChromium(): string | undefined {
  const candidates = [process.env.CHROMIUM_PATH, "/usr/bin/chromium", "/usr/bin/chromium-browser"];
  return candidates.find(
    (candidate): candidate is string => !!candidate && fs.existsSync(candidate),
  );
}

export const chromiumPath = findChromium();
if (!chromiumPath) {
  console.warn(
    "Browser tests skipped: no Chromium at /usr/bin/chromium and CHROMIUM_PATH is not set. " +
      "Install it with `apt-get install -y chromium` (bash .ci/run does).",
  );
}

export async function launchBrowser(): Promise<Browser> {
  if (!chromiumPath) throw new Error("no Chromium found");
  return chromium.launch({
    executablePath: chromiumPath,
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
