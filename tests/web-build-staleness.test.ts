import { describe, expect, it } from "vitest";
import { decideWebBuild } from "../scripts/web-build-staleness";

describe("decideWebBuild (npm start's build step)", () => {
  const sources = [
    { path: "src/web", mtimeMs: 1_000 },
    { path: "src/web/main.tsx", mtimeMs: 3_000 },
    { path: "src/core/units.ts", mtimeMs: 2_000 },
  ];

  it("builds when there is no build", () => {
    expect(decideWebBuild(undefined, sources)).toEqual({
      build: true,
      reason: "there is no build yet",
    });
  });

  it("builds when a source changed after the build, naming the newest", () => {
    expect(decideWebBuild(2_500, sources)).toEqual({
      build: true,
      reason: "src/web/main.tsx changed after the last build",
    });
  });

  it("skips when the build is newer than every source", () => {
    expect(decideWebBuild(3_001, sources)).toEqual({
      build: false,
      reason: "the build is newer than its sources",
    });
  });

  it("skips when a source is as old as the build, not newer", () => {
    expect(decideWebBuild(3_000, sources).build).toBe(false);
  });

  it("builds when only a folder changed (a file was deleted or renamed)", () => {
    const afterDelete = [...sources, { path: "src/web/features", mtimeMs: 5_000 }];
    expect(decideWebBuild(4_000, afterDelete)).toEqual({
      build: true,
      reason: "src/web/features changed after the last build",
    });
  });
});
