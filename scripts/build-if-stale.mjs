/**
 * `npm start`'s first step: builds the web app and the compiled server only when one has no
 * build or a source changed after it, so a restart spends no build on unchanged sources. Prints
 * one line per build saying which and why. `npm run build` still builds unconditionally (after
 * changing VITE_API_BASE, say, which no file records). `--server` checks the server only (what
 * `npm run admin` runs) and says nothing when it is current.
 *
 * Plain JavaScript, run by plain `node`: nothing is compiled yet when it runs. Where the sources
 * are not there (the container image holds only the builds) there is nothing to rebuild from.
 */
import { spawnSync } from "node:child_process";
import { readdirSync, rmSync, statSync } from "node:fs";
import path from "node:path";
import { decideBuild } from "./build-staleness.mjs";

const root = path.resolve(import.meta.dirname, "..");
const serverOnly = process.argv.includes("--server");

// What both builds read besides their own sources: the installed dependencies (npm rewrites
// the lockfiles when they change) and the TypeScript settings.
const shared = ["tsconfig.json", "package-lock.json", "node_modules/.package-lock.json"];

const builds = [
  {
    name: "Web app",
    // vite.config.ts's outDir; index.html is written once the bundle is.
    output: "dist/index.html",
    // Vite's root (the entry, index.html, public/, the service worker, and every file Tailwind
    // scans for class names), the core the web app imports, the build's configuration.
    sources: ["src/web", "src/core", "vite.config.ts", ...shared],
    build: () => spawnSync("npm", ["run", "build:web"], { cwd: root, stdio: "inherit" }).status,
  },
  {
    name: "Server",
    // scripts/build-server.mjs empties dist-server/ first and writes nothing when it fails.
    output: "dist-server/main.js",
    sources: [
      "src/server",
      "src/core",
      "data/understanding",
      "scripts/admin.ts",
      "scripts/build-server.mjs",
      ...shared,
    ],
    build: async () => {
      // Imported only to build: the image has no esbuild (a dev dependency) and never builds.
      const { buildServer } = await import("./build-server.mjs");
      await buildServer();
      return 0;
    },
  },
].filter((build) => !serverOnly || build.name === "Server");

function mtimeOf(file) {
  return statSync(path.join(root, file), { throwIfNoEntry: false })?.mtimeMs;
}

function stampsUnder(relative, into) {
  const stat = statSync(path.join(root, relative), { throwIfNoEntry: false });
  if (stat === undefined) return;
  into.push({ path: relative, mtimeMs: stat.mtimeMs });
  if (!stat.isDirectory()) return;
  for (const entry of readdirSync(path.join(root, relative))) {
    stampsUnder(path.join(relative, entry), into);
  }
}

for (const build of builds) {
  const sources = [];
  for (const source of build.sources) stampsUnder(source, sources);
  const builtAt = mtimeOf(build.output);
  if (builtAt !== undefined && !sources.some((s) => s.path.startsWith("src/"))) continue;
  const decision = decideBuild(builtAt, sources);
  if (!decision.build) {
    if (!serverOnly) {
      console.log(`${build.name}: not rebuilt, ${decision.reason} (npm run build forces a build).`);
    }
    continue;
  }
  console.log(`${build.name}: building, ${decision.reason}.`);
  const status = await Promise.resolve()
    .then(build.build)
    .catch((error) => {
      console.error(error);
      return 1;
    });
  if (status !== 0) {
    // A build that failed after writing its last file would otherwise pass for a current one.
    rmSync(path.join(root, build.output), { force: true });
    process.exit(status ?? 1);
  }
}
