/**
 * How hard fast-check tries. By default (CI) a fixed seed and a modest count, so a run takes the
 * same inputs every time and stays quick; `FUZZ_RUNS` sets the count (e.g. 200) and `FUZZ_SEED`
 * a seed, or `random` for a new one each run (fast-check prints it with any failure, to replay).
 */
export const DEFAULT_FUZZ_SEED = 20_261_125;

export function fuzzSettings(
  defaultRuns: number,
  env: Record<string, string | undefined> = process.env,
): { numRuns: number; seed?: number } {
  const runs = Number(env.FUZZ_RUNS);
  const numRuns = Number.isInteger(runs) && runs > 0 ? runs : defaultRuns;
  const seedText = env.FUZZ_SEED?.trim();
  if (seedText === "random") return { numRuns };
  const seed = Number(seedText);
  return { numRuns, seed: seedText && Number.isInteger(seed) ? seed : DEFAULT_FUZZ_SEED };
}
