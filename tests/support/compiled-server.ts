import { spawnSync } from "node:child_process";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "../..");

/** What `npm start` and the image run: the compiled server (scripts/build-server.mjs). */
export const COMPILED_SERVER = path.join(root, "dist-server/main.js");
export const COMPILED_ADMIN = path.join(root, "dist-server/admin.js");

/**
 * Compiles the server when a source changed after dist-server/ was built, as `npm start` does,
 * so a test run straight from vitest never tests yesterday's server. Synchronous on purpose: the
 * global setups that call it never overlap, and the second finds the build current.
 */
export function ensureServerBuild(): void {
  const result = spawnSync(process.execPath, ["scripts/build-if-stale.mjs", "--server"], {
    cwd: root,
    encoding: "utf8",
  });
  if (result.status !== 0) {
    throw new Error(`The server did not compile:\n${result.stdout}${result.stderr}`);
  }
}
