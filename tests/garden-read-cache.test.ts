import { gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { type Client, client, shiftDate, tomatoBody, utcToday } from "./support/garden";
import {
  bothEngines,
  createTestApp,
  type TestApp,
  twoInstancesOnPostgres,
} from "./support/test-app";
import { signUp } from "./support/users";

type Named = { id: string; title?: string; name?: string };
const titles = async (api: Client, url = "/api/tasks?status=pending") =>
  ((await api.get(url)).json().tasks as Named[]).map((task) => task.title);

/**
 * Waits until the instance has heard back every change it published. On PostgreSQL an instance
 * hears its own changes again through LISTEN a moment after answering, and each echo drops the
 * cached reads it touches once more (harmless: the read is made again). A check that a body stays
 * cached must begin after the echoes of the writes before it, or a late echo drops the body.
 */
function echoesOf(app: TestApp["app"]): () => Promise<void> {
  let published = 0;
  let heard = 0;
  const publish = app.changes.publish.bind(app.changes);
  app.changes.publish = (event) => {
    published++;
    return publish(event);
  };
  app.changes.subscribeAll(() => {
    heard++;
  });
  return () => vi.waitFor(() => expect(heard).toBeGreaterThanOrEqual(published));
}

describe.each(bothEngines)("cached garden reads on %s", (dialect) => {
  let t: TestApp;
  let api: Client;
  let echoesHeard: () => Promise<void>;

  beforeAll(async () => {
    t = await createTestApp({ dialect });
    echoesHeard = echoesOf(t.app);
    api = client(t.app, (await signUp(t.app)).cookie);
  });
  afterAll(async () => {
    await t.close();
  });

  it("shows every task write on the next read", async () => {
    expect(await titles(api)).toEqual([]);
    const added = (
      await api.post("/api/tasks", { title: "Mulch beds", dueDate: utcToday() })
    ).json();
    expect(await titles(api)).toEqual(["Mulch beds"]);
    await api.patch(`/api/tasks/${added.id}`, { title: "Mulch the beds" });
    expect(await titles(api)).toEqual(["Mulch the beds"]);
    await api.post(`/api/tasks/${added.id}/complete`);
    expect(await titles(api)).toEqual([]);
    expect(await titles(api, "/api/tasks?status=completed")).toEqual(["Mulch the beds"]);
    await api.del(`/api/tasks/${added.id}`);
    expect(await titles(api, "/api/tasks?status=completed")).toEqual([]);
  });

  it("shows every plant write on the next list and page read", async () => {
    const names = async () =>
      ((await api.get("/api/plants")).json().plants as Named[]).map((p) => p.name);
    expect(await names()).toEqual([]);
    const { plant } = (await api.post("/api/plants", tomatoBody())).json();
    expect(await names()).toEqual(["Tomato"]);
    const page = async () => (await api.get(`/api/plants/${plant.id}`)).json();
    const first = await page();
    expect(first.name).toBe("Tomato");
    await api.patch(`/api/plants/${plant.id}`, { name: "Big Tom" });
    expect((await page()).name).toBe("Big Tom");
    expect(await names()).toEqual(["Big Tom"]);

    const next = first.nextTask as Named;
    await api.post(`/api/tasks/${next.id}/complete`);
    expect(((await page()).tasks as Named[]).some((task) => task.id === next.id)).toBe(false);

    await api.del(`/api/plants/${plant.id}`);
    expect((await api.get(`/api/plants/${plant.id}`)).statusCode).toBe(404);
    expect(await names()).toEqual([]);
  });

  it("keeps the plant list's next task true through every task write", async () => {
    const gardener = client(t.app, (await signUp(t.app)).cookie);
    const { plant } = (await gardener.post("/api/plants", tomatoBody())).json();
    const listed = async () =>
      ((await gardener.get("/api/plants")).json().plants[0].nextTask as Named).title;
    const first = (await gardener.get(`/api/plants/${plant.id}`)).json().nextTask as Named;
    expect(await listed()).toBe(first.title);
    // Editing the next task itself changes the list.
    await gardener.patch(`/api/tasks/${first.id}`, { title: "Water deeply" });
    expect(await listed()).toBe("Water deeply");
    // An earlier task becomes the next one.
    await gardener.post("/api/tasks", {
      title: "Harden off",
      dueDate: utcToday(),
      plantId: plant.id,
    });
    expect(await listed()).toBe("Harden off");
    const hardenOff = (await gardener.get(`/api/plants/${plant.id}`)).json().nextTask as Named;
    await gardener.post(`/api/tasks/${hardenOff.id}/complete`);
    expect(await listed()).toBe("Water deeply");
    // A later task moved before it becomes the next one; editing the other's notes moves nothing.
    const pending = (await gardener.get(`/api/tasks?plantId=${plant.id}&status=pending`)).json()
      .tasks as Named[];
    const later = pending.find((task) => task.id !== first.id);
    if (!later) throw new Error("the plan gave the plant one task");
    await gardener.patch(`/api/tasks/${later.id}`, { dueDate: shiftDate(utcToday(), -1) });
    expect(await listed()).toBe(later.title);
    await gardener.patch(`/api/tasks/${first.id}`, { notes: "Mulch first" });
    expect(await listed()).toBe(later.title);
    await gardener.del(`/api/tasks/${first.id}`);
    expect(await listed()).not.toBe("Water deeply");
  });

  it("keeps serving reads a write cannot change (one plant's tasks leave another plant cached)", async () => {
    const user = await signUp(t.app);
    const gardener = client(t.app, user.cookie);
    const a = (await gardener.post("/api/plants", tomatoBody({ name: "Basil" }))).json().plant;
    const b = (await gardener.post("/api/plants", tomatoBody({ name: "Mint" }))).json().plant;
    const notesOf = async (id: string) => (await gardener.get(`/api/plants/${id}`)).json().notes;
    await echoesHeard();
    expect(await notesOf(b.id)).toBeNull();
    // Behind the API's back, so only a cache miss could show it.
    await t.database.db
      .updateTable("plants")
      .set({ notes: "written behind the API" })
      .where("id", "=", b.id)
      .execute();
    await gardener.post("/api/tasks", { title: "Pinch tips", dueDate: utcToday(), plantId: a.id });
    expect(await notesOf(b.id)).toBeNull();
    expect((await gardener.get(`/api/plants/${a.id}`)).json().taskCount).toBeGreaterThan(
      a.taskCount,
    );
    await gardener.patch(`/api/plants/${b.id}`, { name: "Spearmint" });
    expect(await notesOf(b.id)).toBe("written behind the API");
  });

  it("keeps a full page of tasks while tasks due after its last one change, and drops it for one due on it", async () => {
    const gardener = client(t.app, (await signUp(t.app)).cookie);
    const today = utcToday();
    const later = shiftDate(today, 30);
    for (const [i, dueDate] of [today, today, later].entries()) {
      await gardener.post("/api/tasks", { title: `Task ${i}`, dueDate });
    }
    const page = "/api/tasks?status=pending&limit=2";
    await echoesHeard();
    const first = await gardener.get(page);
    expect(first.json().nextCursor).not.toBeNull();
    const [, shown] = first.json().tasks;
    // Behind the API's back, so only a fresh read could show it.
    await t.database.db
      .updateTable("tasks")
      .set({ notes: "written behind the API" })
      .where("id", "=", shown.id)
      .execute();
    const notesOnPage = async () => (await gardener.get(page)).json().tasks[1].notes;

    // Due after the page's last task: added, edited, completed and deleted, the page stays.
    const far = (
      await gardener.post("/api/tasks", { title: "Far", dueDate: shiftDate(today, 60) })
    ).json();
    await gardener.patch(`/api/tasks/${far.id}`, { dueDate: shiftDate(today, 61) });
    await gardener.post(`/api/tasks/${far.id}/complete`);
    await gardener.del(`/api/tasks/${far.id}`);
    expect(await notesOnPage()).toBeNull();
    // The whole list, which shows every date, was dropped by each of them.
    const all = (await gardener.get("/api/tasks?status=pending")).json().tasks;
    expect(all.map((task: Named) => task.title)).toEqual(["Task 0", "Task 1", "Task 2"]);

    // A task moved from later onto the page's last date changes the page.
    const moved = all[2];
    await gardener.patch(`/api/tasks/${moved.id}`, { dueDate: today });
    expect(await notesOnPage()).toBe("written behind the API");
    const titlesNow = (await gardener.get("/api/tasks?status=pending&limit=3")).json().tasks;
    expect(titlesNow.map((task: Named) => task.title)).toEqual(["Task 0", "Task 1", "Task 2"]);
    // And moved back past it, the page changes again (its old date was on the page).
    await gardener.patch(`/api/tasks/${moved.id}`, { dueDate: later });
    await gardener.post(`/api/tasks/${all[0].id}/complete`);
    expect((await gardener.get(page)).json().tasks.map((task: Named) => task.title)).toEqual([
      "Task 1",
      "Task 2",
    ]);
  });

  it("keeps a page of plants while a plant on another page changes, and drops it for its own", async () => {
    const gardener = client(t.app, (await signUp(t.app)).cookie);
    const older = (await gardener.post("/api/plants", tomatoBody({ name: "Older" }))).json().plant;
    const newer = (await gardener.post("/api/plants", tomatoBody({ name: "Newer" }))).json().plant;
    const page = "/api/plants?limit=1";
    const notesOnPage = async () => (await gardener.get(page)).json().plants[0].notes;
    await echoesHeard();
    expect(await notesOnPage()).toBeNull();
    // Behind the API's back, so only a fresh read could show it.
    await t.database.db
      .updateTable("plants")
      .set({ notes: "written behind the API" })
      .where("id", "=", newer.id)
      .execute();

    // The older plant is on page 2: its rename and its tasks leave page 1 as it was.
    await gardener.patch(`/api/plants/${older.id}`, { name: "Older still" });
    await gardener.post("/api/tasks", { title: "Stake", dueDate: utcToday(), plantId: older.id });
    expect(await notesOnPage()).toBeNull();
    const all = (await gardener.get("/api/plants")).json().plants;
    expect(all.map((plant: Named) => plant.name)).toEqual(["Newer", "Older still"]);

    // A task that becomes the newer plant's next task changes its row on page 1.
    const firstDue = (await gardener.get(`/api/plants/${newer.id}`)).json().nextTask.dueDate;
    const sooner = shiftDate(firstDue, -1);
    await gardener.post("/api/tasks", { title: "Sow now", dueDate: sooner, plantId: newer.id });
    const shown = (await gardener.get(page)).json().plants[0];
    expect(shown.notes).toBe("written behind the API");
    expect(shown.nextTask.title).toBe("Sow now");
    // A new plant changes which plants page 1 holds.
    await gardener.post("/api/plants", tomatoBody({ name: "Newest" }));
    expect((await gardener.get(page)).json().plants[0].name).toBe("Newest");
  });

  it("never answers one gardener's read with another's", async () => {
    const bob = client(t.app, (await signUp(t.app)).cookie);
    await api.post("/api/tasks", { title: "Ann's task", dueDate: utcToday() });
    expect(await titles(api)).toEqual(["Ann's task"]);
    expect(await titles(bob)).toEqual([]);
    await bob.post("/api/tasks", { title: "Bob's task", dueDate: utcToday() });
    expect(await titles(bob)).toEqual(["Bob's task"]);
    expect(await titles(api)).toEqual(["Ann's task"]);
  });

  it("sends gzip to clients that accept it and the same JSON to those that do not", async () => {
    for (let i = 0; i < 20; i++) {
      await api.post("/api/tasks", { title: `Check seedling tray ${i}`, dueDate: utcToday() });
    }
    const plain = await api.get("/api/tasks");
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.headers["content-type"]).toBe("application/json; charset=utf-8");
    expect(plain.headers.vary).toMatch(/accept-encoding/i);

    const zipped = await api.get("/api/tasks", { "accept-encoding": "br, gzip;q=0.8" });
    expect(zipped.headers["content-encoding"]).toBe("gzip");
    expect(zipped.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
    expect(JSON.parse(gunzipSync(zipped.rawPayload).toString("utf8"))).toEqual(plain.json());

    const refused = await api.get("/api/tasks", { "accept-encoding": "gzip;q=0, identity" });
    expect(refused.headers["content-encoding"]).toBeUndefined();
    expect(refused.json()).toEqual(plain.json());
  });

  it("answers 304 without reading again while the client holds the body now cached", async () => {
    const gardener = client(t.app, (await signUp(t.app)).cookie);
    const plant = (await gardener.post("/api/plants", tomatoBody({ name: "Chard" }))).json().plant;
    const page = `/api/plants/${plant.id}`;
    await echoesHeard();
    const first = await gardener.get(page);
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^W\/"[^"]+"$/);
    expect(first.headers["cache-control"]).toBe("private, no-cache");

    // Behind the API's back: a 304 proves the server did not read the plant again.
    await t.database.db
      .updateTable("plants")
      .set({ notes: "written behind the API" })
      .where("id", "=", plant.id)
      .execute();
    const again = await gardener.get(page, { "if-none-match": `W/"other", ${etag}` });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe("");
    expect(again.headers.etag).toBe(etag);
    // Without the tag, or with a stale one, the full body as before.
    expect((await gardener.get(page, { "if-none-match": 'W/"stale"' })).statusCode).toBe(200);

    // A write drops the cached body: the old tag now gets the new body, with a new tag.
    await gardener.patch(page, { name: "Rainbow chard" });
    const changed = await gardener.get(page, { "if-none-match": etag });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().name).toBe("Rainbow chard");
    expect(changed.headers.etag).not.toBe(etag);

    // Another gardener sending that tag for the same address gets their own answer (404).
    const stranger = client(t.app, (await signUp(t.app)).cookie);
    const theirs = await stranger.get(page, { "if-none-match": changed.headers.etag as string });
    expect(theirs.statusCode).toBe(404);
  });

  it("still answers 401 without a session and 400 for a bad query", async () => {
    expect((await client(t.app, null).get("/api/tasks")).statusCode).toBe(401);
    expect((await api.get("/api/tasks?status=open")).statusCode).toBe(400);
  });
});

