import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Client, client, tomatoBody, utcToday } from "./support/garden";
import { createTestApp, sqliteOnly, type TestApp } from "./support/test-app";
import { signUp } from "./support/users";

// Issue 24 item 2: plans are stored metric and every answer shows them in the gardener's units.

const METRIC = /\d\s?(?:cm|mm|m|°C|L|ml)\b/;

type Task = { id: string; title: string; notes: string | null };
type PlantDetail = { tips: string[]; tasks: Task[]; nextTask: Task | null };

/** Every sentence of a plant a gardener reads: its tips, its tasks, its next task. */
const textsOf = (plant: PlantDetail) => [
  ...plant.tips,
  ...plant.tasks.flatMap((task) => [task.title, task.notes ?? ""]),
  plant.nextTask?.title ?? "",
];

describe.each(sqliteOnly)("quantities in the gardener's units on %s", (dialect) => {
  let t: TestApp;
  let api: Client;

  beforeAll(async () => {
    t = await createTestApp({ dialect });
    const user = await signUp(t.app);
    api = client(t.app, user.cookie);
    await api.patch("/api/me", { experience: "beginner" });
  });
  afterAll(async () => {
    await t.close();
  });

  const setUnits = async (units: "C" | "F") =>
    expect((await api.patch("/api/me", { units })).statusCode).toBe(200);

  it("writes a new hydroponic plant's plan metric and shows it in °F and inches", async () => {
    await setUnits("F");
    const body = tomatoBody({ name: "Lettuce", medium: "hydroponics", place: "indoor" });
    const created = await api.post("/api/plants", body);
    expect(created.statusCode).toBe(201);
    const { plant, tasks } = created.json() as { plant: PlantDetail; tasks: Task[] };
    const shown = [...textsOf(plant), ...tasks.map((task) => task.title)];
    expect(shown.filter((text) => METRIC.test(text))).toEqual([]);
    expect(shown.join(" ")).toMatch(/°F/);

    const stored = await t.database.db
      .selectFrom("plants")
      .select("tips")
      .where("id", "=", (plant as unknown as { id: string }).id)
      .executeTakeFirstOrThrow();
    expect(stored.tips).toMatch(/°C/);
    expect(stored.tips).not.toMatch(/°F/);
  });

  it("shows a task in the units chosen now, on every read, while the row stays metric", async () => {
    await setUnits("C");
    const added = await api.post("/api/tasks", { title: "Mulch 5–7 cm deep", dueDate: utcToday() });
    expect(added.json().title).toBe("Mulch 5–7 cm deep");
    const id = added.json().id as string;
    const title = async () =>
      ((await api.get("/api/tasks?status=pending")).json().tasks as Task[]).find(
        (task) => task.id === id,
      )?.title;
    // Read once so the list is cached: the change of units must drop it.
    expect(await title()).toBe("Mulch 5–7 cm deep");

    await setUnits("F");
    expect(await title()).toBe("Mulch 2–3 in deep");
    const snoozed = await api.post(`/api/tasks/${id}/snooze`, { days: 1 });
    expect(snoozed.json().title).toBe("Mulch 2–3 in deep");
    const row = await t.database.db
      .selectFrom("tasks")
      .select("title")
      .where("id", "=", id)
      .executeTakeFirstOrThrow();
    expect(row.title).toBe("Mulch 5–7 cm deep");

    await setUnits("C");
    expect(await title()).toBe("Mulch 5–7 cm deep");
    const done = await api.post(`/api/tasks/${id}/complete`);
    expect(done.json().task.title).toBe("Mulch 5–7 cm deep");
  });

  it("shows a plant's page and list in the units chosen now", async () => {
    await setUnits("C");
    const { plant } = (await api.post("/api/plants", tomatoBody())).json() as {
      plant: PlantDetail & { id: string };
    };
    const page = async () => (await api.get(`/api/plants/${plant.id}`)).json() as PlantDetail;
    const next = async () =>
      (
        (await api.get("/api/plants?view=summary")).json().plants as {
          id: string;
          nextTask: { title: string } | null;
        }[]
      ).find((item) => item.id === plant.id)?.nextTask?.title;
    // Planted a month ahead, so a task due today is its next.
    await api.post("/api/tasks", {
      title: "Mulch 5–7 cm deep",
      dueDate: utcToday(),
      plantId: plant.id,
    });
    // A beginner's tomato also checks its soil 2–3 cm deep.
    expect(textsOf(await page()).join(" ")).toContain("2–3 cm deep");
    expect(await next()).toBe("Mulch 5–7 cm deep");

    await setUnits("F");
    expect(textsOf(await page()).filter((text) => METRIC.test(text))).toEqual([]);
    expect(textsOf(await page()).join(" ")).toContain("¾–1 in deep");
    expect((await page()).nextTask?.title).toBe("Mulch 2–3 in deep");
    expect(await next()).toBe("Mulch 2–3 in deep");
  });
});
