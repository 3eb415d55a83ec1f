import { describe, expect, it } from "vitest";
import { addDays } from "./dates";
import { buildGrowGuide, type GuideCrop, guideStagesToPlan, guideToPlan } from "./grow-guide";
import { plannedMilestones } from "./milestones";
import { GENERIC_STAGE_PLAN, generatePlan } from "./plan-generator";
import { planToTasks } from "./plan-parsing";
import {
  isHarvestTask,
  plantSchedule,
  recordedStage,
  type StagePlanEntry,
  stageSpans,
} from "./schedule";
import { startAtStage } from "./start-at-stage";
import { buildTimeline, currentStageName } from "./timeline";

// data/crops/catalogue.json's tomato: harvest starts on day 8 + 32 + 32 + 13 + 30 = 115.
const TOMATO: GuideCrop = {
  slug: "tomato",
  name: "Tomato",
  category: "vegetable",
  sunlight: "full-sun",
  watering: "moderate",
  soil: "Rich, well-drained loam high in organic matter",
  ph: { min: 6, max: 6.8 },
  climate: "Warm season; frost-tender, needs nights above 10 °C to set fruit",
  daysToGermination: { min: 5, max: 10 },
  daysToMaturity: { min: 100, max: 130 },
  stagePlan: [
    { name: "germination", durationDays: 8 },
    { name: "seedling", durationDays: 32 },
    { name: "vegetative", durationDays: 32 },
    { name: "flowering", durationDays: 13 },
    { name: "fruiting", durationDays: 30 },
    { name: "harvest", durationDays: 35 },
  ],
  spacingCm: 60,
  sowingMethod: "start-indoors",
  hydroponic: { suitable: true, ec: { min: 2, max: 5 }, ph: { min: 5.5, max: 6.5 } },
};
const PLANTED = "2025-11-17";
const TODAY = "2025-11-25";
const HARVEST = addDays(PLANTED, 115);

const PLAN: StagePlanEntry[] = [
  { name: "Germination", durationDays: 7 },
  { name: "Vegetative", durationDays: 30 },
  { name: "Flowering", durationDays: 10 },
  { name: "Harvest", durationDays: 14 },
];

const harvestTaskOf = (tasks: readonly { title: string; type?: string; dueDate: string }[]) =>
  tasks.find((task) => isHarvestTask(task));

