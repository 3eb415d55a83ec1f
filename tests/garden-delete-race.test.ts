import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { DatabaseHandle } from "../src/server/db/connection";
import { type Client, client, tomatoBody, utcToday } from "./support/garden";
import {
  bothEngines,
  createTestApp,
  type TestApp,
  twoInstancesOnPostgres,
} from "./support/test-app";
import { type SignedInUser, signUp } from "./support/users";

// Issue 37 item 7: a plant or an area deleted while rows are added for it (harvests, journal
// entries, plants moved or planted into the area) must leave no row pointing at it, and the
// gardener's export must import again; nor may a plant's deletion deadlock with writes to its
// tasks. PostgreSQL runs these side by side on several connections, which is where they raced.

const TODAY = utcToday();
const bed = { name: "Back bed", kind: "raised-bed", size: null, sun: "full-sun" };

/** Rows of the user that name a plant, an area or a journal entry the user no longer has. */
async function orphans(db: DatabaseHandle["db"], userId: string) {
  const [plants, areas, entries, harvests, journal, photos, tasks, pastPlantings] =
    await Promise.all([
      db.selectFrom("plants").select(["id", "area_id"]).where("user_id", "=", userId).execute(),
      db.selectFrom("areas").select("id").where("user_id", "=", userId).execute(),
      db.selectFrom("journal_entries").select("id").where("user_id", "=", userId).execute(),
      db.selectFrom("harvests").select(["id", "plant_id"]).where("user_id", "=", userId).execute(),
      db
        .selectFrom("journal_entries")
        .select(["id", "plant_id"])
        .where("user_id", "=", userId)
        .execute(),
      db
        .selectFrom("journal_photos")
        .select(["id", "entry_id"])
        .where("user_id", "=", userId)
        .execute(),
      db.selectFrom("tasks").select(["id", "plant_id"]).where("user_id", "=", userId).execute(),
      db
        .selectFrom("area_plantings")
        .select(["id", "area_id"])
        .where("user_id", "=", userId)
        .execute(),
    ]);
  const has = (rows: { id: string }[]) => {
    const ids = new Set(rows.map((row) => row.id));
    return (id: string | null) => id === null || ids.has(id);
  };
  const [plant, area, entry] = [has(plants), has(areas), has(entries)];
  return {
    harvests: harvests.filter((h) => !plant(h.plant_id)),
    journal: journal.filter((j) => !plant(j.plant_id)),
    photos: photos.filter((p) => !entry(p.entry_id)),
    tasks: tasks.filter((task) => !plant(task.plant_id)),
    plantsInNoArea: plants.filter((p) => !area(p.area_id)),
    pastPlantings: pastPlantings.filter((p) => !area(p.area_id)),
  };
}

const NONE = {
  harvests: [],
  journal: [],
  photos: [],
  tasks: [],
  plantsInNoArea: [],
  pastPlantings: [],
};

