import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type FakeOpenMeteo, startFakeOpenMeteo } from "./fakes/open-meteo";
import { client, shiftDate, tomatoBody, utcToday } from "./support/garden";
import { bothEngines, createTestApp, type TestApp } from "./support/test-app";
import { type SignedInUser, signUp } from "./support/users";

type TaskJson = {
  id: string;
  dueDate: string | null;
  skip?: { on: string; rainMm: number; fromDueDate: string } | null;
};

describe.each(bothEngines)("the rain skip on %s", (dialect) => {
  let fake: FakeOpenMeteo;
  let t: TestApp;
  const today = utcToday();

  beforeAll(async () => {
    fake = await startFakeOpenMeteo({ fixture: "stormy" });
    t = await createTestApp({
      dialect,
      env: { WEATHER_BASE_URL: fake.url, GEOCODING_BASE_URL: fake.url },
    });
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });

  /** The gardener's place (on UTC) and its cached forecast, fetched just now: today's rain there. */
  const seedForecast = async (userId: string, rainMm: number) => {
    const key = `weather:${userId}:1.00,2.00`;
    const fetchedAt = new Date().toISOString();
    const payload = JSON.stringify({
      timezone: "UTC",
      utcOffsetSeconds: 0,
      current: {
        time: `${today}T08:00`,
        temperatureC: 14,
        humidity: 90,
        windMph: 5,
        weatherCode: 63,
      },
      daily: [
        { date: today, minC: 10, maxC: 15, precipitationMm: rainMm, humidity: 90, weatherCode: 63 },
        {
          date: shiftDate(today, 1),
          minC: 9,
          maxC: 16,
          precipitationMm: 0,
          humidity: 70,
          weatherCode: 2,
        },
      ],
    });
    const db = t.database.db;
    await db
      .updateTable("profile")
      .set({ place_name: "Rainford", place_lat: 1, place_lon: 2 })
      .where("user_id", "=", userId)
      .execute();
    await db.deleteFrom("weather_cache").where("user_id", "=", userId).execute();
    await db
      .insertInto("weather_cache")
      .values({ key, user_id: userId, payload, fetched_at: fetchedAt })
      .execute();
  };

  const garden = async () => {
    const user = await signUp(t.app);
    const api = client(t.app, user.cookie);
    const plant = async (body: Record<string, unknown> = {}) => {
      const res = await api.post("/api/plants", tomatoBody(body));
      expect(res.statusCode, res.body).toBe(201);
      return res.json().plant.id as string;
    };
    const watering = async (plantId: string, extra: Record<string, unknown> = {}) => {
      const res = await api.post("/api/tasks", {
        title: "Water",
        type: "watering",
        plantId,
        dueDate: today,
        repeatEveryDays: 3,
        ...extra,
      });
      expect(res.statusCode, res.body).toBe(201);
      return res.json().id as string;
    };
    const pending = async () =>
      new Map(
        ((await api.get("/api/tasks?status=pending&limit=500")).json().tasks as TaskJson[]).map(
          (task) => [task.id, task],
        ),
      );
    return { user, api, plant, watering, pending };
  };

  const addArea = async (user: SignedInUser, plantId: string, kind: string, covered: number) => {
    const id = `area-${kind}-${plantId}`;
    const now = new Date().toISOString();
    await t.database.db
      .insertInto("areas")
      .values({
        id,
        user_id: user.id,
        name: kind,
        kind,
        sun: "full",
        covered,
        notes: null,
        size_m2: null,
        created_at: now,
        updated_at: now,
      })
      .execute();
    await t.database.db
      .updateTable("plants")
      .set({ area_id: id })
      .where("id", "=", plantId)
      .execute();
  };

  it("skips an outdoor soil plant's due watering on a day of 8 mm, and only that one", async () => {
    const g = await garden();
    const open = await g.watering(await g.plant());
    const overdue = await g.watering(await g.plant(), {
      dueDate: shiftDate(today, -2),
      repeatEveryDays: 7,
    });
    const feeding = await g.watering(await g.plant(), { type: "feeding" });
    const once = await g.watering(await g.plant(), { repeatEveryDays: null });
    const later = await g.watering(await g.plant(), { dueDate: shiftDate(today, 1) });
    const indoor = await g.watering(await g.plant({ place: "indoor", lights: "led" }));
    const cocopeat = await g.watering(await g.plant({ medium: "cocopeat" }));
    const hydroPlant = await g.plant();
    await t.database.db
      .updateTable("plants")
      .set({ garden_type: "hydroponic-system" })
      .where("id", "=", hydroPlant)
      .execute();
    const hydroponic = await g.watering(hydroPlant);
    const coveredPlant = await g.plant();
    await addArea(g.user, coveredPlant, "bed", 1);
    const covered = await g.watering(coveredPlant);
    const greenhousePlant = await g.plant();
    await addArea(g.user, greenhousePlant, "greenhouse", 0);
    const greenhouse = await g.watering(greenhousePlant);
    const openBedPlant = await g.plant();
    await addArea(g.user, openBedPlant, "bed", 0);
    const openBed = await g.watering(openBedPlant);
    await seedForecast(g.user.id, 8);

    expect(await t.app.rainSkips.runOnce()).toBeGreaterThanOrEqual(3);
    const tasks = await g.pending();
    expect(tasks.get(open)).toMatchObject({
      dueDate: shiftDate(today, 3),
      skip: { on: today, rainMm: 8, fromDueDate: today },
    });
    expect(tasks.get(overdue)).toMatchObject({
      dueDate: shiftDate(today, 7),
      skip: { on: today, rainMm: 8, fromDueDate: shiftDate(today, -2) },
    });
    expect(tasks.get(openBed)?.dueDate).toBe(shiftDate(today, 3));
    for (const id of [feeding, once, indoor, cocopeat, hydroponic, covered, greenhouse]) {
      expect(tasks.get(id), id).toMatchObject({ dueDate: today, skip: null });
    }
    expect(tasks.get(later)).toMatchObject({ dueDate: shiftDate(today, 1), skip: null });
    // The plant page shows the skip too.
    const plantTasks = (
      await g.api.get(
        `/api/plants/${(await t.database.db.selectFrom("tasks").select("plant_id").where("id", "=", open).executeTakeFirstOrThrow()).plant_id}`,
      )
    ).json().tasks as TaskJson[];
    expect(plantTasks.find((task) => task.id === open)?.skip).toEqual({
      on: today,
      rainMm: 8,
      fromDueDate: today,
    });

    // A second run (this instance or another) skips nothing more.
    const rows = await t.database.db
      .selectFrom("task_skips")
      .selectAll()
      .where("user_id", "=", g.user.id)
      .execute();
    expect(rows).toHaveLength(3);
    await t.app.rainSkips.runOnce();
    await t.app.rainSkips.runOnce();
    const again = await g.pending();
    expect(again.get(open)?.dueDate).toBe(shiftDate(today, 3));
    expect(
      await t.database.db
        .selectFrom("task_skips")
        .selectAll()
        .where("user_id", "=", g.user.id)
        .execute(),
    ).toHaveLength(3);
  });

  it("does not skip under 5 mm", async () => {
    const g = await garden();
    const task = await g.watering(await g.plant());
    await seedForecast(g.user.id, 4.9);
    await t.app.rainSkips.runOnce();
    expect((await g.pending()).get(task)).toMatchObject({ dueDate: today, skip: null });
    await seedForecast(g.user.id, 5);
    await t.app.rainSkips.runOnce();
    expect((await g.pending()).get(task)).toMatchObject({
      dueDate: shiftDate(today, 3),
      skip: { rainMm: 5 },
    });
  });

  it("undo restores the due date once, sticks for the day, and is 404 for another gardener", async () => {
    const g = await garden();
    const task = await g.watering(await g.plant());
    await seedForecast(g.user.id, 12);
    await t.app.rainSkips.runOnce();

    const other = client(t.app, (await signUp(t.app)).cookie);
    const foreign = await other.post(`/api/tasks/${task}/skip/undo`);
    expect(foreign.statusCode).toBe(404);
    expect((await g.pending()).get(task)?.dueDate).toBe(shiftDate(today, 3));

    const undone = await g.api.post(`/api/tasks/${task}/skip/undo`);
    expect(undone.statusCode, undone.body).toBe(200);
    expect(undone.json()).toMatchObject({ id: task, dueDate: today, skip: null });
    const twice = await g.api.post(`/api/tasks/${task}/skip/undo`);
    expect(twice.statusCode).toBe(200);
    expect(twice.json()).toMatchObject({ id: task, dueDate: today, skip: null });
    // The gardener chose to water anyway: today's rain does not skip it again.
    await t.app.rainSkips.runOnce();
    expect((await g.pending()).get(task)).toMatchObject({ dueDate: today, skip: null });
    expect((await g.api.post("/api/tasks/no-such-task/skip/undo")).statusCode).toBe(404);
  });

  it("leaves tasks alone when the weather is read; the scheduler's run fetches the forecast and skips", async () => {
    const g = await garden();
    const task = await g.watering(await g.plant(), { dueDate: shiftDate(today, -1) });
    const due = { dueDate: shiftDate(today, -1), skip: null };
    // Reading the weather or the insights (the stormy fixture: 12.5 mm on the place's first
    // day), each fetching a forecast, changes nothing.
    const calls = fake.requests.forecast;
    const weather = await g.api.get("/api/gardening/weather?location=Pune");
    expect(weather.statusCode, weather.body).toBe(200);
    expect((await g.pending()).get(task)).toMatchObject(due);
    const insights = await g.api.get("/api/gardening/insights?location=San%20Francisco");
    expect(insights.statusCode, insights.body).toBe(200);
    expect(fake.requests.forecast).toBe(calls + 2);
    expect((await g.pending()).get(task)).toMatchObject(due);
    // Nor does a run while the gardener has no place of their own: no weather is fetched for it.
    await t.app.rainSkips.runOnce();
    expect(fake.requests.forecast).toBe(calls + 2);
    expect((await g.pending()).get(task)).toMatchObject(due);

    const saved = await g.api.patch("/api/me", { location: "San Francisco" });
    expect(saved.statusCode, saved.body).toBe(200);
    const heard: { type: string; id: string }[] = [];
    const stop = t.app.changes.subscribe(g.user.id, (event) => heard.push(event));
    // The run reuses the forecast fetched (for the insights) for that place: it is fresh.
    expect(await t.app.rainSkips.runOnce()).toBeGreaterThanOrEqual(1);
    expect(fake.requests.forecast).toBe(calls + 2);
    const skipped = (await g.pending()).get(task);
    expect(skipped?.skip).toMatchObject({ rainMm: 12.5, fromDueDate: shiftDate(today, -1) });
    expect(skipped?.dueDate).toBe(shiftDate(skipped?.skip?.on ?? "", 3));
    await expect
      .poll(() => heard)
      .toContainEqual(expect.objectContaining({ type: "task.updated", id: task }));
    stop();
  });

  it("fetches the forecast of a gardener's place when none is fresh, once for several runs", async () => {
    const g = await garden();
    // Due yesterday: due whatever the date is at the fake's place now.
    const task = await g.watering(await g.plant(), { dueDate: shiftDate(today, -1) });
    const saved = await g.api.patch("/api/me", { location: "Pune" });
    expect(saved.statusCode, saved.body).toBe(200);
    const calls = fake.requests.forecast;
    await t.app.rainSkips.runOnce();
    expect(fake.requests.forecast).toBe(calls + 1);
    expect((await g.pending()).get(task)?.skip).toMatchObject({ rainMm: 12.5 });
    await t.app.rainSkips.runOnce();
    expect(fake.requests.forecast).toBe(calls + 1);
    // The scheduler showed the gardener nothing: what new plants are planned with is unchanged.
    const shown = await t.database.db
      .selectFrom("weather_cache")
      .select("key")
      .where("key", "=", `shown:${g.user.id}`)
      .executeTakeFirst();
    expect(shown).toBeUndefined();
  });

  it("goes on with the other gardeners when one's weather cannot be had", async () => {
    const lost = await garden();
    await lost.watering(await lost.plant());
    // A place no geocoder knows: that gardener's run fails.
    await t.database.db
      .updateTable("profile")
      .set({ location: "Nowhere-at-all-xyz" })
      .where("user_id", "=", lost.user.id)
      .execute();
    const g = await garden();
    const task = await g.watering(await g.plant());
    await seedForecast(g.user.id, 7);
    await t.app.rainSkips.runOnce();
    expect((await g.pending()).get(task)?.skip).toMatchObject({ rainMm: 7 });
  });

  it("travels in the export: delete the account, import, and the skip and its Undo are back", async () => {
    const g = await garden();
    const task = await g.watering(await g.plant());
    const dry = await g.watering(await g.plant(), { title: "Water the dry one", type: "feeding" });
    await seedForecast(g.user.id, 9);
    await t.app.rainSkips.runOnce();
    const exported = (await g.api.get("/api/export")).json();
    expect(exported.tasks.find((x: TaskJson) => x.id === task).skip).toEqual({
      on: today,
      rainMm: 9,
      fromDueDate: today,
    });
    expect(exported.tasks.find((x: TaskJson) => x.id === dry).skip).toBeNull();

    const deleted = await g.api.json("DELETE", "/api/me", { confirm: "delete my account" });
    expect(deleted.statusCode, deleted.body).toBe(204);
    expect(
      await t.database.db
        .selectFrom("task_skips")
        .selectAll()
        .where("user_id", "=", g.user.id)
        .execute(),
    ).toEqual([]);
    const fresh = await signUp(t.app, { email: g.user.email, password: g.user.password });
    const api = client(t.app, fresh.cookie);
    const imported = await api.post("/api/import", exported);
    expect(imported.statusCode, imported.body).toBe(200);
    const tasks = (await api.get("/api/tasks?status=pending&limit=500")).json().tasks as TaskJson[];
    expect(tasks.find((x) => x.id === task)).toMatchObject({
      dueDate: shiftDate(today, 3),
      skip: { on: today, rainMm: 9, fromDueDate: today },
    });
    expect(tasks.find((x) => x.id === dry)?.skip).toBeNull();
    // Importing the same file again adds no second skip.
    expect((await api.post("/api/import", exported)).statusCode).toBe(200);
    const rows = await t.database.db
      .selectFrom("task_skips")
      .selectAll()
      .where("user_id", "=", fresh.id)
      .execute();
    expect(rows).toHaveLength(1);
    const undone = await api.post(`/api/tasks/${task}/skip/undo`);
    expect(undone.json()).toMatchObject({ dueDate: today, skip: null });
  });
});
