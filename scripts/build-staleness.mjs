/**
 * @typedef {{ path: string, mtimeMs: number }} SourceStamp A file or folder that feeds a build,
 *   with when it last changed.
 * @typedef {{ build: boolean, reason: string }} BuildDecision
 */

/**
 * Whether `npm start` must build (the web app, or the server): when there is no build, or when
 * any source changed after it. `builtAtMs` is the mtime of the build's last-written file,
 * undefined when it is missing. Folders count as sources too: deleting or renaming a file changes
 * only its folder's mtime. Plain JavaScript: `npm start` runs it before anything is compiled.
 *
 * @param {number | undefined} builtAtMs
 * @param {readonly SourceStamp[]} sources
 * @returns {BuildDecision}
 */
export function decideBuild(builtAtMs, sources) {
  if (builtAtMs === undefined) return { build: true, reason: "there is no build yet" };
  const newest = sources.reduce(
    (latest, source) => (latest === undefined || source.mtimeMs > latest.mtimeMs ? source : latest),
    /** @type {SourceStamp | undefined} */ (undefined),
  );
  if (newest !== undefined && newest.mtimeMs > builtAtMs) {
    return { build: true, reason: `${newest.path} changed after the last build` };
  }
  return { build: false, reason: "the build is newer than its sources" };
}
