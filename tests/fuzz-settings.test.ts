import { describe, expect, it } from "vitest";
import { DEFAULT_FUZZ_SEED, fuzzSettings } from "./support/fuzz-settings";

describe("fuzz settings", () => {
  it("runs a modest count on a fixed seed unless told otherwise", () => {
    expect(fuzzSettings(50, {})).toEqual({ numRuns: 50, seed: DEFAULT_FUZZ_SEED });
  });

  it("takes the count and seed from FUZZ_RUNS and FUZZ_SEED, and leaves a random seed to fast-check", () => {
    expect(fuzzSettings(50, { FUZZ_RUNS: "200", FUZZ_SEED: "42" })).toEqual({
      numRuns: 200,
      seed: 42,
    });
    expect(fuzzSettings(50, { FUZZ_RUNS: "200", FUZZ_SEED: "random" })).toEqual({ numRuns: 200 });
    expect(fuzzSettings(50, { FUZZ_RUNS: "lots", FUZZ_SEED: "" })).toEqual({
      numRuns: 50,
      seed: DEFAULT_FUZZ_SEED,
    });
  });
});
