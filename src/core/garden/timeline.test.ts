import { describe, expect, it } from "vitest";
import { addDays } from "./dates";
import { stageDays } from "./schedule";
import { buildTimeline, currentStageName, currentStageOf } from "./timeline";

const PLAN = [
  { name: "Germination", durationDays: 7 },
  { name: "Vegetative", durationDays: 30 },
  { name: "Harvest", durationDays: 10 },
];
const PLANTED = "2026-04-01";

describe("stageDays", () => {
  it.each([
    [0, 1],
    [0.4, 1],
    [0.5, 1],
    [1, 1],
    [1.4, 1],
    [1.6, 2],
    [2.5, 3],
    [-3, 1],
    [Number.NaN, 1],
    [Number.POSITIVE_INFINITY, 1],
  ])("%s days → %s", (input, expected) => {
    expect(stageDays(input)).toBe(expected);
  });
});

describe("currentStageOf", () => {
  it("gives the timeline's current stage and its progress, none before planting", () => {
    for (const day of [0, 3, 6, 7, 20, 46, 47, 60]) {
      const today = addDays(PLANTED, day);
      const timeline = buildTimeline(PLAN, PLANTED, today);
      const current = timeline.stages[timeline.currentIndex];
      expect(currentStageOf(PLAN, PLANTED, today)).toEqual({
        name: current?.name,
        progress: current?.progress,
      });
    }
    expect(currentStageOf(PLAN, PLANTED, addDays(PLANTED, -1))).toBeNull();
  });
});

