import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { GROW_GUIDE_FAILED_MESSAGE } from "../src/core/schemas/grow-guide";
import type { Assistant } from "../src/server/providers/ai";
import {
  type FakeOpenAiCompatible,
  httpError,
  startFakeOpenAiCompatible,
  text,
} from "./fakes/openai-compatible";
import {
  type Client,
  client,
  gardenRows,
  PLANTED,
  shiftDate,
  tomatoBody,
  utcToday,
} from "./support/garden";
import { createTestApp, sqliteOnly, type TestApp } from "./support/test-app";
import { type SignedInUser, signUp } from "./support/users";

/** A Grow Along form as the web sends it: the spec's labels. */
const FORM = {
  plant: "Tomato",
  location: "Portland, OR",
  medium: "Soil",
  gardenType: "In-Ground",
  lighting: "Full Sun",
  experience: "Intermediate",
  climate: "Temperate",
};

interface GuideJson {
  plant: string;
  cropSlug: string | null;
  custom: boolean;
  engine: string;
  stages: { name: string; startDay: number; endDay: number; description: string }[];
  tasks: { title: string; dueInDays: number; repeatEveryDays: number | null; type?: string }[];
  tips: string[];
  instructions: string[];
  sources: { title: string; ref: string }[];
  setup: { medium: string; place: string; lights: string };
}

type MilestoneJson = {
  id: string;
  title: string;
  stage: string;
  date: string;
  reachedAt: string | null;
  fromAt: string | null;
};