describe("plantSchedule", () => {
  it("dates the stages back to back from the planting date, last days included", () => {
    const { stages, harvestDate } = plantSchedule(PLAN, "2026-04-01");
    expect(stages.map((s) => [s.name, s.startDate, s.endDate, s.durationDays])).toEqual([
      ["Germination", "2026-04-01", "2026-04-07", 7],
      ["Vegetative", "2026-04-08", "2026-05-07", 30],
      ["Flowering", "2026-05-08", "2026-05-17", 10],
      ["Harvest", "2026-05-18", "2026-05-31", 14],
    ]);
    expect(harvestDate).toBe("2026-05-18");
  });

  it("the harvest date is the first day of the harvest stage, whatever its case; none without", () => {
    expect(plantSchedule(GENERIC_STAGE_PLAN, PLANTED).harvestDate).toBe(addDays(PLANTED, 65));
    expect(plantSchedule(TOMATO.stagePlan, PLANTED).harvestDate).toBe(HARVEST);
    const houseplant = [{ name: "vegetative", durationDays: 60 }];
    expect(plantSchedule(houseplant, PLANTED).harvestDate).toBeNull();
  });

  it("a stage recorded late starts that day: the stage before stretches, the later ones follow", () => {
    // Flowering was planned for May 8 and began on May 12.
    const late = plantSchedule(PLAN, "2026-04-01", { stage: "flowering", since: "2026-05-12" });
    expect(late.stages.map((s) => [s.startDate, s.endDate, s.durationDays])).toEqual([
      ["2026-04-01", "2026-04-07", 7],
      ["2026-04-08", "2026-05-11", 34],
      ["2026-05-12", "2026-05-21", 10],
      ["2026-05-22", "2026-06-04", 14],
    ]);
    expect(late.harvestDate).toBe("2026-05-22");
  });

  it("a stage recorded early cuts the stages before it short and brings the later ones forward", () => {
    const early = plantSchedule(PLAN, "2026-04-01", { stage: "Flowering", since: "2026-04-20" });
    expect(early.stages.map((s) => [s.startDate, s.endDate])).toEqual([
      ["2026-04-01", "2026-04-07"],
      ["2026-04-08", "2026-04-19"],
      ["2026-04-20", "2026-04-29"],
      ["2026-04-30", "2026-05-13"],
    ]);
    // Recorded before a stage before it was due: that stage is squeezed into the day before.
    const sooner = plantSchedule(PLAN, "2026-04-01", { stage: "harvest", since: "2026-04-05" });
    expect(sooner.stages.map((s) => [s.startDate, s.endDate])).toEqual([
      ["2026-04-01", "2026-04-04"],
      ["2026-04-04", "2026-04-04"],
      ["2026-04-04", "2026-04-04"],
      ["2026-04-05", "2026-04-18"],
    ]);
    expect(sooner.harvestDate).toBe("2026-04-05");
  });

  it("the first stage, or a stage the plan lacks, leaves the planting date in charge", () => {
    const planned = plantSchedule(PLAN, "2026-04-01");
    expect(plantSchedule(PLAN, "2026-04-01", { stage: "seed", since: "2026-04-09" })).toEqual(
      planned,
    );
    expect(plantSchedule(PLAN, "2026-04-01", { stage: "dormant", since: "2026-04-09" })).toEqual(
      planned,
    );
    expect(plantSchedule(PLAN, "2026-04-01", null)).toEqual(planned);
  });

  it("stageSpans counts the same days as the dates, for lists of many plants", () => {
    const recorded = { stage: "flowering", since: "2026-05-12" };
    const dated = plantSchedule(PLAN, "2026-04-01", recorded).stages;
    const spans = stageSpans(PLAN, "2026-04-01", recorded);
    expect(spans.map((s) => addDays("2026-04-01", s.startDay))).toEqual(
      dated.map((s) => s.startDate),
    );
    expect(spans.map((s) => addDays("2026-04-01", s.endDay))).toEqual(dated.map((s) => s.endDate));
  });
});

describe("recordedStage", () => {
  it("reads the day of stageStartedAt; nothing without a stage or a date", () => {
    expect(recordedStage("flowering", "2026-05-12T00:00:00.000Z")).toEqual({
      stage: "flowering",
      since: "2026-05-12",
    });
    expect(recordedStage(null, "2026-05-12T00:00:00.000Z")).toBeNull();
    expect(recordedStage("flowering", null)).toBeNull();
    expect(recordedStage("flowering", "soon")).toBeNull();
  });
});

describe("isHarvestTask", () => {
  it("is the plans' harvest type, or a title that says harvest", () => {
    expect(isHarvestTask({ title: "Check Tomato for harvest", type: "harvest" })).toBe(true);
    expect(isHarvestTask({ title: "Harvest the ripe fruit" })).toBe(true);
    expect(isHarvestTask({ title: "Water Tomato", type: "watering" })).toBe(false);
    expect(isHarvestTask({ title: "Pest watch: check under leaves", type: "pest" })).toBe(false);
  });
});