describe("buildTimeline", () => {
  it("lays stages back-to-back with inclusive end dates", () => {
    const { stages, eta } = buildTimeline(PLAN, PLANTED, PLANTED);
    expect(stages.map((s) => [s.startDate, s.endDate, s.eta])).toEqual([
      ["2026-04-01", "2026-04-07", "2026-04-07"],
      ["2026-04-08", "2026-05-07", "2026-05-07"],
      ["2026-05-08", "2026-05-17", "2026-05-17"],
    ]);
    expect(eta).toBe("2026-05-17");
  });

  it("rounds durations and gives sub-day stages one day", () => {
    const plan = [
      { name: "a", durationDays: 0 },
      { name: "b", durationDays: 0.4 },
      { name: "c", durationDays: 1 },
      { name: "d", durationDays: 1.6 },
    ];
    const { stages } = buildTimeline(plan, PLANTED, PLANTED);
    expect(stages.map((s) => s.durationDays)).toEqual([1, 1, 1, 2]);
    expect(stages.map((s) => s.startDate)).toEqual([
      "2026-04-01",
      "2026-04-02",
      "2026-04-03",
      "2026-04-04",
    ]);
    expect(stages[3]?.endDate).toBe("2026-04-05");
  });

  it("before planting: no stage is current and nothing has progressed (starts on the date)", () => {
    const t = buildTimeline(PLAN, PLANTED, "2026-03-31");
    expect(t.currentStage).toBeNull();
    expect(t.currentIndex).toBe(-1);
    expect(t.progress).toBe(0);
    expect(t.stages[0]?.startDate).toBe(PLANTED);
    expect(t.stages.map((s) => s.progress)).toEqual([0, 0, 0]);
    expect(t.stages.map((s) => s.current)).toEqual([false, false, false]);
  });

  it("on the planting day: first stage current, progress 0", () => {
    const t = buildTimeline(PLAN, PLANTED, PLANTED);
    expect(t.currentStage).toBe("Germination");
    expect(t.progress).toBe(0);
    expect(t.stages[0]?.progress).toBe(0);
  });

  it("on a stage's last day it is still current, with (D-1)/D progress", () => {
    const t = buildTimeline(PLAN, PLANTED, "2026-04-07");
    expect(t.currentStage).toBe("Germination");
    expect(t.stages[0]?.progress).toBeCloseTo(6 / 7);
    expect(t.stages[1]?.progress).toBe(0);
  });

  it("on the next stage's first day the previous one is complete", () => {
    const t = buildTimeline(PLAN, PLANTED, "2026-04-08");
    expect(t.currentStage).toBe("Vegetative");
    expect(t.stages.map((s) => s.current)).toEqual([false, true, false]);
    expect(t.stages[0]?.progress).toBe(1);
    expect(t.stages[1]?.progress).toBe(0);
    expect(t.progress).toBeCloseTo(7 / 47);
  });

  it("mid-stage progress is the share of days elapsed", () => {
    const t = buildTimeline(PLAN, PLANTED, "2026-04-23");
    expect(t.stages[1]?.progress).toBeCloseTo(15 / 30);
    expect(t.progress).toBeCloseTo(22 / 47);
  });

  it("on the last day of the last stage: last stage current, not yet complete", () => {
    const t = buildTimeline(PLAN, PLANTED, "2026-05-17");
    expect(t.currentStage).toBe("Harvest");
    expect(t.stages[2]?.progress).toBeCloseTo(9 / 10);
    expect(t.progress).toBeCloseTo(46 / 47);
  });

  it("after the last stage: last stage current and progress clamps at 1", () => {
    const t = buildTimeline(PLAN, PLANTED, "2026-09-01");
    expect(t.currentStage).toBe("Harvest");
    expect(t.currentIndex).toBe(2);
    expect(t.progress).toBe(1);
    expect(t.stages.map((s) => s.progress)).toEqual([1, 1, 1]);
    expect(t.stages.filter((s) => s.current)).toHaveLength(1);
  });

  it("one-day stages are complete the day after", () => {
    const plan = [
      { name: "a", durationDays: 1 },
      { name: "b", durationDays: 1 },
    ];
    const t = buildTimeline(plan, PLANTED, "2026-04-02");
    expect(t.currentStage).toBe("b");
    expect(t.stages.map((s) => s.progress)).toEqual([1, 0]);
    expect(t.progress).toBe(0.5);
  });

  it("an empty stage plan gives an empty timeline", () => {
    expect(buildTimeline([], PLANTED, "2026-05-01")).toEqual({
      stages: [],
      currentStage: null,
      currentIndex: -1,
      progress: 0,
      eta: null,
      harvestDate: null,
    });
  });

  it("keeps stage names and does not mutate its input", () => {
    const plan = [{ name: "Fruiting", durationDays: 2.6 }];
    buildTimeline(plan, PLANTED, PLANTED);
    expect(plan).toEqual([{ name: "Fruiting", durationDays: 2.6 }]);
  });

  it("rejects malformed dates", () => {
    expect(() => buildTimeline(PLAN, "2026-04-31", PLANTED)).toThrow(RangeError);
    expect(() => buildTimeline([], PLANTED, "today")).toThrow(RangeError);
  });
});

describe("currentStageName", () => {
  it("names the same stage as buildTimeline on every day around the plan", () => {
    const plans = [
      PLAN,
      [],
      [{ name: "only", durationDays: 0.2 }],
      [
        { name: "a", durationDays: 2.5 },
        { name: "b", durationDays: 1 },
      ],
    ];
    for (const plan of plans) {
      for (let day = -3; day <= 52; day++) {
        const today = addDays(PLANTED, day);
        expect(currentStageName(plan, PLANTED, today), `${day}`).toBe(
          buildTimeline(plan, PLANTED, today).currentStage,
        );
      }
    }
  });

  it("gives no stage before planting and the last after the end", () => {
    expect(currentStageName(PLAN, PLANTED, "2026-03-31")).toBeNull();
    expect(currentStageName(PLAN, PLANTED, "2026-04-07")).toBe("Germination");
    expect(currentStageName(PLAN, PLANTED, "2026-04-08")).toBe("Vegetative");
    expect(currentStageName(PLAN, PLANTED, "2027-01-01")).toBe("Harvest");
  });
});
