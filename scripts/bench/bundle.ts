import fs from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";

/** DESIGN.md: the JavaScript "/" needs before its first paint, gzip, at most this many KB. */
export const INITIAL_JS_BUDGET_KB = 150;
const HOME_ROUTE = "app/pages/home-page.tsx";

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
}

export interface InitialJs {
  files: { file: string; gzipKb: number }[];
  totalKb: number;
}

/**
 * Adds up the initial JavaScript of "/" from Vite's build manifest: the entry chunk and the home
 * route's lazy chunk (React Router loads it before "/" can paint), each with its static imports.
 * Null when there is no build to read.
 */
export function initialJsForHome(distDir: string): InitialJs | null {
  const manifestPath = path.join(distDir, ".vite", "manifest.json");
  if (!fs.existsSync(manifestPath)) return null;
  const manifest = JSON.parse(fs.readFileSync(manifestPath, "utf8")) as Record<
    string,
    ManifestChunk
  >;
  const entry = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
  const seen = new Set<string>();
  const collect = (key: string | undefined) => {
    const chunk = key ? manifest[key] : undefined;
    if (!chunk?.file.endsWith(".js") || seen.has(chunk.file)) return;
    seen.add(chunk.file);
    for (const imported of chunk.imports ?? []) collect(imported);
  };
  collect(entry);
  collect(HOME_ROUTE);
  const files = [...seen].map((file) => ({
    file,
    gzipKb: gzipSync(fs.readFileSync(path.join(distDir, file)), { level: 9 }).length / 1024,
  }));
  return { files, totalKb: files.reduce((sum, f) => sum + f.gzipKb, 0) };
}
