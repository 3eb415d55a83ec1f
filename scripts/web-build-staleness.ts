/** A file or folder that feeds the web build, with when it last changed. */
export interface SourceStamp {
  path: string;
  mtimeMs: number;
}

export type WebBuildDecision = { build: boolean; reason: string };

/**
 * Whether `npm start` must build the web app: when there is no build, or when any source changed
 * after it. `builtAtMs` is the mtime of the build's index.html, undefined when it is missing.
 * Folders count as sources too: deleting or renaming a file changes only its folder's mtime.
 */
export function decideWebBuild(
  builtAtMs: number | undefined,
  sources: readonly SourceStamp[],
): WebBuildDecision {
  if (builtAtMs === undefined) return { build: true, reason: "there is no build yet" };
  const newest = sources.reduce<SourceStamp | undefined>(
    (latest, source) => (latest === undefined || source.mtimeMs > latest.mtimeMs ? source : latest),
    undefined,
  );
  if (newest !== undefined && newest.mtimeMs > builtAtMs) {
    return { build: true, reason: `${newest.path} changed after the last build` };
  }
  return { build: false, reason: "the build is newer than its sources" };
}
