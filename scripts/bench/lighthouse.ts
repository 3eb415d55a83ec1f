import fs from "node:fs/promises";
import path from "node:path";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { findChromium } from "../../tests/support/browser";
import { seedGardener } from "../../tests/support/seeded-gardener";
import { startServer } from "../../tests/support/server-process";
import { printTable } from "./table";

/**
 * `npm run bench:lighthouse`: Lighthouse 12 (mobile: simulated slow 4G, 4× CPU) against the
 * production build served by `npm start`'s server, signed in as a seeded gardener, with the
 * weather service unreachable. Each page is measured RUNS times in a fresh Chromium; prints the
 * median score, LCP, TBT and CLS with every run's score, then the scripts that cost the most
 * main-thread time. Issue 27's budget: ≥ 90 on / and /plans, ≥ 80 elsewhere, CLS ≤ 0.05, TBT on
 * / ≤ 300 ms. Asserts nothing. `PAGES=/,/plans` measures only those; `RUNS=n` changes the count.
 */
const RUNS = Number(process.env.RUNS ?? 3);
const here = path.dirname(new URL(import.meta.url).pathname);
const root = path.resolve(here, "../..");

interface Run {
  score: number;
  lcp: number;
  tbt: number;
  cls: number;
  fcp: number;
  scripts: { url: string; ms: number }[];
  /** The elements that moved, largest shift first (for finding what to reserve space for). */
  shifted: string[];
  /** Lighthouse's measure of this machine's CPU speed: the same page scores lower on a slower host. */
  benchmarkIndex: number;
}

async function measure(url: string, cookie: string, chromePath: string): Promise<Run> {
  const chrome = await chromeLauncher.launch({
    chromePath,
    chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"],
  });
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: "json",
      logLevel: "error",
      onlyCategories: ["performance"],
      extraHeaders: { Cookie: cookie },
    });
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    const { lhr } = result;
    if (lhr.runtimeError) throw new Error(`${url}: ${lhr.runtimeError.message}`);
    const audit = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
    const bootup = lhr.audits["bootup-time"]?.details as
      | { items?: { url: string; total: number }[] }
      | undefined;
    return {
      score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
      lcp: audit("largest-contentful-paint"),
      tbt: audit("total-blocking-time"),
      cls: audit("cumulative-layout-shift"),
      fcp: audit("first-contentful-paint"),
      scripts: (bootup?.items ?? []).map((item) => ({ url: item.url, ms: item.total })),
      shifted: shiftedElements(lhr.audits["layout-shifts"]?.details),
      benchmarkIndex: lhr.environment.benchmarkIndex,
    };
  } finally {
    await chrome.kill();
  }
}

/** The layout-shifts audit's elements, as "score selector" lines. */
function shiftedElements(details: unknown): string[] {
  const items = (details as { items?: { score?: number; node?: { selector?: string } }[] })?.items;
  return (items ?? []).map(
    (item) => `${fmt(item.score ?? 0, 3)} ${item.node?.selector ?? "(unknown element)"}`,
  );
}

/** Lighthouse now and then fails to record a trace (NO_NAVSTART): such a run is taken again. */
async function measureWithRetry(url: string, cookie: string, chromePath: string): Promise<Run> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await measure(url, cookie, chromePath);
    } catch (error) {
      if (attempt === 3) throw error;
      console.error(`retrying: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
};
const fmt = (n: number, digits = 0) =>
  n.toLocaleString("en-US", { minimumFractionDigits: digits, maximumFractionDigits: digits });

async function main() {
  const chromePath = findChromium("full");
  if (!chromePath) throw new Error("no Chromium: apt-get install -y chromium");
  try {
    await fs.access(path.join(root, "dist/index.html"));
  } catch {
    throw new Error("no production build: run `npm run build` first");
  }
  // As `npm start` runs it, on a new SQLite database, with the weather service unreachable.
  const server = await startServer({ NODE_ENV: "production" });
  const { url } = server;
  try {
    const { cookie, plantId } = await seedGardener(url);
    const pages = (process.env.PAGES ?? `/,/plans,/plants,/plants/${plantId},/chat,/plant-id`)
      .split(",")
      .map((page) => page.replace(":id", plantId));
    const rows: string[][] = [];
    const scriptCosts = new Map<string, number[]>();
    const benchmarkIndexes: number[] = [];
    for (const page of pages) {
      const runs: Run[] = [];
      for (let i = 0; i < RUNS; i++)
        runs.push(await measureWithRetry(`${url}${page}`, cookie, chromePath));
      for (const run of runs) {
        benchmarkIndexes.push(run.benchmarkIndex);
        for (const script of run.scripts) {
          const name = script.url.replace(url, "");
          scriptCosts.set(`${page}  ${name}`, [
            ...(scriptCosts.get(`${page}  ${name}`) ?? []),
            script.ms,
          ]);
        }
      }
      rows.push([
        page.replace(plantId, ":id"),
        fmt(median(runs.map((r) => r.score))),
        runs.map((r) => r.score).join(" / "),
        fmt(median(runs.map((r) => r.fcp)) / 1000, 1),
        fmt(median(runs.map((r) => r.lcp)) / 1000, 1),
        fmt(median(runs.map((r) => r.tbt))),
        runs.map((r) => fmt(r.cls, 3)).join(" / "),
      ]);
      for (const [i, run] of runs.entries()) {
        if (run.shifted.length > 0)
          console.error(`${page} run ${i + 1} shifted: ${run.shifted.join("; ")}`);
      }
      console.error(`measured ${page}`);
    }
    console.log(
      `\nLighthouse 12, mobile (simulated slow 4G, 4× CPU), median of ${RUNS} runs, signed in, weather unreachable:\n`,
    );
    printTable(["page", "score", "runs", "FCP s", "LCP s", "TBT ms", "CLS (each run)"], rows);
    console.log(
      `\nLighthouse's CPU benchmark index of this machine: median ${fmt(median(benchmarkIndexes))}, ${fmt(Math.min(...benchmarkIndexes))}–${fmt(Math.max(...benchmarkIndexes))} (a slower or busier host scores lower)`,
    );
    console.log("\nScripts by main-thread time (evaluation, parse, compile; median ms):\n");
    printTable(
      ["page  script", "ms"],
      [...scriptCosts.entries()]
        .map(([name, ms]) => [name, median(ms)] as const)
        .filter(([, ms]) => ms >= 50)
        .sort((a, b) => b[1] - a[1])
        .slice(0, 15)
        .map(([name, ms]) => [name, fmt(ms)]),
    );
  } finally {
    await server.stop();
    await fs.rm(server.dataDir, { recursive: true, force: true });
  }
}

await main();
