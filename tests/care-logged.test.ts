import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TaskService } from "../src/server/features/garden/tasks-service";
import { type Client, client, shiftDate, tomatoBody, utcToday } from "./support/garden";
import { createTestApp, sqliteOnly, type TestApp } from "./support/test-app";
import { type SignedInUser, signUp } from "./support/users";

describe.each(sqliteOnly)("care logged in the journal on %s", (dialect) => {
  let t: TestApp;
  let user: SignedInUser;
  let api: Client;
  let tasks: TaskService;
  const today = utcToday();

  beforeAll(async () => {
    t = await createTestApp({ dialect });
    user = await signUp(t.app);
    api = client(t.app, user.cookie);
    tasks = new TaskService(t.database.db, dialect);
  });
  afterAll(async () => {
    await t.close();
  });

  const addPlant = async () => {
    const res = await api.post("/api/plants", tomatoBody());
    expect(res.statusCode, res.body).toBe(201);
    return res.json().plant.id as string;
  };
  const addTask = async (plantId: string, body: Record<string, unknown>) => {
    const res = await api.post("/api/tasks", { title: "Care", plantId, ...body });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().id as string;
  };
  const dueOf = async (id: string) =>
    (
      await t.database.db
        .selectFrom("tasks")
        .select("due_date")
        .where("id", "=", id)
        .executeTakeFirstOrThrow()
    ).due_date;

  it("moves the plant's repeating watering tasks to the day watered plus their interval", async () => {
    const plantId = await addPlant();
    const water = await addTask(plantId, {
      type: "watering",
      dueDate: shiftDate(today, -2),
      repeatEveryDays: 3,
    });
    const feed = await addTask(plantId, {
      type: "feeding",
      dueDate: shiftDate(today, -2),
      repeatEveryDays: 14,
    });
    const once = await addTask(plantId, { type: "watering", dueDate: shiftDate(today, -2) });
    const moved = await tasks.careLogged(user.id, plantId, "watering", today);
    expect(moved.map((task) => [task.id, task.dueDate])).toContainEqual([
      water,
      shiftDate(today, 3),
    ]);
    expect(moved.map((task) => task.id)).not.toContain(feed);
    expect(await dueOf(water)).toBe(shiftDate(today, 3));
    expect(await dueOf(feed)).toBe(shiftDate(today, -2));
    expect(await dueOf(once)).toBe(shiftDate(today, -2));
    // The plant's next task is recalculated: the overdue feed and one-off are now first.
    const plant = (await api.get(`/api/plants/${plantId}`)).json();
    expect([feed, once]).toContain(plant.nextTaskId);
  });

  it("feeding moves feeding and nutrients tasks; care logged long ago changes nothing", async () => {
    const plantId = await addPlant();
    const nutrients = await addTask(plantId, {
      type: "nutrients",
      dueDate: shiftDate(today, 1),
      repeatEveryDays: 7,
    });
    expect(await tasks.careLogged(user.id, plantId, "feeding", shiftDate(today, -30))).toEqual([]);
    expect(await dueOf(nutrients)).toBe(shiftDate(today, 1));
    await tasks.careLogged(user.id, plantId, "feeding", today);
    expect(await dueOf(nutrients)).toBe(shiftDate(today, 7));
    // Logging the same care again moves nothing further.
    const again = await tasks.careLogged(user.id, plantId, "feeding", today);
    expect(again.map((task) => task.id)).not.toContain(nutrients);
    expect(await dueOf(nutrients)).toBe(shiftDate(today, 7));
  });

  it("answers 404 for another gardener's plant and changes nothing", async () => {
    const plantId = await addPlant();
    const water = await addTask(plantId, {
      type: "watering",
      dueDate: today,
      repeatEveryDays: 2,
    });
    const other = await signUp(t.app);
    await expect(tasks.careLogged(other.id, plantId, "watering", today)).rejects.toMatchObject({
      statusCode: 404,
    });
    expect(await dueOf(water)).toBe(today);
  });

  it("moves them when a journal entry says watered or fed, from the entry's day", async () => {
    const plantId = await addPlant();
    const water = await addTask(plantId, {
      type: "watering",
      dueDate: shiftDate(today, 1),
      repeatEveryDays: 4,
    });
    const feed = await addTask(plantId, {
      type: "feeding",
      dueDate: shiftDate(today, 2),
      repeatEveryDays: 14,
    });
    const entry = await api.post(`/api/plants/${plantId}/journal`, {
      date: today,
      note: "Soaked the bed",
      tags: ["watered", "pruned"],
    });
    expect(entry.statusCode, entry.body).toBe(201);
    expect(await dueOf(water)).toBe(shiftDate(today, 4));
    expect(await dueOf(feed)).toBe(shiftDate(today, 2));

    // Adding "fed" to the entry later logs the feeding too; the watering stays where it went.
    const edited = await api.patch(`/api/journal/${entry.json().entry.id}`, {
      tags: ["watered", "fed"],
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(await dueOf(feed)).toBe(shiftDate(today, 14));
    expect(await dueOf(water)).toBe(shiftDate(today, 4));

    // An entry without those tags moves nothing.
    await api.post(`/api/plants/${plantId}/journal`, { date: today, tags: ["treated"] });
    expect(await dueOf(water)).toBe(shiftDate(today, 4));
  });
});
