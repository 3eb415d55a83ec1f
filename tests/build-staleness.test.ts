import { describe, expect, it } from "vitest";
import { decideBuild } from "../scripts/build-staleness.mjs";

describe("decideBuild (npm start's build steps)", () => {
  const sources = [
    { path: "src/web", mtimeMs: 1_000 },
    { path: "src/web/main.tsx", mtimeMs: 3_000 },
    { path: "src/core/units.ts", mtimeMs: 2_000 },
  ];

  it("builds when there is no build", () => {
    expect(decideBuild(undefined, sources)).toEqual({
      build: true,
      reason: "there is no build yet",
    });
  });

  it("builds when a source changed after the build, naming the newest", () => {
    expect(decideBuild(2_500, sources)).toEqual({
      build: true,
      reason: "src/web/main.tsx changed after the last build",
    });
  });

  it("skips when the build is newer than every source", () => {
    expect(decideBuild(3_001, sources)).toEqual({
      build: false,
      reason: "the build is newer than its sources",
    });
  });

  it("skips when a source is as old as the build, not newer", () => {
    expect(decideBuild(3_000, sources).build).toBe(false);
  });

  it("builds when only a folder changed (a file was deleted or renamed)", () => {
    const afterDelete = [...sources, { path: "src/web/features", mtimeMs: 5_000 }];
    expect(decideBuild(4_000, afterDelete)).toEqual({
      build: true,
      reason: "src/web/features changed after the last build",
    });
  });
});
