import path from "node:path";
import { describe, expect, it } from "vitest";
import { INITIAL_JS_BUDGET_KB, initialJsForHome } from "../scripts/bench/bundle";

// `npm test` builds the web app first; without a build there is nothing to weigh.
const initial = initialJsForHome(path.resolve(import.meta.dirname, "../dist"));

describe.skipIf(!initial)("initial JavaScript of / (DESIGN.md budget)", () => {
  it(`stays within ${INITIAL_JS_BUDGET_KB} KB gzip, entry and home route together`, () => {
    const files = initial?.files.map((f) => f.file) ?? [];
    expect(files.some((file) => file.includes("home-page"))).toBe(true);
    expect(initial?.totalKb).toBeLessThanOrEqual(INITIAL_JS_BUDGET_KB);
  });

  it("leaves the dialog code out until a dialog opens", () => {
    expect(initial?.files.some((f) => f.file.includes("dialog-panel"))).toBe(false);
  });
});
