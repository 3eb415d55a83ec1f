import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

/**
 * The project folder (the nearest one up with a package.json), so bundled data/ and models/
 * resolve wherever the process starts: this file runs from src/server/lib in development and
 * tests, and from the compiled dist-server/ in production.
 */
function findProjectRoot(from: string): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    if (existsSync(path.join(dir, "package.json"))) return `${dir}/`;
    if (path.dirname(dir) === dir) throw new Error(`No package.json above ${from}`);
  }
}

export const projectRoot = findProjectRoot(path.dirname(fileURLToPath(import.meta.url)));

export const dataPath = (...parts: string[]) => [projectRoot, "data", ...parts].join("/");
