import { randomUUID } from "node:crypto";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
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

type TaskJson = {
  id: string;
  plantId: string | null;
  title: string;
  dueDate: string | null;
  status: string;
  repeatEveryDays: number | null;
};

function zoneToday(timeZone: string): string {
  const parts = new Intl.DateTimeFormat("en-US", {
    timeZone,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
  }).formatToParts(new Date());
  const part = (type: string) => parts.find((p) => p.type === type)?.value;
  return `${part("year")}-${part("month")}-${part("day")}`;
}

describe.each(bothEngines)("tasks API on %s", (dialect) => {
  let t: TestApp;
  let user: SignedInUser;
  let api: Client;

  beforeAll(async () => {
    t = await createTestApp({ dialect });
    user = await signUp(t.app, { name: "Ivy" });
    api = client(t.app, user.cookie);
  });
  afterAll(async () => {
    await t.close();
  });

  const addTask = async (body: Record<string, unknown>, as: Client = api) => {
    const res = await as.post("/api/tasks", { title: "Check", dueDate: "2026-05-01", ...body });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as TaskJson;
  };

  it("answers 401 on every task route without a session", async () => {
    const anon = client(t.app, null);
    const id = randomUUID();
    for (const res of [
      await anon.get("/api/tasks"),
      await anon.post("/api/tasks", { title: "x", dueDate: "2026-05-01" }),
      await anon.post(`/api/tasks/${id}/complete`),
      await anon.post(`/api/tasks/${id}/reopen`),
      await anon.patch(`/api/tasks/${id}`, { title: "x" }),
      await anon.del(`/api/tasks/${id}`),
    ]) {
      expect(res.statusCode).toBe(401);
      expect(res.json().error.code).toBe("unauthorized");
    }
  });

  it("creates a task with the spec's defaults", async () => {
    const task = await addTask({ title: "  Repot the fern ", dueDate: "2026-05-02" });
    expect(task).toMatchObject({
      plantId: null,
      title: "Repot the fern",
      type: "custom",
      dueDate: "2026-05-02",
      status: "pending",
      priority: 2,
      notes: null,
      repeatEveryDays: null,
      completedAt: null,
    });
    expect(task.id).toMatch(/^[0-9a-f-]{36}$/);
    const full = await addTask({
      repeatEveryDays: "3",
      notes: "shady side",
      priority: 1,
      type: "Watering",
    });
    expect(full).toMatchObject({
      repeatEveryDays: 3,
      notes: "shady side",
      priority: 1,
      type: "watering",
    });
    expect((await addTask({ repeatEveryDays: null })).repeatEveryDays).toBeNull();
    expect((await addTask({ repeatEveryDays: "" })).repeatEveryDays).toBeNull();
  });

  it("takes a repeat only as a whole number of days from 1", async () => {
    for (const repeatEveryDays of [0, -2, 1.5, "1.5", "weekly", true, 3651]) {
      const res = await api.post("/api/tasks", {
        title: "Water",
        dueDate: "2026-05-01",
        repeatEveryDays,
      });
      expect(res.statusCode, String(repeatEveryDays)).toBe(400);
      expect(res.json().error.message).toContain("Repeat every days must be a whole number from 1");
    }
    expect((await addTask({ repeatEveryDays: 1 })).repeatEveryDays).toBe(1);
  });

  it("requires a title and a real due date", async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ dueDate: "2026-05-01" }, "Enter a title."],
      [{ title: " ", dueDate: "2026-05-01" }, "Enter a title."],
      [{ title: "Water" }, "Enter a due date (YYYY-MM-DD)."],
      [{ title: "Water", dueDate: "2026-02-29" }, "Use a real date as YYYY-MM-DD"],
      [{ title: "Water", dueDate: "tomorrow" }, "Use a real date as YYYY-MM-DD"],
      [{ title: "Water", dueDate: "2026-05-01", priority: 9 }, "Priority is a whole number"],
      [{ title: "Water", dueDate: "2026-05-01", status: "completed" }, "status"],
    ];
    for (const [body, message] of cases) {
      const res = await api.post("/api/tasks", body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().error.code).toBe("invalid_request");
      expect(res.json().error.message).toContain(message);
    }
  });

  it("lists by due date ascending with undated tasks last, filtered by status and plant, in pages", async () => {
    const gardener = await signUp(t.app);
    const theirs = client(t.app, gardener.cookie);
    const plant = (await theirs.post("/api/plants", tomatoBody())).json().plant;
    await addTask({ title: "Late", dueDate: shiftDate(PLANTED, 400) }, theirs);
    await addTask({ title: "Early", dueDate: "2026-01-01" }, theirs);
    await t.database.db
      .insertInto("tasks")
      .values({
        id: randomUUID(),
        user_id: gardener.id,
        plant_id: null,
        title: "Someday",
        due_date: null,
        created_at: new Date().toISOString(),
      })
      .execute();
    const done = await addTask({ title: "Done already", dueDate: "2026-02-01" }, theirs);
    await theirs.post(`/api/tasks/${done.id}/complete`);

    const all = (await theirs.get("/api/tasks")).json().tasks as TaskJson[];
    expect(all).toHaveLength(12);
    expect(all[0]?.title).toBe("Early");
    expect(all.at(-2)?.title).toBe("Late");
    expect(all.at(-1)).toMatchObject({ title: "Someday", dueDate: null });
    const dates = all.slice(0, -1).map((task) => task.dueDate as string);
    expect(dates).toEqual([...dates].sort());

    const pending = (await theirs.get("/api/tasks?status=Pending")).json().tasks as TaskJson[];
    expect(pending).toHaveLength(11);
    expect(pending.every((task) => task.status === "pending")).toBe(true);
    const completed = (await theirs.get("/api/tasks?status=completed")).json().tasks;
    expect(completed.map((task: TaskJson) => task.title)).toEqual(["Done already"]);
    const ofPlant = (await theirs.get(`/api/tasks?plantId=${plant.id}`)).json().tasks;
    expect(ofPlant).toHaveLength(8);
    expect(ofPlant.every((task: TaskJson) => task.plantId === plant.id)).toBe(true);

    const paged: TaskJson[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const url: string = `/api/tasks?limit=5${cursor ? `&cursor=${cursor}` : ""}`;
      const page = (await theirs.get(url)).json();
      paged.push(...page.tasks);
      cursor = page.nextCursor;
      pages++;
    } while (cursor && pages < 10);
    expect(pages).toBe(3);
    expect(paged.map((task) => task.id)).toEqual(all.map((task) => task.id));

    for (const query of ["status=open", "limit=0", "limit=501", "cursor=abc"]) {
      const res = await theirs.get(`/api/tasks?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().error.message.length).toBeGreaterThan(0);
    }
  });

  it("schedules a repeat the interval after the day it was done, even when done early", async () => {
    const today = utcToday();
    const overdue = await addTask({
      title: "Water",
      dueDate: shiftDate(today, -5),
      repeatEveryDays: 3,
    });
    const res = await api.post(`/api/tasks/${overdue.id}/complete`);
    expect(res.statusCode).toBe(200);
    const { task, next } = res.json();
    expect(task).toMatchObject({ id: overdue.id, status: "completed" });
    expect(Date.parse(task.completedAt)).toBeGreaterThan(Date.now() - 60_000);
    expect(next).toMatchObject({
      title: "Water",
      status: "pending",
      dueDate: shiftDate(today, 3),
      repeatEveryDays: 3,
      completedAt: null,
    });
    expect(next.id).not.toBe(overdue.id);

    const early = await addTask({
      title: "Feed",
      dueDate: shiftDate(today, 4),
      repeatEveryDays: 7,
    });
    const earlyNext = (await api.post(`/api/tasks/${early.id}/complete`)).json().next;
    expect(earlyNext.dueDate).toBe(shiftDate(today, 7));

    const once = await addTask({ title: "Stake", dueDate: today });
    expect((await api.post(`/api/tasks/${once.id}/complete`)).json().next).toBeNull();

    // Completing twice schedules one repeat.
    const again = await api.post(`/api/tasks/${overdue.id}/complete`);
    expect(again.json()).toEqual({ task, next: null });
    const waters = (await api.get("/api/tasks?status=pending"))
      .json()
      .tasks.filter((t: TaskJson) => t.title === "Water");
    expect(waters).toHaveLength(1);
  });

  it("schedules one repeat when the same task is completed by several requests at once", async () => {
    const task = await addTask({ title: "Race", dueDate: "2026-01-01", repeatEveryDays: 2 });
    const results = await Promise.all(
      Array.from({ length: 6 }, () => api.post(`/api/tasks/${task.id}/complete`)),
    );
    expect(results.map((res) => res.statusCode)).toEqual([200, 200, 200, 200, 200, 200]);
    expect(results.filter((res) => res.json().next !== null)).toHaveLength(1);
    const races = (await api.get("/api/tasks?status=pending"))
      .json()
      .tasks.filter((t: TaskJson) => t.title === "Race");
    expect(races).toHaveLength(1);
  });

  it("takes today from the X-Timezone header when it names a real zone", async () => {
    for (const zone of ["Pacific/Kiritimati", "Etc/GMT+12"]) {
      const task = await addTask({
        title: `Mist ${zone}`,
        dueDate: "2026-01-01",
        repeatEveryDays: 1,
      });
      const res = await api.post(`/api/tasks/${task.id}/complete`, undefined, {
        "x-timezone": zone,
      });
      expect(res.json().next.dueDate).toBe(shiftDate(zoneToday(zone), 1));
    }
    const task = await addTask({
      title: "Mist nowhere",
      dueDate: "2026-01-01",
      repeatEveryDays: 1,
    });
    const res = await api.post(`/api/tasks/${task.id}/complete`, undefined, {
      "x-timezone": "Mars/Olympus",
    });
    expect(res.json().next.dueDate).toBe(shiftDate(utcToday(), 1));
  });

  it("takes today from the web app's tz cookie when no X-Timezone header names one", async () => {
    // Kiritimati (UTC+14) and GMT+12 (UTC-12) are never on the same date: one of them is
    // always off UTC's date, so the test fails if the cookie is ignored.
    const [ahead, behind] = ["Pacific/Kiritimati", "Etc/GMT+12"];
    const complete = async (headers: Record<string, string>) => {
      const task = await addTask({ title: "Mist", dueDate: "2026-01-01", repeatEveryDays: 1 });
      const res = await api.post(`/api/tasks/${task.id}/complete`, undefined, headers);
      return res.json().next.dueDate;
    };
    for (const zone of [ahead, behind]) {
      expect(await complete({ cookie: `${user.cookie}; tz=${encodeURIComponent(zone)}` })).toBe(
        shiftDate(zoneToday(zone), 1),
      );
    }
    // The header, when sent, wins over the cookie.
    expect(
      await complete({
        cookie: `${user.cookie}; tz=${encodeURIComponent(ahead)}`,
        "x-timezone": behind,
      }),
    ).toBe(shiftDate(zoneToday(behind), 1));
    // A cookie that is no zone, or does not decode, is UTC.
    for (const tz of ["Mars%2FOlympus", "%E0%A4%A"])
      expect(await complete({ cookie: `${user.cookie}; tz=${tz}` })).toBe(shiftDate(utcToday(), 1));
  });

  it("keeps the plant's next task the earliest pending one", async () => {
    const { plant } = (await api.post("/api/plants", tomatoBody())).json();
    const nextOf = async () => (await api.get(`/api/plants/${plant.id}`)).json();
    const water = plant.tasks.find((task: TaskJson) => task.title === "Water Tomato");
    expect(plant.nextTaskId).toBe(water.id);

    const earlier = await addTask({
      title: "Soak seeds",
      dueDate: "2026-02-20",
      plantId: plant.id,
    });
    expect((await nextOf()).nextTaskId).toBe(earlier.id);
    expect((await nextOf()).nextTask.id).toBe(earlier.id);
    const listed = (await api.get("/api/plants"))
      .json()
      .plants.find((p: { id: string }) => p.id === plant.id);
    expect(listed.nextTask.id).toBe(earlier.id);

    await api.post(`/api/tasks/${earlier.id}/complete`);
    expect((await nextOf()).nextTaskId).toBe(water.id);

    const moved = await api.patch(`/api/tasks/${water.id}`, { dueDate: shiftDate(PLANTED, 365) });
    expect(moved.statusCode).toBe(200);
    const detail = await nextOf();
    expect(detail.nextTaskId).toBe(detail.tasks[0].id);
    expect(detail.nextTask.title).toBe("Pest watch: check under leaves");

    await api.del(`/api/tasks/${detail.nextTaskId}`);
    expect((await nextOf()).nextTask.title).toBe("Remove yellow or dead leaves");
  });

  it("updates fields, completes through PATCH and reopens", async () => {
    const task = await addTask({ title: "Prune", dueDate: "2026-05-01" });
    const res = await api.patch(`/api/tasks/${task.id}`, {
      title: "Prune hard",
      dueDate: "2026-05-03",
      notes: "before rain",
      priority: 3,
      repeatEveryDays: 10,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: task.id,
      title: "Prune hard",
      dueDate: "2026-05-03",
      notes: "before rain",
      priority: 3,
      repeatEveryDays: 10,
      status: "pending",
    });
    const completed = await api.patch(`/api/tasks/${task.id}`, { status: "Completed" });
    expect(completed.json()).toMatchObject({ status: "completed" });
    expect(completed.json().completedAt).not.toBeNull();
    const repeat = (await api.get("/api/tasks?status=pending"))
      .json()
      .tasks.filter((t: TaskJson) => t.title === "Prune hard");
    expect(repeat).toHaveLength(1);
    expect(repeat[0].dueDate).toBe(
      shiftDate(utcToday() > "2026-05-03" ? utcToday() : "2026-05-03", 10),
    );

    const reopened = await api.patch(`/api/tasks/${task.id}`, { status: "pending" });
    expect(reopened.json()).toMatchObject({ status: "pending", completedAt: null });
    const cleared = await api.patch(`/api/tasks/${task.id}`, { repeatEveryDays: null, notes: "" });
    expect(cleared.json()).toMatchObject({ repeatEveryDays: null, notes: null });
  });

  it("undoes a completion: the task is pending again and the repeat it scheduled is gone", async () => {
    const { plant } = (await api.post("/api/plants", tomatoBody({ name: "Undo basil" }))).json();
    const task = await addTask({ title: "Pinch tips", plantId: plant.id, repeatEveryDays: 4 });
    const pendingOfPlant = async () =>
      ((await api.get(`/api/tasks?status=pending&plantId=${plant.id}`)).json().tasks as TaskJson[])
        .filter((t) => t.title === "Pinch tips")
        .map((t) => t.id);
    const done = (await api.post(`/api/tasks/${task.id}/complete`)).json();
    expect(done.next.id).not.toBe(task.id);
    expect(await pendingOfPlant()).toEqual([done.next.id]);

    const res = await api.post(`/api/tasks/${task.id}/reopen`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().task).toMatchObject({ id: task.id, status: "pending", completedAt: null });
    expect(res.json().removed).toMatchObject({ id: done.next.id, status: "pending" });
    expect(await pendingOfPlant()).toEqual([task.id]);
    expect((await api.get(`/api/plants/${plant.id}`)).json().nextTaskId).not.toBe(done.next.id);

    // Reopening again changes nothing; completing again schedules one repeat, as before.
    const again = (await api.post(`/api/tasks/${task.id}/reopen`)).json();
    expect(again).toMatchObject({ task: { status: "pending" }, removed: null });
    const redone = (await api.post(`/api/tasks/${task.id}/complete`)).json();
    expect(await pendingOfPlant()).toEqual([redone.next.id]);
  });

  it("keeps a repeat already done or renamed, and reopens through PATCH the same way", async () => {
    const once = await addTask({ title: "Feed", repeatEveryDays: 3 });
    const first = (await api.post(`/api/tasks/${once.id}/complete`)).json();
    await api.post(`/api/tasks/${first.next.id}/complete`);
    const kept = (await api.post(`/api/tasks/${once.id}/reopen`)).json();
    expect(kept).toMatchObject({ task: { status: "pending" }, removed: null });
    const feeds = (await api.get("/api/tasks?status=completed")).json().tasks as TaskJson[];
    expect(feeds.map((t) => t.id)).toContain(first.next.id);

    const renamed = await addTask({ title: "Mist", repeatEveryDays: 2 });
    const misted = (await api.post(`/api/tasks/${renamed.id}/complete`)).json();
    await api.patch(`/api/tasks/${misted.next.id}`, { title: "Mist the ferns" });
    expect((await api.post(`/api/tasks/${renamed.id}/reopen`)).json().removed).toBeNull();

    const viaPatch = await addTask({ title: "Sweep", repeatEveryDays: 5 });
    const swept = (await api.post(`/api/tasks/${viaPatch.id}/complete`)).json();
    const reopened = await api.patch(`/api/tasks/${viaPatch.id}`, { status: "pending" });
    expect(reopened.json()).toMatchObject({ id: viaPatch.id, status: "pending" });
    const sweeps = (await api.get("/api/tasks?status=pending")).json().tasks as TaskJson[];
    expect(sweeps.filter((t) => t.title === "Sweep").map((t) => t.id)).toEqual([viaPatch.id]);
    expect(sweeps.map((t) => t.id)).not.toContain(swept.next.id);
  });

  it("deletes a task", async () => {
    const task = await addTask({ title: "Temporary" });
    const res = await api.del(`/api/tasks/${task.id}`);
    expect(res.statusCode).toBe(204);
    expect((await api.del(`/api/tasks/${task.id}`)).statusCode).toBe(404);
    expect((await api.post(`/api/tasks/${task.id}/complete`)).statusCode).toBe(404);
  });

  it("answers 404 for another gardener's task on every route and changes nothing", async () => {
    const { plant } = (await api.post("/api/plants", tomatoBody({ name: "Guarded" }))).json();
    const mine = await addTask({ title: "Mine", plantId: plant.id, repeatEveryDays: 2 });
    const intruder = await signUp(t.app);
    const them = client(t.app, intruder.cookie);
    const before = await gardenRows(t.database.db, user.id);
    for (const id of [mine.id, randomUUID()]) {
      for (const res of [
        await them.post(`/api/tasks/${id}/complete`),
        await them.post(`/api/tasks/${id}/reopen`),
        await them.patch(`/api/tasks/${id}`, { title: "Hijacked", status: "completed" }),
        await them.del(`/api/tasks/${id}`),
      ]) {
        expect(res.statusCode, res.body).toBe(404);
        expect(res.json().error).toEqual({
          code: "not_found",
          message: "That task was not found.",
        });
      }
    }
    const theirList = (await them.get("/api/tasks")).json();
    expect(theirList).toEqual({ tasks: [], nextCursor: null });
    expect(await gardenRows(t.database.db, user.id)).toEqual(before);
  });

  it("never answers 5xx to malformed task bodies and changes nothing when it refuses", async () => {
    const target = await addTask({ title: "Target", repeatEveryDays: 2 });
    const keys = [
      "title",
      "dueDate",
      "plantId",
      "repeatEveryDays",
      "notes",
      "priority",
      "type",
      "status",
    ];
    const valid = { title: "Water", dueDate: "2026-05-01" };
    const body = fc.oneof(
      fc.jsonValue(),
      fc.record(Object.fromEntries(keys.map((k) => [k, oddValues(fc)])), { requiredKeys: [] }),
      fc
        .tuple(fc.constantFrom(...keys), oddValues(fc))
        .map(([key, value]) => ({ ...valid, [key]: value })),
    );
    await fc.assert(
      fc.asyncProperty(body, fc.boolean(), async (payload, create) => {
        const before = await gardenRows(t.database.db, user.id);
        const res = create
          ? await api.json("POST", "/api/tasks", payload)
          : await api.json("PATCH", `/api/tasks/${target.id}`, payload);
        expect(res.statusCode, `${res.body} for ${JSON.stringify(payload)}`).toBeLessThan(500);
        if (res.statusCode >= 400) {
          expect(res.json().error.message.length).toBeGreaterThan(0);
          expect(await gardenRows(t.database.db, user.id)).toEqual(before);
        }
      }),
      { numRuns: 80 },
    );
  });
});
