/**
 * `npm start`'s first step: builds the web app only when dist/ has no build or a source changed
 * after it, so a restart does not spend a build on unchanged sources. Prints one line saying
 * which and why. `npm run build` still builds unconditionally (after changing VITE_API_BASE, say,
 * which no file records).
 */
import { spawnSync } from "node:child_process";
import { readdirSync, rmSync, statSync } from "node:fs";
import path from "node:path";
import { decideWebBuild, type SourceStamp } from "./web-build-staleness";

const root = path.resolve(import.meta.dirname, "..");
// vite.config.ts's outDir; index.html is written once the bundle is.
const builtIndex = path.join(root, "dist/index.html");

// What the build reads: Vite's root (the entry, index.html, public/, the service worker, and every
// file Tailwind scans for class names), the core the web app imports, the build's configuration,
// and the installed dependencies (npm rewrites the lockfiles when they change).
const sourceRoots = [
  "src/web",
  "src/core",
  "vite.config.ts",
  "tsconfig.json",
  "package-lock.json",
  "node_modules/.package-lock.json",
];

function mtimeOf(file: string): number | undefined {
  return statSync(file, { throwIfNoEntry: false })?.mtimeMs;
}

function stampsUnder(relative: string, into: SourceStamp[]): void {
  const stat = statSync(path.join(root, relative), { throwIfNoEntry: false });
  if (stat === undefined) return;
  into.push({ path: relative, mtimeMs: stat.mtimeMs });
  if (!stat.isDirectory()) return;
  for (const entry of readdirSync(path.join(root, relative))) {
    stampsUnder(path.join(relative, entry), into);
  }
}

const sources: SourceStamp[] = [];
for (const source of sourceRoots) stampsUnder(source, sources);

const decision = decideWebBuild(mtimeOf(builtIndex), sources);
if (!decision.build) {
  console.log(`Web app: not rebuilt, ${decision.reason} (npm run build forces a build).`);
  process.exit(0);
}
console.log(`Web app: building, ${decision.reason}.`);
const build = spawnSync("npm", ["run", "build"], { cwd: root, stdio: "inherit" });
if (build.status !== 0) {
  // A build that failed after writing index.html would otherwise pass for a current one.
  rmSync(builtIndex, { force: true });
  process.exit(build.status ?? 1);
}