async function created(api: Client, url: string, body: unknown, key: "plant" | "area" | "entry") {
  const res = await api.post(url, body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json()[key].id as string;
}

const harvestBody = (count: number) => ({ date: TODAY, weight: null, count });

async function reimports(app: FastifyInstance, api: Client) {
  const file = (await api.get("/api/export")).json();
  const fresh = await signUp(app);
  const res = await app.inject({
    method: "POST",
    url: "/api/import",
    headers: { cookie: fresh.cookie },
    payload: file,
  });
  expect(res.statusCode, res.body).toBe(200);
}

describe.each(bothEngines)("deletes racing the rows that point at them on %s", (dialect) => {
  const ROUNDS = 3;
  let t: TestApp;
  let user: SignedInUser;
  let api: Client;
  beforeAll(async () => {
    t = await createTestApp({ dialect });
    user = await signUp(t.app);
    api = client(t.app, user.cookie);
  });
  afterAll(async () => {
    await t?.close();
  });

  it("a plant deleted while harvests, journal entries and tasks are added and done", async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const made = (await api.post("/api/plants", tomatoBody())).json();
      const plant = made.plant.id as string;
      const planned = (made.tasks as { id: string }[]).slice(0, 2).map((task) => task.id);
      const [deleted, ...others] = await Promise.all([
        api.del(`/api/plants/${plant}`),
        ...[1, 2, 3].map((i) => api.post(`/api/plants/${plant}/harvests`, harvestBody(i))),
        ...[1, 2, 3].map((i) =>
          api.post(`/api/plants/${plant}/journal`, { date: TODAY, note: `${i}` }),
        ),
        ...[1, 2].map((i) =>
          api.post("/api/tasks", { title: `Tie ${i}`, dueDate: TODAY, plantId: plant }),
        ),
        ...planned.map((id) => api.post(`/api/tasks/${id}/complete`, {})),
        api.patch(`/api/plants/${plant}`, { name: "Roma", plantingDate: TODAY }),
      ]);
      expect(deleted?.statusCode, deleted?.body).toBe(204);
      for (const res of others) expect([200, 201, 404], res.body).toContain(res.statusCode);
    }
    expect(await orphans(t.database.db, user.id)).toEqual(NONE);
  });

  it("an area deleted while plants move or are planted into it", async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const area = await created(api, "/api/areas", bed, "area");
      const plants = await Promise.all(
        [1, 2, 3, 4].map((i) =>
          created(api, "/api/plants", tomatoBody({ name: `T${i}` }), "plant"),
        ),
      );
      const [deleted, ...moved] = await Promise.all([
        api.del(`/api/areas/${area}`),
        ...plants.map((id) => api.patch(`/api/plants/${id}`, { areaId: area })),
        api.post("/api/plants", tomatoBody({ name: "New", areaId: area })),
      ]);
      expect(deleted?.statusCode, deleted?.body).toBe(204);
      for (const res of moved) expect([200, 201, 404], res.body).toContain(res.statusCode);
    }
    expect(await orphans(t.database.db, user.id)).toEqual(NONE);
  });

  it("the gardener's export imports again after those races", async () => {
    await reimports(t.app, api);
  });
});

