/** Types of build-staleness.mjs (plain JavaScript: `npm start` runs it before any build). */
export interface SourceStamp {
  path: string;
  mtimeMs: number;
}
export interface BuildDecision {
  build: boolean;
  reason: string;
}
export function decideBuild(
  builtAtMs: number | undefined,
  sources: readonly SourceStamp[],
): BuildDecision;