describe.each(sqliteOnly)("Grow Along on %s", (dialect) => {
  let t: TestApp;
  let user: SignedInUser;
  let api: Client;

  beforeAll(async () => {
    t = await createTestApp({ dialect });
    user = await signUp(t.app, { name: "Juniper" });
    api = client(t.app, user.cookie);
  });
  afterAll(async () => {
    await t?.close();
  });

  const guideFor = async (form: Record<string, unknown> = {}): Promise<GuideJson> => {
    const res = await api.post("/api/gardening/grow-guide", { ...FORM, ...form });
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };
  const titles = (guide: GuideJson) => guide.tasks.map((task) => task.title);

  it("answers 401 without a session", async () => {
    const res = await client(t.app, null).post("/api/gardening/grow-guide", FORM);
    expect(res.statusCode).toBe(401);
    expect(res.json().error.code).toBe("unauthorized");
  });

  it("guides a catalogue crop: its stages back to back, dated tasks, tips, steps and sources", async () => {
    const guide = await guideFor();
    expect(guide).toMatchObject({
      plant: "Tomato",
      cropSlug: "tomato",
      custom: false,
      engine: "built-in",
      setup: { medium: "soil", place: "outdoor", lights: "sun" },
    });
    expect(guide.stages.map((s) => [s.name, s.startDay, s.endDay])).toEqual([
      ["germination", 0, 7],
      ["seedling", 8, 39],
      ["vegetative", 40, 71],
      ["flowering", 72, 84],
      ["fruiting", 85, 114],
      ["harvest", 115, 149],
    ]);
    expect(guide.stages[0]?.description).toContain("Seeds sprout in about 5–10 days.");
    expect(guide.tasks).toContainEqual({
      title: "Water Tomato",
      dueInDays: 0,
      repeatEveryDays: 2,
      type: "watering",
    });
    expect(titles(guide)).toContain("Transplant seedlings outdoors");
    expect(guide.tips.length).toBeGreaterThan(0);
    // The core steps, then the care sheet's lines.
    expect(guide.instructions[0]).toMatch(/^Loosen the soil and work in compost/);
    expect(guide.instructions.some((line) => line.startsWith("Harvest: "))).toBe(true);
    expect(guide.sources.map((s) => s.ref)).toEqual(
      expect.arrayContaining(["crops/tomato#harvest"]),
    );
  });

  it("gives a plant not in the catalogue the general plan, marked custom", async () => {
    const guide = await guideFor({ plant: "Moonflower vine" });
    expect(guide).toMatchObject({
      plant: "Moonflower vine",
      cropSlug: null,
      custom: true,
      engine: "built-in",
      sources: [],
    });
    expect(guide.stages.map((s) => s.name)).toEqual([
      "Seedling",
      "Vegetative",
      "Flowering",
      "Harvest",
    ]);
    expect(guide.tips[0]).toContain("not in the catalogue");
  });

  it("takes the crop picked from the suggestions by slug, and an alias by name", async () => {
    expect((await guideFor({ plant: "My cherry toms", cropSlug: "cherry-tomato" })).cropSlug).toBe(
      "cherry-tomato",
    );
    expect((await guideFor({ plant: "Cilantro" })).cropSlug).toBe("coriander");
  });

  it("accepts the spec's labels, any case, and the wire values", async () => {
    const labelled = await guideFor({
      medium: "HYDROPONICS",
      gardenType: "Hydroponic System",
      lighting: "LED Grow Lights",
      experience: "Some Experience",
      climate: "mediterranean",
    });
    expect(labelled.setup).toEqual({ medium: "hydroponics", place: "indoor", lights: "led" });
    const mixed = await guideFor({ gardenType: "Raised Bed", lighting: "Mixed (Sun + LED)" });
    expect(titles(mixed)).toContain(
      "Top up daylight with the grow lights to 14–16 hours of light a day",
    );
    expect(titles(mixed).some((title) => title.startsWith("Prepare the bed"))).toBe(true);
    const wire = await guideFor({
      medium: "cocopeat",
      gardenType: "raised-bed",
      lighting: "mixed",
      experience: "some",
      climate: "cold",
    });
    expect(wire.setup).toEqual({ medium: "cocopeat", place: "outdoor", lights: "led" });
  });

  it("follows the setup: hydroponics gets the catalogue's EC/PPM and pH and solution changes", async () => {
    const guide = await guideFor({ plant: "Lettuce", medium: "Hydroponics", gardenType: "Indoor" });
    expect(guide.tasks).toContainEqual({
      title:
        "Check EC/PPM and pH: EC 0.8–1.2 mS/cm (400–600 ppm on a 500-scale meter, 560–840 on a 700-scale one), pH 5.5–6.5",
      dueInDays: 0,
      repeatEveryDays: 3,
      type: "nutrients",
    });
    expect(titles(guide)).toContain("Change the nutrient solution and set pH to 5.5–6.5");
    // A crop without hydroponic data gets no invented EC.
    const carrot = await guideFor({ plant: "Carrot", medium: "Hydroponics" });
    expect(carrot.tips[0]).toContain("follow the nutrient maker's dose");
    expect(titles(carrot).join(" ")).not.toMatch(/mS\/cm/);
  });

  it("follows the climate: cold means later starts and frost protection, desert shade", async () => {
    const temperate = await guideFor();
    const cold = await guideFor({ climate: "Cold" });
    expect(cold.stages[0]?.endDay).toBeGreaterThan(temperate.stages[0]?.endDay ?? 0);
    const transplant = (g: GuideJson) =>
      g.tasks.find((task) => task.title === "Transplant seedlings outdoors")?.dueInDays ?? 0;
    expect(transplant(cold)).toBeGreaterThan(transplant(temperate));
    expect(cold.tasks.find((task) => task.title.startsWith("Frost watch"))).toMatchObject({
      dueInDays: transplant(cold),
      repeatEveryDays: 7,
    });
    expect(cold.tips.join(" ")).toContain("only after your last spring frost");
    expect(temperate.tasks.some((task) => task.title.startsWith("Frost watch"))).toBe(false);
    const desert = await guideFor({ climate: "Desert" });
    expect(titles(desert)).toContain(
      "Put up afternoon shade (shade cloth) over Tomato for the hottest months",
    );
    expect(desert.tasks.find((task) => task.title === "Water Tomato")?.repeatEveryDays).toBe(1);
  });

  it("follows the place, light and experience: pots, grow-light hours, the beginner's check", async () => {
    const pot = await guideFor({ gardenType: "Container", experience: "Beginner" });
    expect(pot.tips.join(" ")).toContain("a pot at least 60 cm across");
    expect(titles(pot)).toEqual(
      expect.arrayContaining([
        "Check the pot has drainage holes and fill it with fresh potting mix",
        "Check soil moisture (finger test, 2–3 cm deep)",
      ]),
    );
    const led = await guideFor({ gardenType: "Indoor", lighting: "LED Grow Lights" });
    expect(titles(led)).toContain("Set the grow-light timer to 14–16 hours of light a day");
    expect(titles(await guideFor())).not.toContain(
      "Check soil moisture (finger test, 2–3 cm deep)",
    );
  });

  it("refuses a bad option with 400 naming the field and what it takes", async () => {
    const res = await api.post("/api/gardening/grow-guide", { ...FORM, lighting: "Moonlight" });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({
      code: "invalid_request",
      message: "Check lighting: Use one of: full-sun, partial-shade, led, mixed.",
      issues: [{ path: "lighting", message: "Use one of: full-sun, partial-shade, led, mixed." }],
    });
    const climate = await api.post("/api/gardening/grow-guide", { ...FORM, climate: "lunar" });
    expect(climate.json().error.message).toBe(
      "Check climate: Use one of: tropical, subtropical, temperate, arid, desert, mediterranean, cold, alpine.",
    );
    const missing = await api.post("/api/gardening/grow-guide", { ...FORM, location: "  " });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.message).toBe("Check location: Enter your location, or use GPS.");
    const slug = await api.post("/api/gardening/grow-guide", { ...FORM, cropSlug: "moon-bean" });
    expect(slug.statusCode).toBe(400);
    expect(slug.json().error.issues).toEqual([{ path: "cropSlug", message: "Unknown crop." }]);
  });

  it("tracks a guide: stage seed, milestones from its stages, its tasks and the next task", async () => {
    const guide = await guideFor({ plant: "Lettuce", gardenType: "Container", climate: "Cold" });
    const res = await api.post("/api/plants", {
      ...tomatoBody({ name: "Lettuce", cropSlug: guide.cropSlug }),
      ...guide.setup,
      guide,
    });
    expect(res.statusCode, res.body).toBe(201);
    const { plant, tasks } = res.json();
    expect(plant).toMatchObject({
      name: "Lettuce",
      cropSlug: "lettuce",
      source: "catalogue",
      stage: "seed",
      plantingDate: PLANTED,
      tips: guide.tips,
      stagePlan: guide.stages.map((s) => ({
        name: s.name,
        durationDays: s.endDay - s.startDay + 1,
      })),
    });
    expect(plant.milestones.map((m: MilestoneJson) => [m.title, m.stage, m.date])).toEqual(
      guide.stages.map((s) => [
        s.name.charAt(0).toUpperCase() + s.name.slice(1),
        s.name,
        shiftDate(PLANTED, s.startDay),
      ]),
    );
    // "seed" is the germination stage: reached as the plant starts; the rest are ahead.
    expect(plant.milestones.map((m: MilestoneJson) => m.reachedAt !== null)).toEqual(
      guide.stages.map((_, i) => i === 0),
    );
    const dated = (list: { title: string; dueDate: string; repeatEveryDays: number | null }[]) =>
      list.map((task) => [task.title, task.dueDate, task.repeatEveryDays]).sort();
    expect(dated(tasks)).toEqual(
      guide.tasks
        .map((task) => [task.title, shiftDate(PLANTED, task.dueInDays), task.repeatEveryDays])
        .sort(),
    );
    const earliest = [...tasks].sort(
      (a: { dueDate: string; createdAt: string; id: string }, b: typeof a) =>
        a.dueDate.localeCompare(b.dueDate) || a.id.localeCompare(b.id),
    )[0];
    expect(plant.nextTaskId).toBe(plant.nextTask.id);
    expect(plant.nextTask.dueDate).toBe(earliest.dueDate);
    const rows = await gardenRows(t.database.db, user.id);
    expect(rows.milestones.filter((m) => m.plant_id === plant.id)).toHaveLength(
      guide.stages.length,
    );
  });

  it("refuses a guide that breaks its rules with 400 and saves nothing", async () => {
    const guide = await guideFor();
    const before = await gardenRows(t.database.db, user.id);
    const gap = {
      ...guide,
      stages: [
        { ...guide.stages[0], startDay: 0, endDay: 5 },
        { ...guide.stages[1], startDay: 9, endDay: 20 },
      ],
    };
    const cases: [unknown, string][] = [
      [gap, "guide.stages"],
      [
        {
          ...guide,
          stages: Array.from({ length: 21 }, (_, i) => ({
            name: `S${i}`,
            startDay: i,
            endDay: i,
            description: "",
          })),
        },
        "guide.stages",
      ],
      [
        { ...guide, tasks: [{ title: "", dueInDays: 0, repeatEveryDays: null }] },
        "guide.tasks.0.title",
      ],
      [{ ...guide, tips: ["x".repeat(501)] }, "guide.tips.0"],
      [{ ...guide, colour: "green" }, "guide"],
    ];
    for (const [bad, path] of cases) {
      const res = await api.post("/api/plants", { ...tomatoBody(), guide: bad });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().error.issues[0].path, res.body).toBe(path);
    }
    const res = await api.post("/api/plants", { ...tomatoBody(), guide: gap });
    expect(res.json().error.message).toMatch(/Stages run back to back from day 0/);
    expect(await gardenRows(t.database.db, user.id)).toEqual(before);
  });

  it("records a stage change as a reached milestone, and lists milestones by date", async () => {
    const created = await api.post("/api/plants", tomatoBody());
    const plant = created.json().plant;
    expect(plant.milestones.every((m: MilestoneJson) => m.reachedAt === null)).toBe(true);

    const seedling = await api.patch(`/api/plants/${plant.id}`, { stage: "Seedling" });
    expect(seedling.statusCode).toBe(200);
    const reached = seedling
      .json()
      .milestones.find((m: MilestoneJson) => m.stage === "seedling") as MilestoneJson;
    expect(reached.reachedAt).toEqual(expect.any(String));
    expect(Date.now() - Date.parse(reached.reachedAt ?? "")).toBeLessThan(60_000);

    // Recording it again keeps the first date.
    const again = (await api.patch(`/api/plants/${plant.id}`, { stage: "seedling" })).json();
    expect(again.milestones.find((m: MilestoneJson) => m.stage === "seedling").reachedAt).toBe(
      reached.reachedAt,
    );

    // A stage the plan does not have gets a milestone of its own, dated today.
    const flower = (await api.patch(`/api/plants/${plant.id}`, { stage: "First flower" })).json();
    expect(flower.milestones).toHaveLength(7);
    expect(flower.milestones.find((m: MilestoneJson) => m.stage === "First flower")).toMatchObject({
      title: "First flower",
      date: utcToday(),
      reachedAt: expect.any(String),
    });
    const dates = flower.milestones.map((m: MilestoneJson) => m.date);
    expect(dates).toEqual([...dates].sort());
    expect(flower.milestones[0].title).toBe("First flower");

    // A new planting date moves the milestones not reached yet.
    const moved = (
      await api.patch(`/api/plants/${plant.id}`, { plantingDate: shiftDate(PLANTED, 10) })
    ).json();
    const stage = (list: MilestoneJson[], name: string) =>
      list.find((m) => m.stage === name) as MilestoneJson;
    expect(stage(moved.milestones, "germination").date).toBe(shiftDate(PLANTED, 10));
    expect(stage(moved.milestones, "germination").fromAt).toBe(
      `${shiftDate(PLANTED, 10)}T00:00:00.000Z`,
    );
    expect(stage(moved.milestones, "seedling").date).toBe(
      stage(flower.milestones, "seedling").date,
    );
  });

  it("publishes plant.updated for a stage change, so caches and live views refresh", async () => {
    const plant = (await api.post("/api/plants", tomatoBody())).json().plant;
    await api.get(`/api/plants/${plant.id}`);
    const seen: string[] = [];
    const stop = t.app.changes.subscribe(user.id, (event) =>
      seen.push(`${event.type} ${event.id}`),
    );
    try {
      await api.patch(`/api/plants/${plant.id}`, { stage: "vegetative" });
      await expect.poll(() => seen).toContain(`plant.updated ${plant.id}`);
    } finally {
      stop();
    }
    const detail = (await api.get(`/api/plants/${plant.id}`)).json();
    expect(
      detail.milestones.find((m: MilestoneJson) => m.stage === "vegetative").reachedAt,
    ).not.toBeNull();
  });
});

