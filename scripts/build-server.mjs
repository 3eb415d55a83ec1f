/**
 * `npm run build:server`: compiles the server to JavaScript in dist-server/, so `npm start` and the
 * image run plain `node` with no TypeScript loader. esbuild bundles the server with the packages
 * it uses, in about a second; the extensionless imports the sources use resolve as Vite and tsx
 * resolve them. Types are checked by `npm run typecheck`, not here.
 *
 * Bundling the packages too, not only our modules, took a start from 7.2 s to 4.2 s to answer
 * /api/health on a loaded two-core box: Node no longer resolves and reads some 2,000 files one
 * by one. Left out, as imports from node_modules: native addons (better-sqlite3, sharp) and the
 * plant-ID model's runtime, which finds its .wasm files beside its own package.
 *
 * Entries: the server, the admin CLI (`npm run admin`), the offline plant-ID worker, which a
 * worker thread loads by file, and the understanding's trainer, run here to write
 * dist-server/understanding.json. Shared code goes into chunks beside them.
 */
import { rmSync } from "node:fs";
import path from "node:path";
import { build } from "esbuild";

const root = path.resolve(import.meta.dirname, "..");
export const SERVER_OUT_DIR = path.join(root, "dist-server");

export async function buildServer() {
  rmSync(SERVER_OUT_DIR, { recursive: true, force: true });
  await build({
    absWorkingDir: root,
    entryPoints: {
      main: "src/server/entry.ts",
      admin: "scripts/admin.ts",
      "plant-id-worker": "src/server/providers/plant-id/offline/worker.ts",
      "train-understanding": "src/server/providers/ai/built-in/understanding/train-entry.ts",
    },
    outdir: SERVER_OUT_DIR,
    bundle: true,
    splitting: true,
    format: "esm",
    platform: "node",
    target: "node22.12",
    external: ["better-sqlite3", "sharp", "@tensorflow/*", "pg-native"],
    // The packages written as CommonJS call require() and read __dirname; in an ES module those
    // come from import.meta. (@fastify/swagger reads its package.json this way and tolerates a
    // miss; no other bundled package reads files beside itself.)
    banner: {
      js: [
        'import { createRequire as __createRequire } from "node:module";',
        'import { fileURLToPath as __fileURLToPath } from "node:url";',
        "const require = __createRequire(import.meta.url);",
        "const __filename = __fileURLToPath(import.meta.url);",
        'const __dirname = __fileURLToPath(new URL(".", import.meta.url));',
      ].join(" "),
    },
    // Stack traces in the log name the TypeScript file and line (node --enable-source-maps).
    sourcemap: "linked",
    logLevel: "warning",
  });
  // The built-in assistant's understanding, trained on data/understanding/ now rather than at
  // every start.
  const trainer = await import(path.join(SERVER_OUT_DIR, "train-understanding.js"));
  trainer.writeHeads();
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const started = performance.now();
  await buildServer();
  console.log(
    `Server: compiled to dist-server/ in ${((performance.now() - started) / 1000).toFixed(1)} s.`,
  );
}