describe("cached garden reads with the cache turned off", () => {
  it("reads the database on every request (RESPONSE_CACHE_MB=0)", async () => {
    const t = await createTestApp({ env: { RESPONSE_CACHE_MB: "0" } });
    try {
      const user = await signUp(t.app);
      const api = client(t.app, user.cookie);
      expect(await titles(api)).toEqual([]);
      // Written behind the API's back: only an uncached read can see it.
      await t.database.db
        .insertInto("tasks")
        .values({
          id: "3f8b2c1e-0000-4000-8000-000000000001",
          user_id: user.id,
          plant_id: null,
          title: "Written directly",
          due_date: utcToday(),
          created_at: new Date().toISOString(),
        })
        .execute();
      expect(await titles(api)).toEqual(["Written directly"]);
    } finally {
      await t.close();
    }
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)(
  "cached garden reads across two instances on PostgreSQL",
  () => {
    let two: Awaited<ReturnType<typeof twoInstancesOnPostgres>>;
    beforeAll(async () => {
      two = await twoInstancesOnPostgres();
    });
    afterAll(async () => {
      await two?.close();
    });

    it("drops an instance's cached read when another instance writes", async () => {
      const [a, b] = two.apps;
      const user = await signUp(a);
      const onA = client(a, user.cookie);
      const onB = client(b, user.cookie);
      expect(await titles(onB)).toEqual([]);
      await onA.post("/api/tasks", { title: "Sow peas", dueDate: utcToday() });
      await expect.poll(() => titles(onB), { timeout: 5000, interval: 20 }).toEqual(["Sow peas"]);
    });
  },
);