describe("one schedule gives one harvest date (issue 24)", () => {
  it("to the stages, the milestones, the harvest check and the assistant's answer", () => {
    const plan = generatePlan({
      crop: TOMATO,
      plantName: "Tomato",
      medium: "soil",
      place: "outdoor",
      lights: "sun",
    });
    const timeline = buildTimeline(plan.stages, PLANTED, TODAY);
    const harvestStage = timeline.stages.find((s) => s.name === "harvest");
    const milestone = plannedMilestones(plan.stages, PLANTED).find((m) => m.stage === "harvest");
    const tasks = planToTasks(
      plan,
      PLANTED,
      TODAY,
      plantSchedule(plan.stages, PLANTED).harvestDate,
    );
    const check = harvestTaskOf(tasks);

    expect(check?.title).toBe("Check Tomato for harvest");
    expect(timeline.harvestDate).toBe(HARVEST);
    expect(harvestStage?.startDate).toBe(HARVEST);
    expect(milestone?.date).toBe(HARVEST);
    expect(check?.dueDate).toBe(HARVEST);
  });

  it("to an AI plan's harvest task, whatever day the model gave it", () => {
    const plan = {
      stages: TOMATO.stagePlan.map((s) => ({ ...s })),
      tasks: [
        { title: "Water deeply", dueInDays: 0, repeat: true, repeatEveryDays: 3 },
        { title: "Check for harvest", dueInDays: 107, repeat: true, repeatEveryDays: 7 },
      ],
    };
    const harvestDate = plantSchedule(plan.stages, PLANTED).harvestDate;
    const tasks = planToTasks(plan, PLANTED, TODAY, harvestDate);
    expect(harvestTaskOf(tasks)?.dueDate).toBe(HARVEST);
    expect(tasks[0]?.dueDate).toBe("2025-11-26");
  });

  it("to a plant saved at a later stage, whose planting date is dated back", () => {
    const plan = generatePlan({
      crop: TOMATO,
      plantName: "Tomato",
      medium: "soil",
      place: "outdoor",
      lights: "sun",
    });
    const started = startAtStage(plan, "flowering", TODAY);
    const schedule = plantSchedule(plan.stages, started.plantingDate);
    const tasks = planToTasks(started.plan, started.plantingDate, TODAY, schedule.harvestDate);
    // Flowering (13 days) and fruiting (30) lie ahead of the harvest.
    expect(schedule.harvestDate).toBe(addDays(TODAY, 43));
    expect(harvestTaskOf(tasks)?.dueDate).toBe(schedule.harvestDate);
    expect(
      plannedMilestones(plan.stages, started.plantingDate).find((m) => m.stage === "harvest")?.date,
    ).toBe(schedule.harvestDate);
  });

  it("to a Grow Along guide's stages and tasks, and to the plant tracked from it", () => {
    const guide = buildGrowGuide({
      crop: TOMATO,
      plantName: "Tomato",
      medium: "soil",
      gardenType: "container",
      lighting: "full-sun",
      experience: "beginner",
      climate: "cold",
    });
    const guideHarvest = guide.stages.find((s) => s.name === "harvest");
    const guideCheck = guide.tasks.find((t) => isHarvestTask(t));
    // The guide's chart dates its stages by the schedule of a plant planted today.
    const chart = plantSchedule(guideStagesToPlan(guide.stages), TODAY);
    // Tracking it saves the guide's stages and tasks, planted today.
    const plan = guideToPlan(guide);
    const tracked = plantSchedule(plan.stages, TODAY);
    const tasks = planToTasks(plan, TODAY, TODAY, tracked.harvestDate);

    expect(guideHarvest).toBeDefined();
    // The cold climate stretches germination and seedling: later than the catalogue's day 115.
    expect(guideHarvest?.startDay).toBeGreaterThan(115);
    const harvestDate = addDays(TODAY, guideHarvest?.startDay ?? 0);
    expect(guideCheck?.dueInDays).toBe(guideHarvest?.startDay);
    expect(chart.harvestDate).toBe(harvestDate);
    expect(tracked.harvestDate).toBe(harvestDate);
    expect(harvestTaskOf(tasks)?.dueDate).toBe(harvestDate);
    expect(buildTimeline(plan.stages, TODAY, TODAY).harvestDate).toBe(harvestDate);
    expect(plannedMilestones(plan.stages, TODAY).map((m) => m.date)).toEqual(
      chart.stages.map((s) => s.startDate),
    );
  });

  it("and after the gardener records a stage, to the timeline, milestones and stage name alike", () => {
    const recorded = { stage: "flowering", since: addDays(PLANTED, 80) };
    const schedule = plantSchedule(TOMATO.stagePlan, PLANTED, recorded);
    const timeline = buildTimeline(TOMATO.stagePlan, PLANTED, addDays(PLANTED, 81), recorded);
    // Flowering began 8 days after its planned day 72: the harvest moves 8 days too.
    expect(schedule.harvestDate).toBe(addDays(HARVEST, 8));
    expect(timeline.harvestDate).toBe(schedule.harvestDate);
    expect(timeline.currentStage).toBe("flowering");
    expect(currentStageName(TOMATO.stagePlan, PLANTED, addDays(PLANTED, 81), recorded)).toBe(
      "flowering",
    );
    expect(
      plannedMilestones(TOMATO.stagePlan, PLANTED, recorded).find((m) => m.stage === "harvest")
        ?.date,
    ).toBe(schedule.harvestDate);
  });
});
