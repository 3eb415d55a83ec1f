import { describe, expect, it } from "vitest";
import { plannedMilestones, sameStage, stageReached, stageTitle } from "./milestones";

describe("plannedMilestones", () => {
  it("dates one milestone per stage as the timeline does, last day inclusive", () => {
    expect(
      plannedMilestones(
        [
          { name: "germination", durationDays: 8 },
          { name: "seedling", durationDays: 1 },
          { name: "Harvest", durationDays: 0.4 },
        ],
        "2026-02-27",
      ),
    ).toEqual([
      { stage: "germination", title: "Germination", date: "2026-02-27", endDate: "2026-03-06" },
      { stage: "seedling", title: "Seedling", date: "2026-03-07", endDate: "2026-03-07" },
      { stage: "Harvest", title: "Harvest", date: "2026-03-08", endDate: "2026-03-08" },
    ]);
  });

  it("is empty without stages", () => {
    expect(plannedMilestones([], "2026-01-01")).toEqual([]);
  });
});

describe("stage names", () => {
  it("capitalises a stage for its title", () => {
    expect(stageTitle(" fruiting ")).toBe("Fruiting");
    expect(stageTitle("first true leaves")).toBe("First true leaves");
  });

  it("matches a recorded stage as startAtStage does; empty is no stage", () => {
    expect(sameStage("Seedling", " seedling")).toBe(true);
    expect(sameStage("germination", "seed")).toBe(true);
    expect(sameStage("Blooming", "flowering")).toBe(true);
    expect(sameStage("seedling", "seed")).toBe(false);
    expect(sameStage("First flower", "first flower")).toBe(true);
    expect(sameStage("", "")).toBe(false);
    expect(sameStage(null, "seed")).toBe(false);
  });
});

describe("stageReached", () => {
  const milestones = [
    { id: "a", stage: "germination", reachedAt: "2026-03-01T00:00:00.000Z" },
    { id: "b", stage: "seedling", reachedAt: null },
    { id: "c", stage: "Seedling", reachedAt: null },
  ];

  it("reaches the earliest open milestone of the stage", () => {
    expect(stageReached(milestones, "SEEDLING")).toEqual({ kind: "reach", id: "b" });
    expect(stageReached([{ id: "g", stage: "germination", reachedAt: null }], "seed")).toEqual({
      kind: "reach",
      id: "g",
    });
  });

  it("keeps a stage already reached", () => {
    expect(stageReached(milestones, "germination")).toEqual({ kind: "already" });
  });

  it("creates one for a stage without a milestone", () => {
    expect(stageReached(milestones, "flowering")).toEqual({ kind: "create" });
    expect(stageReached([], "seed")).toEqual({ kind: "create" });
  });
});