// The races above are left to chance. Here a delete is held at a known step (a row it is about to
// delete is locked by the test) while the other writes arrive, on two instances as in production:
// without the garden lock they land beside the half-done delete every time.
describe.runIf(process.env.TEST_DATABASE_URL)("a delete held midway on PostgreSQL", () => {
  let two: Awaited<ReturnType<typeof twoInstancesOnPostgres>>;
  let user: SignedInUser;
  let a: Client;
  let b: Client;
  beforeAll(async () => {
    two = await twoInstancesOnPostgres();
    user = await signUp(two.apps[0]);
    a = client(two.apps[0], user.cookie);
    b = client(two.apps[1], user.cookie);
  });
  afterAll(async () => {
    await two?.close();
  });

  /** Backends of the two instances waiting for a lock (a row's or an advisory one). */
  async function lockWaiters(): Promise<number> {
    const { rows } = await sql<{ n: number }>`
      select count(*)::int as n from pg_stat_activity
      where application_name in (${sql.join(two.applicationNames)}) and wait_event_type = 'Lock'
    `.execute(two.databases[0].db);
    return rows[0]?.n ?? 0;
  }

  /**
   * Locks the row, starts `del`, and once it waits for that row sends `writes` (half to each
   * instance); when each of them has answered or waits for a lock too, the row is let go.
   */
  async function whileDeleteWaits(
    row: { table: "journal_entries" | "area_plantings" | "tasks"; id: string },
    del: () => Promise<LightMyRequestResponse>,
    writes: ((c: Client) => Promise<LightMyRequestResponse>)[],
  ) {
    let release = () => {};
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    let locked = () => {};
    const holding = new Promise<void>((resolve) => {
      locked = resolve;
    });
    const blocker = two.databases[1].db.transaction().execute(async (trx) => {
      await sql`select id from ${sql.table(row.table)} where id = ${row.id} for update`.execute(
        trx,
      );
      locked();
      await released;
    });
    await holding;
    const deleting = del();
    await vi.waitFor(async () => expect(await lockWaiters()).toBe(1), { timeout: 20_000 });
    let answered = 0;
    const writing = writes.map((write, i) =>
      write(i % 2 === 0 ? a : b).finally(() => {
        answered++;
      }),
    );
    await vi.waitFor(async () => expect(answered + (await lockWaiters()) - 1).toBe(writes.length), {
      timeout: 20_000,
      interval: 20,
    });
    release();
    await blocker;
    return { deleted: await deleting, written: await Promise.all(writing) };
  }

  it("a plant's delete, held at its journal, leaves the harvests and entries sent meanwhile none to point at", async () => {
    const plant = await created(a, "/api/plants", tomatoBody(), "plant");
    const first = await created(
      a,
      `/api/plants/${plant}/journal`,
      { date: TODAY, note: "Sown" },
      "entry",
    );
    const { deleted, written } = await whileDeleteWaits(
      { table: "journal_entries", id: first },
      () => a.del(`/api/plants/${plant}`),
      [
        ...[1, 2, 3].map(
          (i) => (c: Client) => c.post(`/api/plants/${plant}/harvests`, harvestBody(i)),
        ),
        ...[1, 2, 3].map(
          (i) => (c: Client) =>
            c.post(`/api/plants/${plant}/journal`, { date: TODAY, note: `${i}` }),
        ),
      ],
    );
    expect(deleted.statusCode, deleted.body).toBe(204);
    expect(written.map((res) => [res.statusCode, res.json().error?.message])).toEqual(
      Array(6).fill([404, "That plant was not found."]),
    );
    expect(await orphans(two.databases[0].db, user.id)).toEqual(NONE);
  });

  it("a plant's delete, held at its tasks, neither deadlocks with task writes nor leaves tasks", async () => {
    const made = (await a.post("/api/plants", tomatoBody())).json();
    const plant = made.plant.id as string;
    const [held, ...others] = (made.tasks as { id: string }[]).map((task) => task.id);
    const { deleted, written } = await whileDeleteWaits(
      { table: "tasks", id: held ?? "" },
      () => a.del(`/api/plants/${plant}`),
      [
        ...[1, 2].map(
          (i) => (c: Client) =>
            c.post("/api/tasks", { title: `Tie ${i}`, dueDate: TODAY, plantId: plant }),
        ),
        ...others.slice(0, 2).map((id) => (c: Client) => c.post(`/api/tasks/${id}/complete`, {})),
        (c: Client) => c.patch(`/api/plants/${plant}`, { name: "Roma", plantingDate: TODAY }),
      ],
    );
    // Without the lock PostgreSQL found each of these deadlocked with the delete: a 500 for one.
    expect(deleted.statusCode, deleted.body).toBe(204);
    expect(written.map((res) => res.statusCode)).toEqual([404, 404, 404, 404, 404]);
    expect(await orphans(two.databases[0].db, user.id)).toEqual(NONE);
  });

  it("an area's delete, held at its past plantings, leaves no plant moved or planted into it", async () => {
    const area = await created(a, "/api/areas", bed, "area");
    const pulled = await created(a, "/api/plants", tomatoBody({ areaId: area }), "plant");
    expect((await a.patch(`/api/plants/${pulled}`, { areaId: null })).statusCode).toBe(200);
    const past = await two.databases[0].db
      .selectFrom("area_plantings")
      .select("id")
      .where("area_id", "=", area)
      .executeTakeFirstOrThrow();
    const plants = await Promise.all(
      [1, 2, 3].map((i) => created(a, "/api/plants", tomatoBody({ name: `T${i}` }), "plant")),
    );
    const { deleted, written } = await whileDeleteWaits(
      { table: "area_plantings", id: past.id },
      () => a.del(`/api/areas/${area}`),
      [
        ...plants.map((id) => (c: Client) => c.patch(`/api/plants/${id}`, { areaId: area })),
        (c: Client) => c.post("/api/plants", tomatoBody({ name: "New", areaId: area })),
      ],
    );
    expect(deleted.statusCode, deleted.body).toBe(204);
    expect(written.map((res) => [res.statusCode, res.json().error?.message])).toEqual(
      Array(4).fill([404, "That area was not found."]),
    );
    expect(await orphans(two.databases[0].db, user.id)).toEqual(NONE);
  });

  it("the gardener's export imports again after those deletes", async () => {
    await reimports(two.apps[1], a);
  });
});
