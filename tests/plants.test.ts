import { randomUUID } from "node:crypto";
import fc from "fast-check";
import { Kysely, type LogEvent, PostgresDialect, SqliteDialect } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { renameInTitle } from "../src/core/garden";
import type { Database } from "../src/server/db/schema";
import {
  deletePlantWithChildren,
  updatePlantAndMilestones,
} from "../src/server/features/garden/plants-repository";
import type { PlanProvider } from "../src/server/providers/ai/plan-provider";
import {
  type Client,
  client,
  gardenRows,
  oddValues,
  PLANTED,
  shiftDate,
  tomatoBody,
  utcToday,
} from "./support/garden";
import { bothEngines, createTestApp, type TestApp } from "./support/test-app";
import { type SignedInUser, signUp } from "./support/users";

/** The baseline tomato plan: days after planting, title, type, repeat interval. */
const TOMATO_PLAN = [
  [0, "Water Tomato", "watering", 2],
  [7, "Pest watch: check under leaves", "pest", 7],
  [10, "Remove yellow or dead leaves", "pruning", 14],
  [14, "Feed with fertiliser", "feeding", 14],
  [14, "Prune suckers and lower leaves", "pruning", null],
  [33, "Harden off seedlings outdoors", "transplant", null],
  [40, "Transplant seedlings outdoors", "transplant", null],
  [115, "Check Tomato for harvest", "harvest", 7],
] as const;
const TOMATO_TASKS = TOMATO_PLAN.map(([day, ...rest]) => [shiftDate(PLANTED, day), ...rest]);

type TaskJson = { dueDate: string; title: string; type: string; repeatEveryDays: number | null };
const summary = (tasks: TaskJson[]) =>
  tasks
    .map((t) => [t.dueDate, t.title, t.type, t.repeatEveryDays])
    .sort(
      (a, b) =>
        String(a[0]).localeCompare(String(b[0])) || String(a[1]).localeCompare(String(b[1])),
    );

