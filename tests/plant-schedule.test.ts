import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dayName } from "../src/server/providers/ai/built-in/wording";
import { type Client, client, shiftDate, tomatoBody, utcToday } from "./support/garden";
import { createTestApp, sqliteOnly, type TestApp } from "./support/test-app";
import { signUp } from "./support/users";

interface Dated {
  timeline: {
    harvestDate: string | null;
    currentStage: string | null;
    stages: { name: string; startDate: string }[];
  };
  milestones: { stage: string; date: string; reachedAt: string | null }[];
  tasks: { id: string; title: string; type: string; dueDate: string }[];
}

/** The harvest date as each part of the plant page gives it. */
function harvestDates(plant: Dated) {
  return {
    timeline: plant.timeline.harvestDate,
    stage: plant.timeline.stages.find((s) => s.name === "harvest")?.startDate,
    milestone: plant.milestones.find((m) => m.stage === "harvest")?.date,
    task: plant.tasks.find((t) => t.type === "harvest")?.dueDate,
  };
}

const same = (date: string) => ({ timeline: date, stage: date, milestone: date, task: date });

/** Issue 24: one schedule per plant, through the API. */
describe.each(sqliteOnly)("a plant's one schedule on %s", (dialect) => {
  let t: TestApp;
  let api: Client;
  beforeAll(async () => {
    t = await createTestApp({ dialect });
    api = client(t.app, (await signUp(t.app)).cookie);
  });
  afterAll(async () => {
    await t.close();
  });

  it("gives the stages, milestones, harvest check and assistant one harvest date", async () => {
    // Planted 10 days ago, so the harvest check is not rolled forward to today.
    const planted = shiftDate(utcToday(), -10);
    const created = await api.post("/api/plants", tomatoBody({ plantingDate: planted }));
    expect(created.statusCode, created.body).toBe(201);
    const plant = created.json().plant as Dated & { id: string };
    // The catalogue's tomato: harvest on day 8 + 32 + 32 + 13 + 30 = 115.
    const harvest = shiftDate(planted, 115);
    expect(harvestDates(plant)).toEqual(same(harvest));

    const reply = (
      await api.post("/api/gardening/chat", { message: "When will my tomato be ready?" })
    ).json().reply as string;
    expect(reply).toContain(dayName(harvest));
  });

  it("moves them together with a new planting date, the harvest check too", async () => {
    const planted = shiftDate(utcToday(), -10);
    const { plant } = (await api.post("/api/plants", tomatoBody({ plantingDate: planted }))).json();
    const res = await api.patch(`/api/plants/${plant.id}`, {
      plantingDate: shiftDate(planted, 12),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(harvestDates(res.json())).toEqual(same(shiftDate(planted, 127)));
  });

  it("runs on from a stage the gardener records, later than planned", async () => {
    // Flowering was planned for day 72, eight days ago.
    const today = utcToday();
    const planted = shiftDate(today, -80);
    const { plant } = (await api.post("/api/plants", tomatoBody({ plantingDate: planted }))).json();
    expect(plant.timeline.currentStage).toBe("flowering");
    expect(harvestDates(plant)).toEqual(same(shiftDate(planted, 115)));

    const res = await api.patch(`/api/plants/${plant.id}`, { stage: "fruiting" });
    expect(res.statusCode, res.body).toBe(200);
    const after = res.json();
    // Fruiting (planned for day 85) began today: 30 days to the harvest.
    expect(after.timeline.currentStage).toBe("fruiting");
    expect(
      after.timeline.stages.find((s: { name: string }) => s.name === "fruiting").startDate,
    ).toBe(today);
    expect(harvestDates(after)).toEqual(same(shiftDate(today, 30)));
    // The plant card's stage and progress come from the same schedule.
    const list = (await api.get("/api/plants?view=summary")).json().plants;
    expect(list.find((p: { id: string }) => p.id === plant.id)).toMatchObject({
      currentStage: "fruiting",
      stageProgress: 0,
    });

    // Recording it again keeps the day it began.
    const again = (await api.patch(`/api/plants/${plant.id}`, { stage: "fruiting" })).json();
    expect(harvestDates(again)).toEqual(same(shiftDate(today, 30)));
  });

  it("keeps a guide's container and full sun, and its first tasks in order", async () => {
    const form = {
      plant: "Tomato",
      location: "Seville",
      medium: "soil",
      gardenType: "container",
      lighting: "full-sun",
      experience: "beginner",
      climate: "mediterranean",
    };
    const guide = (await api.post("/api/gardening/grow-guide", form)).json();
    expect(guide).toMatchObject({ gardenType: "container", lighting: "full-sun" });
    const today = utcToday();
    const res = await api.post("/api/plants", {
      name: "Tomato",
      cropSlug: guide.cropSlug,
      ...guide.setup,
      plantingDate: today,
      guide,
    });
    expect(res.statusCode, res.body).toBe(201);
    const plant = res.json().plant;
    expect(plant).toMatchObject({
      medium: "soil",
      place: "outdoor",
      lights: "sun",
      gardenType: "container",
      growLighting: "full-sun",
    });
    const firstDay = plant.tasks.filter((task: { dueDate: string }) => task.dueDate === today);
    expect(firstDay[0]?.title).toBe(
      "Check the pot has drainage holes and fill it with fresh potting mix",
    );
    expect(firstDay.some((task: { title: string }) => /mulch/i.test(task.title))).toBe(false);
    // The guide's harvest stage is the plant's.
    const harvestStage = guide.stages.find((s: { name: string }) => s.name === "harvest");
    expect(harvestDates(plant)).toEqual(same(shiftDate(today, harvestStage.startDay)));

    // New lights say the guide's lighting no longer holds; the container stays.
    const edited = (await api.patch(`/api/plants/${plant.id}`, { lights: "led" })).json();
    expect(edited).toMatchObject({ lights: "led", growLighting: null, gardenType: "container" });
    const exported = (await api.get("/api/export")).json();
    const saved = exported.plants.find((p: { id: string }) => p.id === plant.id);
    expect(saved).toMatchObject({ gardenType: "container", growLighting: null });
  });
});