describe.each(sqliteOnly)("Grow Along when the assistant fails, on %s", (dialect) => {
  let t: TestApp;
  let api: Client;

  beforeAll(async () => {
    const failing = {
      engine: "built-in",
      name: "failing",
      growGuide: async () => {
        throw new Error("engine down");
      },
    } as unknown as Assistant;
    t = await createTestApp({ dialect, overrides: { assistant: failing } });
    api = client(t.app, (await signUp(t.app)).cookie);
  });
  afterAll(async () => {
    await t?.close();
  });

  it("answers 502 with the spec's message", async () => {
    const res = await api.post("/api/gardening/grow-guide", FORM);
    expect(res.statusCode).toBe(502);
    expect(res.json().error).toEqual({
      code: "upstream_unavailable",
      message: GROW_GUIDE_FAILED_MESSAGE,
    });
    expect(GROW_GUIDE_FAILED_MESSAGE).toBe(
      "Sorry, I couldn't generate recommendations right now. Please try again later.",
    );
  });
});

describe.each(sqliteOnly)("Grow Along on an OpenAI-compatible endpoint, on %s", (dialect) => {
  let fake: FakeOpenAiCompatible;
  let t: TestApp;
  let api: Client;

  beforeAll(async () => {
    fake = await startFakeOpenAiCompatible();
    t = await createTestApp({
      dialect,
      env: { AI_BASE_URL: fake.baseUrl, AI_MODEL: "fake-model", AI_TIMEOUT_MS: "2000" },
    });
    api = client(t.app, (await signUp(t.app)).cookie);
  });
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });
  beforeEach(() => fake.reset());

  const MODEL_GUIDE = {
    stages: [
      { name: "Sprouting", startDay: 0, endDay: 9, description: "Keep the plugs moist." },
      { name: "Leafing", startDay: 10, endDay: 49, description: "Keep EC at 0.8–1.2 mS/cm." },
    ],
    tasks: [
      { title: "Check EC and pH", dueInDays: 0, repeatEveryDays: 3 },
      { title: "Change the solution", dueInDays: 14, repeatEveryDays: 14 },
      { title: "Harvest outer leaves", dueInDays: 40, repeatEveryDays: 7 },
    ],
    tips: ["Keep the reservoir dark."],
    instructions: ["Fill the reservoir.", "Sow into plugs."],
  };

  it("uses the model's guide when it is valid JSON in the shape asked for", async () => {
    fake.enqueue(text("```json\n", JSON.stringify(MODEL_GUIDE), "\n```"));
    const res = await api.post("/api/gardening/grow-guide", {
      ...FORM,
      plant: "Lettuce",
      medium: "Hydroponics",
      lighting: "LED Grow Lights",
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      plant: "Lettuce",
      cropSlug: "lettuce",
      custom: false,
      engine: "llm",
      ...MODEL_GUIDE,
      setup: { medium: "hydroponics", place: "indoor", lights: "led" },
    });
    const prompt = String(fake.requests[0]?.body.messages.at(-1)?.content);
    expect(prompt).toContain("EC 0.8–1.2 mS/cm");
    expect(prompt).toContain('"startDay": number, "endDay": number');
  });

  it("falls back to the built-in guide when the model's guide is malformed, or the model fails", async () => {
    for (const reply of [
      text(JSON.stringify({ ...MODEL_GUIDE, tasks: "water it" })),
      text("Lettuce likes cool weather."),
      httpError(500),
    ]) {
      fake.reset();
      fake.enqueue(reply);
      const res = await api.post("/api/gardening/grow-guide", { ...FORM, plant: "Lettuce" });
      expect(res.statusCode, res.body).toBe(200);
      const guide = res.json();
      expect(guide.engine).toBe("built-in");
      expect(guide.stages.map((s: { name: string }) => s.name)).toEqual([
        "germination",
        "seedling",
        "vegetative",
        "harvest",
      ]);
      expect(fake.requests).toHaveLength(1);
    }
  });

  it("lets a guide the model wrote be tracked", async () => {
    fake.enqueue(text(JSON.stringify(MODEL_GUIDE)));
    const guide = (
      await api.post("/api/gardening/grow-guide", { ...FORM, plant: "Lettuce" })
    ).json();
    const res = await api.post("/api/plants", {
      ...tomatoBody({ name: "Lettuce" }),
      ...guide.setup,
      guide,
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().plant.milestones.map((m: MilestoneJson) => [m.title, m.date])).toEqual([
      ["Sprouting", PLANTED],
      ["Leafing", shiftDate(PLANTED, 10)],
    ]);
    expect(res.json().tasks).toHaveLength(3);
  });
});
