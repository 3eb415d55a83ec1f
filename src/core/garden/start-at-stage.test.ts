import { describe, expect, it } from "vitest";
import type { AiPlan } from "./plan-parsing";
import { planStageIndex } from "./schedule";
import { startAtStage } from "./start-at-stage";
import { buildTimeline } from "./timeline";

const plan: AiPlan = {
  plant: "Tomato",
  stages: [
    { name: "germination", durationDays: 7 },
    { name: "seedling", durationDays: 21 },
    { name: "vegetative", durationDays: 30 },
    { name: "flowering", durationDays: 20 },
    { name: "fruiting", durationDays: 40 },
  ],
  tasks: [
    { title: "Check germination", dueInDays: 5, repeat: false, repeatEveryDays: null },
    { title: "Pot on", dueInDays: 27, repeat: false, repeatEveryDays: null },
    { title: "Stake the plant", dueInDays: 28, repeat: false, repeatEveryDays: null },
    { title: "Water", dueInDays: 0, repeat: true, repeatEveryDays: 2 },
  ],
  tips: [],
};

describe("planStageIndex", () => {
  it("reads the Plant ID stages against the catalogue's stage names", () => {
    expect(planStageIndex(plan.stages, "seed")).toBe(0);
    expect(planStageIndex(plan.stages, "Seedling")).toBe(1);
    expect(planStageIndex(plan.stages, "vegetative")).toBe(2);
    expect(planStageIndex(plan.stages, "flowering")).toBe(3);
    expect(planStageIndex(plan.stages, "fruiting")).toBe(4);
    expect(planStageIndex(plan.stages, "harvest")).toBe(-1);
  });
});

describe("startAtStage", () => {
  it("changes nothing for the first stage, a stage the plan lacks, or none", () => {
    for (const stage of ["seed", "harvest", null]) {
      expect(startAtStage(plan, stage, "2026-11-24")).toEqual({ plan, plantingDate: "2026-11-24" });
    }
  });

  it("dates the plan back so the chosen stage starts today, and the timeline shows it", () => {
    const { plantingDate } = startAtStage(plan, "vegetative", "2026-11-24");
    expect(plantingDate).toBe("2026-10-27"); // 7 + 21 = 28 days earlier
    const timeline = buildTimeline(plan.stages, plantingDate, "2026-11-24");
    expect(timeline.currentStage).toBe("vegetative");
    expect(timeline.stages[2]?.startDate).toBe("2026-11-24");
  });

  it("leaves out one-off tasks of the passed stages, keeps the one due as the stage begins and repeats", () => {
    const { plan: started } = startAtStage(plan, "vegetative", "2026-11-24");
    expect(started.tasks.map((t) => t.title)).toEqual(["Stake the plant", "Water"]);
  });
});