describe.each(bothEngines)("plants API on %s", (dialect) => {
  let t: TestApp;
  let user: SignedInUser;
  let api: Client;

  beforeAll(async () => {
    t = await createTestApp({ dialect });
    user = await signUp(t.app, { name: "Rosa" });
    api = client(t.app, user.cookie);
  });
  afterAll(async () => {
    await t.close();
  });

  const addTomato = async (extra: Record<string, unknown> = {}) => {
    const res = await api.post("/api/plants", tomatoBody(extra));
    expect(res.statusCode, res.body).toBe(201);
    return res.json();
  };

  it("answers 401 on every plant route without a session", async () => {
    const anon = client(t.app, null);
    const id = randomUUID();
    for (const res of [
      await anon.get("/api/plants"),
      await anon.post("/api/plants", tomatoBody()),
      await anon.get(`/api/plants/${id}`),
      await anon.patch(`/api/plants/${id}`, { name: "x" }),
      await anon.del(`/api/plants/${id}`),
    ]) {
      expect(res.statusCode).toBe(401);
      expect(res.json().error.code).toBe("unauthorized");
    }
  });

  it("adds a tomato in soil with the baseline tasks, a back-to-back timeline and its next task", async () => {
    const { plant, tasks } = await addTomato({ medium: "Soil", place: "OUTDOOR", lights: "Sun" });
    expect(plant).toMatchObject({
      name: "Tomato",
      commonName: "Tomato",
      scientificName: "Solanum lycopersicum",
      cropSlug: "tomato",
      slug: "tomato",
      source: "catalogue",
      medium: "soil",
      place: "outdoor",
      lights: "sun",
      startMethod: null,
      plantingDate: PLANTED,
      status: "active",
      aiPlanVersion: 1,
      imageUrl: null,
    });
    expect(summary(tasks)).toEqual(TOMATO_TASKS);
    expect(tasks.every((task: { priority: number }) => task.priority === 2)).toBe(true);
    expect(summary(plant.tasks)).toEqual(TOMATO_TASKS);

    const stages = plant.timeline.stages;
    expect(stages.map((s: { name: string }) => s.name)).toEqual([
      "germination",
      "seedling",
      "vegetative",
      "flowering",
      "fruiting",
      "harvest",
    ]);
    expect(stages[0]).toMatchObject({ startDate: PLANTED, endDate: shiftDate(PLANTED, 7) });
    for (let i = 1; i < stages.length; i++) {
      expect(stages[i].startDate).toBe(shiftDate(stages[i - 1].endDate, 1));
      expect(stages[i].endDate).toBe(shiftDate(stages[i].startDate, stages[i].durationDays - 1));
    }
    expect(plant.timeline.eta).toBe(shiftDate(PLANTED, 149));
    // One milestone per stage, planned on the stage's first day; none reached before planting.
    expect(
      plant.milestones.map((m: { title: string; stage: string; date: string }) => [
        m.title,
        m.stage,
        m.date,
      ]),
    ).toEqual(
      stages.map((s: { name: string; startDate: string }) => [
        s.name.charAt(0).toUpperCase() + s.name.slice(1),
        s.name,
        s.startDate,
      ]),
    );
    expect(plant.milestones[0]).toMatchObject({
      plantId: plant.id,
      name: "Germination",
      reachedAt: null,
      fromAt: `${PLANTED}T00:00:00.000Z`,
      toAt: `${shiftDate(PLANTED, 7)}T00:00:00.000Z`,
    });

    const waterTask = tasks.find((task: TaskJson) => task.title === "Water Tomato");
    expect(plant.nextTaskId).toBe(waterTask.id);
    expect(plant.nextTask).toEqual(waterTask);
  });

  it("rolls a backdated plant's repeating tasks forward to today and keeps missed one-offs overdue", async () => {
    const today = utcToday();
    const { tasks } = await addTomato({ plantingDate: shiftDate(today, -20) });
    const due = (title: string) => tasks.find((task: TaskJson) => task.title === title)?.dueDate;
    // Day 20: watering (every 2 days from day 0) falls today; pest watch (days 7, 14, 21) tomorrow.
    expect(due("Water Tomato")).toBe(today);
    expect(due("Pest watch: check under leaves")).toBe(shiftDate(today, 1));
    expect(due("Remove yellow or dead leaves")).toBe(shiftDate(today, 4));
    expect(due("Feed with fertiliser")).toBe(shiftDate(today, 8));
    expect(due("Prune suckers and lower leaves")).toBe(shiftDate(today, -6));
    expect(due("Transplant seedlings outdoors")).toBe(shiftDate(today, 20));
    const overdue = tasks.filter((task: TaskJson) => task.dueDate < today);
    expect(overdue.map((task: TaskJson) => task.title)).toEqual(["Prune suckers and lower leaves"]);
  });

  it("puts the current stage where today falls and keeps the gardener's stage when given", async () => {
    const today = utcToday();
    const { plant } = await addTomato({ plantingDate: shiftDate(today, -10) });
    expect(plant.timeline.currentStage).toBe("seedling");
    expect(plant.currentStage).toBe("seedling");
    expect(plant.stage).toBe("seedling");
    const seedling = plant.timeline.stages[1];
    expect(seedling).toMatchObject({ current: true, progress: 2 / 32 });
    expect(plant.timeline.stages[0]).toMatchObject({ current: false, progress: 1 });

    // A plant said to be vegetative is dated back by the stages before, so it is vegetative today.
    const given = await addTomato({ plantingDate: today, stage: "Vegetative" });
    expect(given.plant.stage).toBe("Vegetative");
    expect(given.plant.currentStage).toBe("vegetative");
    expect(given.plant.timeline.stages[2]).toMatchObject({ name: "vegetative", startDate: today });
    expect(given.plant.plantingDate < today).toBe(true);
  });

  it("makes a custom plant from a name the catalogue does not know, and finds aliases", async () => {
    const custom = await api.post("/api/plants", {
      name: "Moonflower vine",
      medium: "cocopeat",
      place: "indoor",
      lights: "LED",
      startMethod: "Seed",
      plantingDate: "2026-03-01",
      notes: "  from grandma's seeds ",
    });
    expect(custom.statusCode).toBe(201);
    expect(custom.json().plant).toMatchObject({
      name: "Moonflower vine",
      source: "custom",
      cropSlug: null,
      commonName: null,
      slug: "moonflower-vine",
      lights: "led",
      startMethod: "seed",
      notes: "from grandma's seeds",
      stagePlan: [
        { name: "Seedling", durationDays: 14 },
        { name: "Vegetative", durationDays: 30 },
        { name: "Flowering", durationDays: 21 },
        { name: "Harvest", durationDays: 14 },
      ],
    });
    expect(custom.json().tasks.length).toBeGreaterThanOrEqual(4);

    const alias = await addTomato({ name: "Cilantro" });
    expect(alias.plant).toMatchObject({
      name: "Cilantro",
      cropSlug: "coriander",
      source: "catalogue",
    });
    expect(alias.tasks.map((task: TaskJson) => task.title)).toContain("Succession sow coriander");

    const bySlug = await addTomato({ name: "My cherries", cropSlug: "cherry-tomato" });
    expect(bySlug.plant).toMatchObject({ name: "My cherries", cropSlug: "cherry-tomato" });
    const unknown = await api.post("/api/plants", tomatoBody({ cropSlug: "no-such-crop" }));
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.message).toContain("not in the catalogue");
  });

  it("uses the profile's experience: a beginner gets the soil moisture check", async () => {
    const beginner = await signUp(t.app);
    const theirs = client(t.app, beginner.cookie);
    expect(
      (await theirs.patch("/api/me", { experience: "Beginner", location: "Leeds" })).statusCode,
    ).toBe(200);
    const res = await theirs.post("/api/plants", tomatoBody());
    expect(res.json().plant).toMatchObject({
      experience: "beginner",
      location: { place: "Leeds" },
    });
    expect(res.json().tasks.map((task: TaskJson) => task.title)).toContain(
      "Check soil moisture (finger test, 2–3 cm deep)",
    );
  });

  it("lists plants newest first, each with its next task, in pages", async () => {
    const other = await signUp(t.app);
    const theirs = client(t.app, other.cookie);
    const names = ["Basil", "Mint", "Lettuce"];
    for (const name of names) {
      expect((await theirs.post("/api/plants", tomatoBody({ name }))).statusCode).toBe(201);
    }
    const res = await theirs.get("/api/plants");
    expect(res.statusCode).toBe(200);
    const { plants, nextCursor } = res.json();
    expect(nextCursor).toBeNull();
    expect(plants).toHaveLength(3);
    const order = [...plants].sort(
      (a, b) => b.createdAt.localeCompare(a.createdAt) || b.id.localeCompare(a.id),
    );
    expect(plants.map((p: { id: string }) => p.id)).toEqual(order.map((p) => p.id));
    for (const plant of plants) {
      const detail = (await theirs.get(`/api/plants/${plant.id}`)).json();
      expect(plant.nextTask).toEqual(detail.nextTask);
      expect(plant.nextTask.title).toBe(`Water ${plant.name}`);
    }

    const first = (await theirs.get("/api/plants?limit=2")).json();
    expect(first.plants).toHaveLength(2);
    const second = (await theirs.get(`/api/plants?limit=2&cursor=${first.nextCursor}`)).json();
    expect(second.nextCursor).toBeNull();
    expect([...first.plants, ...second.plants].map((p) => p.id)).toEqual(
      plants.map((p: { id: string }) => p.id),
    );
    expect((await theirs.get("/api/plants?cursor=garbage")).statusCode).toBe(400);
  });

  it("sends only the card's fields with view=summary, in the same order and pages", async () => {
    const other = await signUp(t.app);
    const theirs = client(t.app, other.cookie);
    for (const name of ["Basil", "Mint"]) {
      const res = await theirs.post("/api/plants", tomatoBody({ name, notes: "x".repeat(2000) }));
      expect(res.statusCode).toBe(201);
    }
    const full = await theirs.get("/api/plants");
    const slim = await theirs.get("/api/plants?view=summary");
    expect(slim.statusCode, slim.body).toBe(200);
    expect(slim.body.length).toBeLessThan(full.body.length / 3);
    const fullPlants = full.json().plants;
    const { plants, nextCursor } = slim.json();
    expect(nextCursor).toBeNull();
    expect(plants.map((p: { id: string }) => p.id)).toEqual(
      fullPlants.map((p: { id: string }) => p.id),
    );
    const [plant] = plants;
    const [fullPlant] = fullPlants;
    expect(Object.keys(plant).sort()).toEqual(
      [
        "areaId",
        "commonName",
        "createdAt",
        "cropSlug",
        "currentStage",
        "id",
        "imageUrl",
        "latestPhotoUrl",
        "lights",
        "medium",
        "name",
        "nextTask",
        "nextTaskId",
        "place",
        "plantingDate",
        "scientificName",
        "stage",
        "stageProgress",
        "stagePlan",
        "status",
        "updatedAt",
      ].sort(),
    );
    expect(plant.stagePlan).toEqual(fullPlant.stagePlan);
    expect(plant.currentStage).toBe(fullPlant.currentStage);
    expect(plant.nextTask).toEqual({
      id: fullPlant.nextTask.id,
      title: fullPlant.nextTask.title,
      dueDate: fullPlant.nextTask.dueDate,
    });

    const first = (await theirs.get("/api/plants?view=summary&limit=1")).json();
    expect(first.plants.map((p: { id: string }) => p.id)).toEqual([plant.id]);
    const second = await theirs.get(
      `/api/plants?view=summary&limit=1&cursor=${encodeURIComponent(first.nextCursor)}`,
    );
    expect(second.json().plants.map((p: { id: string }) => p.id)).toEqual([plants[1].id]);

    const bad = await theirs.get("/api/plants?view=cards");
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toMatch(/view/);
  });

  it("updates name, stage, notes, setup and planting date", async () => {
    const { plant } = await addTomato({ plantingDate: "2026-03-01" });
    const res = await api.patch(`/api/plants/${plant.id}`, {
      name: "Big Tom",
      stage: "flowering",
      notes: "staked",
      medium: "Cocopeat",
      place: "Indoor",
      lights: "LED",
      plantingDate: "2026-04-01",
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: plant.id,
      name: "Big Tom",
      stage: "flowering",
      notes: "staked",
      medium: "cocopeat",
      place: "indoor",
      lights: "led",
      plantingDate: "2026-04-01",
    });
    expect(res.json().timeline.stages[0].startDate).toBe("2026-04-01");
    expect(res.json().stageStartedAt > plant.stageStartedAt).toBe(true);
    expect(res.json().updatedAt > plant.updatedAt || res.json().updatedAt === plant.updatedAt).toBe(
      true,
    );
    expect((await api.get(`/api/plants/${plant.id}`)).json().name).toBe("Big Tom");
    const cleared = await api.patch(`/api/plants/${plant.id}`, { notes: null, stage: null });
    expect(cleared.json()).toMatchObject({ notes: null, stage: null, stageStartedAt: null });
  });

  it("renames the plant in its pending task titles, in one transaction, and nowhere else", async () => {
    const { plant, tasks } = await addTomato();
    const { plant: other } = await addTomato();
    const water = tasks.find((task: TaskJson) => task.title === "Water Tomato");
    const done = await api.post(`/api/tasks/${water.id}/complete`);
    expect(done.statusCode).toBe(200);
    const own = await api.post("/api/tasks", {
      title: "Tie tomato to the stake; Tomatoes need it",
      dueDate: PLANTED,
      plantId: plant.id,
    });
    expect(own.statusCode).toBe(201);
    const pendingTitles = async (plantId: string) =>
      (await api.get(`/api/tasks?status=pending&plantId=${plantId}&limit=500`))
        .json()
        .tasks.map((task: TaskJson) => task.title)
        .sort();

    const res = await api.patch(`/api/plants/${plant.id}`, { name: "San Marzano" });
    expect(res.statusCode).toBe(200);
    expect(res.json().tasks.map((task: TaskJson) => task.title)).toContain("Water San Marzano");
    expect(await pendingTitles(plant.id)).toEqual(
      [
        "Water San Marzano",
        "Pest watch: check under leaves",
        "Remove yellow or dead leaves",
        "Feed with fertiliser",
        "Prune suckers and lower leaves",
        "Harden off seedlings outdoors",
        "Transplant seedlings outdoors",
        "Check San Marzano for harvest",
        "Tie San Marzano to the stake; Tomatoes need it",
      ].sort(),
    );
    // The task done under the old name keeps it; the other tomato's tasks are its own.
    const completed = (await api.get(`/api/tasks?status=completed&plantId=${plant.id}`)).json();
    expect(completed.tasks.map((task: TaskJson) => task.title)).toEqual(["Water Tomato"]);
    expect(await pendingTitles(other.id)).toContain("Water Tomato");
    expect(await pendingTitles(other.id)).toContain("Check Tomato for harvest");

    // The titles change in the plant update's own transaction.
    const statements: string[] = [];
    const db = new Kysely<Database>({
      dialect: t.database.sqlite
        ? new SqliteDialect({ database: t.database.sqlite })
        : new PostgresDialect({ pool: t.database.pool as never }),
      log: (event) => {
        statements.push(event.query.sql);
      },
    });
    const renamed = await updatePlantAndMilestones(
      db,
      dialect,
      user.id,
      other.id,
      { name: "Roma" },
      null,
      (oldName, pending) =>
        pending.map((task) => ({ id: task.id, title: renameInTitle(task.title, oldName, "Roma") })),
    );
    expect(renamed).toBe("done");
    expect(statements[0]).toMatch(/^begin/i);
    expect(statements.filter((sql) => /^update "tasks"/.test(sql)).length).toBeGreaterThan(0);
    expect(statements.findLast((sql) => /^update "plants"/.test(sql))).toBeDefined();
    expect(statements.at(-1)).toMatch(/^commit/i);
    const stored = await db
      .selectFrom("tasks")
      .select("title")
      .where("plant_id", "=", other.id)
      .where("status", "=", "pending")
      .execute();
    expect(stored.map((row) => row.title)).toContain("Water Roma");
  });

  it("deletes a plant with all its tasks and milestones and leaves other plants alone", async () => {
    const { plant } = await addTomato();
    const { plant: keep } = await addTomato({ name: "Keep me" });
    const now = new Date().toISOString();
    await t.database.db
      .insertInto("tasks")
      .values(
        Array.from({ length: 300 }, (_, i) => ({
          id: randomUUID(),
          user_id: user.id,
          plant_id: plant.id,
          title: `Extra ${i}`,
          due_date: "2026-05-01",
          created_at: now,
        })),
      )
      .execute();
    await t.database.db
      .insertInto("tasks")
      .values(
        Array.from({ length: 300 }, (_, i) => ({
          id: randomUUID(),
          user_id: user.id,
          plant_id: plant.id,
          title: `More ${i}`,
          due_date: null,
          created_at: now,
        })),
      )
      .execute();
    await t.database.db
      .insertInto("milestones")
      .values(
        [plant.id, keep.id].map((plantId) => ({
          id: randomUUID(),
          user_id: user.id,
          plant_id: plantId,
          name: "First flower",
          from_at: now,
          to_at: null,
          created_at: now,
        })),
      )
      .execute();
    const keptBefore = (await api.get(`/api/plants/${keep.id}`)).json();
    // "Keep me" is a custom plant: four generic stages, and the milestone added here.
    expect(keptBefore.milestones).toHaveLength(5);
    expect(keptBefore.milestones).toContainEqual(
      expect.objectContaining({ plantId: keep.id, name: "First flower", fromAt: now, toAt: null }),
    );

    const res = await api.del(`/api/plants/${plant.id}`);
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe("");
    const rows = await gardenRows(t.database.db, user.id);
    expect(rows.plants.some((p) => p.id === plant.id)).toBe(false);
    expect(rows.tasks.filter((task) => task.plant_id === plant.id)).toEqual([]);
    expect(rows.milestones.filter((m) => m.plant_id === plant.id)).toEqual([]);
    expect((await api.get(`/api/plants/${plant.id}`)).statusCode).toBe(404);
    expect((await api.get(`/api/plants/${keep.id}`)).json()).toEqual(keptBefore);
    expect((await api.del(`/api/plants/${plant.id}`)).statusCode).toBe(404);
  });

  it("deletes children in batches of 450 inside one transaction", async () => {
    const { plant } = await addTomato();
    const now = new Date().toISOString();
    const extra = Array.from({ length: 992 }, (_, i) => ({
      id: randomUUID(),
      user_id: user.id,
      plant_id: plant.id,
      title: `Seeded ${i}`,
      due_date: "2026-05-01",
      created_at: now,
    }));
    for (let i = 0; i < extra.length; i += 200) {
      await t.database.db
        .insertInto("tasks")
        .values(extra.slice(i, i + 200))
        .execute();
    }
    const statements: string[] = [];
    const log = (event: LogEvent) => {
      statements.push(event.query.sql);
    };
    // The same connection as the app's, with statement logging.
    const db = new Kysely<Database>({
      dialect: t.database.sqlite
        ? new SqliteDialect({ database: t.database.sqlite })
        : new PostgresDialect({ pool: t.database.pool as never }),
      log,
    });
    expect(await deletePlantWithChildren(db, dialect, user.id, plant.id, 450)).toBe(true);
    const taskDeletes = statements.filter((s) => /^delete from "tasks"/.test(s));
    // 1,000 tasks (8 from the plan): 450 + 450 + 100.
    expect(taskDeletes).toHaveLength(3);
    expect(taskDeletes[0]).toContain("limit");
    expect(statements.findIndex((s) => /^update "plants"/.test(s))).toBeLessThan(
      statements.findIndex((s) => /^delete from "tasks"/.test(s)),
    );
    expect(statements[0]).toMatch(/^begin/i);
    expect(statements.at(-2)).toMatch(/^delete from "plants"/);
    expect(statements.at(-1)).toMatch(/^commit/i);
    const left = await t.database.db
      .selectFrom("tasks")
      .select("id")
      .where("plant_id", "=", plant.id)
      .execute();
    expect(left).toEqual([]);
  });

  it("publishes its changes to the live-changes bus", async () => {
    const seen: string[] = [];
    const stop = t.app.changes.subscribe(user.id, (event) =>
      seen.push(`${event.type} ${event.id}`),
    );
    try {
      const { plant, tasks } = await addTomato();
      const task = tasks[0];
      await api.post(`/api/tasks/${task.id}/complete`);
      await api.del(`/api/plants/${plant.id}`);
      const expected = [
        `plant.created ${plant.id}`,
        `task.created ${task.id}`,
        `task.updated ${task.id}`,
        `plant.updated ${plant.id}`,
        `plant.deleted ${plant.id}`,
      ];
      for (let i = 0; i < 100 && !expected.every((e) => seen.includes(e)); i++) {
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      expect(seen).toEqual(expect.arrayContaining(expected));
    } finally {
      stop();
    }
  });

  it("saves nothing and answers 502 when the plan fails", async () => {
    const failing: PlanProvider = {
      name: "broken",
      createPlan: async () => {
        throw new Error("model timed out");
      },
    };
    const empty: PlanProvider = {
      name: "empty",
      createPlan: async () => ({
        plan: {
          plant: "Tomato",
          stages: [{ name: "seedling", durationDays: 10 }],
          tasks: [],
          tips: [],
        },
        raw: "{}",
      }),
    };
    for (const planProvider of [failing, empty]) {
      const other = await createTestApp({ dialect, overrides: { planProvider } });
      try {
        const gardener = await signUp(other.app);
        const res = await client(other.app, gardener.cookie).post("/api/plants", tomatoBody());
        expect(res.statusCode).toBe(502);
        expect(res.json().error).toEqual({
          code: "plan_failed",
          message: "AI failed to return a valid plan.",
        });
        const rows = await gardenRows(other.database.db, gardener.id);
        expect(rows).toEqual({ plants: [], tasks: [], milestones: [] });
      } finally {
        await other.close();
      }
    }
  });

  it("answers 404 for another gardener's plant on every route and changes nothing", async () => {
    const { plant } = await addTomato({ name: "Mine" });
    const intruder = await signUp(t.app);
    const them = client(t.app, intruder.cookie);
    const before = await gardenRows(t.database.db, user.id);
    const missing = randomUUID();
    for (const id of [plant.id, missing]) {
      for (const res of [
        await them.get(`/api/plants/${id}`),
        await them.patch(`/api/plants/${id}`, { name: "Stolen" }),
        await them.del(`/api/plants/${id}`),
        await them.post("/api/tasks", { title: "Sneak", dueDate: "2026-05-01", plantId: id }),
      ]) {
        expect(res.statusCode, res.body).toBe(404);
        expect(res.json().error.code).toBe("not_found");
      }
    }
    expect((await them.get(`/api/tasks?plantId=${plant.id}`)).json().tasks).toEqual([]);
    expect((await them.get("/api/plants")).json().plants).toEqual([]);
    expect(await gardenRows(t.database.db, user.id)).toEqual(before);
    expect(await gardenRows(t.database.db, intruder.id)).toEqual({
      plants: [],
      tasks: [],
      milestones: [],
    });
  });

  it("refuses bad plant bodies with 400 and a message a person can act on", async () => {
    const before = await gardenRows(t.database.db, user.id);
    const cases: [Record<string, unknown>, string][] = [
      [{ name: undefined }, "Enter the plant's name."],
      [{ name: "   " }, "Enter the plant's name."],
      [{ medium: "sand" }, "Use one of: soil, cocopeat, hydroponics."],
      [{ place: undefined }, "Use one of: indoor, outdoor."],
      [{ lights: "moon" }, "Use one of: sun, led."],
      [{ startMethod: "graft" }, "Use one of: seed, seedling, cutting."],
      [{ plantingDate: undefined }, "Enter the start date (YYYY-MM-DD)."],
      [{ plantingDate: "2026-02-30" }, "Use a real date as YYYY-MM-DD"],
      [{ plantingDate: "01/03/2026" }, "Use a real date as YYYY-MM-DD"],
      [{ plantingDate: "9999-12-31" }, "Use a real date as YYYY-MM-DD"],
      [{ imageId: "../../etc/passwd" }, "imageId must be the id of an uploaded image."],
      [{ colour: "red" }, "colour"],
    ];
    for (const [change, message] of cases) {
      const res = await api.post("/api/plants", tomatoBody(change));
      expect(res.statusCode, JSON.stringify(change)).toBe(400);
      expect(res.json().error.code).toBe("invalid_request");
      expect(res.json().error.message).toContain(message);
    }
    const { plant } = await addTomato();
    const patched = await api.patch(`/api/plants/${plant.id}`, { plantingDate: "2026-13-01" });
    expect(patched.statusCode).toBe(400);
    expect((await api.patch(`/api/plants/${plant.id}`, { source: "custom" })).statusCode).toBe(400);
    const after = await gardenRows(t.database.db, user.id);
    expect(after.plants.filter((p) => p.id !== plant.id)).toEqual(before.plants);
  });

  it("never answers 5xx to malformed plant bodies and changes nothing when it refuses", async () => {
    const { plant } = await addTomato({ name: "Target" });
    const keys = [
      "name",
      "cropSlug",
      "medium",
      "place",
      "lights",
      "startMethod",
      "plantingDate",
      "stage",
      "notes",
      "imageId",
    ];
    const body = fc.oneof(
      fc.jsonValue(),
      fc.record(Object.fromEntries(keys.map((k) => [k, oddValues(fc)])), { requiredKeys: [] }),
      fc
        .tuple(fc.constantFrom(...keys), oddValues(fc))
        .map(([key, value]) => tomatoBody({ [key]: value })),
    );
    await fc.assert(
      fc.asyncProperty(body, fc.boolean(), async (payload, create) => {
        const before = await gardenRows(t.database.db, user.id);
        const res = create
          ? await api.json("POST", "/api/plants", payload)
          : await api.json("PATCH", `/api/plants/${plant.id}`, payload);
        expect(res.statusCode, `${res.body} for ${JSON.stringify(payload)}`).toBeLessThan(500);
        if (res.statusCode >= 400) {
          expect(res.json().error.message.length).toBeGreaterThan(0);
          expect(await gardenRows(t.database.db, user.id)).toEqual(before);
        }
      }),
      { numRuns: 80 },
    );
  });

  it("answers 404 for an unknown plant id of any shape", async () => {
    for (const id of ["nope", "%20", "1".repeat(100), "' or 1=1 --"]) {
      const res = await api.get(`/api/plants/${encodeURIComponent(id)}`);
      expect(res.statusCode, id).toBe(404);
    }
    const tooLong = await api.get(`/api/plants/${"x".repeat(101)}`);
    expect(tooLong.statusCode).toBeGreaterThanOrEqual(400);
    expect(tooLong.statusCode).toBeLessThan(500);
  });
});
