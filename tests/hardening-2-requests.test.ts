import { createECDH, randomBytes, randomUUID } from "node:crypto";
import { once } from "node:events";
import net from "node:net";
import { setTimeout as delay } from "node:timers/promises";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MAX_NESTING } from "../src/server/lib/refuse-nul";
import { openEventStream } from "./support/event-stream";
import { client, shiftDate, tomatoBody, utcToday } from "./support/garden";
import { jpegPhoto, multipart } from "./support/photos";
import { bothEngines, createTestApp, type TestApp } from "./support/test-app";
import { rowsText, userRows } from "./support/user-rows";
import { signUp } from "./support/users";

/** Issue 20's items 5–9 (requests from outside), each kept fixed by the test named after it. */
describe.each(bothEngines)("hardening, second round: requests, on %s", (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ dialect });
  });
  afterAll(async () => {
    await t.close();
  });

  describe("8. deeply nested JSON is 400, not a stack overflow", () => {
    const deep = {
      arrays: "[".repeat(100_000) + "]".repeat(100_000),
      objects: `${'{"a":'.repeat(100_000)}1${"}".repeat(100_000)}`,
    };
    const tooDeep = `The request body is nested too deeply (more than ${MAX_NESTING} levels).`;

    it.each(Object.keys(deep) as (keyof typeof deep)[])(
      "100,000 levels of %s to an API route and to sign-up",
      async (kind) => {
        const user = await signUp(t.app);
        for (const [url, cookie] of [
          ["/api/plants", user.cookie],
          ["/api/auth/sign-up/email", undefined],
        ] as const) {
          const res = await t.app.inject({
            method: "POST",
            url,
            headers: {
              "content-type": "application/json",
              origin: "http://localhost:3000",
              ...(cookie ? { cookie } : {}),
            },
            payload: deep[kind],
          });
          expect(res.statusCode, `${url}: ${res.body}`).toBe(400);
          expect(res.json().error.message).toBe(tooDeep);
        }
      },
    );
  });

  describe("6. push endpoints must be on the public internet", () => {
    let strict: TestApp;
    beforeAll(async () => {
      strict = await createTestApp({ dialect, env: { OUTBOUND_ALLOW_PRIVATE: "false" } });
    });
    afterAll(async () => {
      await strict.close();
    });
    const keys = () => {
      const ecdh = createECDH("prime256v1");
      ecdh.generateKeys();
      return {
        p256dh: ecdh.getPublicKey().toString("base64url"),
        auth: randomBytes(16).toString("base64url"),
      };
    };

    it.each([
      ["https://127.0.0.1:4498/push", "this server itself"],
      ["https://169.254.169.254/latest", "a link-local address"],
      ["https://[::1]/", "this server itself"],
      ["https://10.0.0.1/", "a private network address"],
      ["https://localhost/push", "this server itself"],
      ["http://example.com/push", "https://"],
    ])("subscribing %s → 400 saying it is %s", async (endpoint, says) => {
      const user = await signUp(strict.app);
      const res = await client(strict.app, user.cookie).post("/api/push/subscriptions", {
        endpoint,
        keys: keys(),
      });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().error.message).toContain(says);
      const saved = await strict.database.db
        .selectFrom("push_subscriptions")
        .select("endpoint")
        .where("user_id", "=", user.id)
        .execute();
      expect(saved).toEqual([]);
    });
  });

  describe("7. several gardeners importing one file at once all succeed", () => {
    /**
     * The file as another server (or a deleted account) would give it: every id new. Without the
     * photo, whose decoding would spread the imports out in time, so they race for the ids.
     */
    const withFreshIds = (file: { plants: object[] }) => {
      const ids = new Set<string>();
      JSON.stringify(file, (key, value) => {
        if (key === "id" && typeof value === "string") ids.add(value);
        return value;
      });
      let text = JSON.stringify(file);
      for (const id of ids) text = text.replaceAll(`"${id}"`, `"${randomUUID()}"`);
      const copy = JSON.parse(text);
      return { ...copy, plants: copy.plants.map((p: object) => ({ ...p, photo: null })) };
    };

    /**
     * On PostgreSQL, makes inserts into plants wait (a SHARE lock lets the imports read, not
     * write) until at least `count` imports wait there: they all saw the same ids free, as
     * imports arriving together do. SQLite runs one transaction at a time: nothing to hold.
     */
    const holdPlantInserts = async () => {
      const url = t.databaseUrl;
      if (!url) return { whenWaiting: async (_count: number) => {}, release: async () => {} };
      // A connection of its own: the imports may take every connection of the app's pool.
      const holder = new pg.Client({ connectionString: url });
      await holder.connect();
      await holder.query("begin");
      await holder.query("lock table plants in share mode");
      return {
        async whenWaiting(count: number) {
          for (;;) {
            const waiting = await holder.query(
              `select count(*)::int as n from pg_locks
               where not granted and locktype = 'relation' and relation = 'plants'::regclass`,
            );
            if (waiting.rows[0].n >= count) return;
            await delay(20);
          }
        },
        async release() {
          await holder.query("rollback");
          await holder.end();
        },
      };
    };

    it("4 accounts × 8 imports each of one garden's files (ids taken, ids free) → all 200", async () => {
      const owner = await signUp(t.app);
      const api = client(t.app, owner.cookie);
      const tomato = (await api.post("/api/plants", tomatoBody())).json().plant;
      const form = multipart(await jpegPhoto(320, 240));
      const photo = await t.app.inject({
        method: "PUT",
        url: `/api/plants/${tomato.id}/photo`,
        headers: { cookie: owner.cookie, ...form.headers },
        payload: form.payload,
      });
      expect(photo.statusCode, photo.body).toBe(200);
      const own = { title: "Stake", dueDate: utcToday(), plantId: tomato.id, repeatEveryDays: 7 };
      expect((await api.post("/api/tasks", own)).statusCode).toBe(201);
      const exported = await api.get("/api/export");
      expect(exported.statusCode).toBe(200);
      const file = exported.json();
      // The owner's ids are taken, so each gardener's copy is remapped; free ids are raced for.
      const files = [file, withFreshIds(file), withFreshIds(file), withFreshIds(file)];
      const ownerRows = rowsText(await userRows(t.database.db, owner.id));

      const gardeners = await Promise.all([1, 2, 3, 4].map(() => signUp(t.app)));
      const race = await holdPlantInserts();
      const imports = gardeners.flatMap((gardener) =>
        Array.from({ length: 8 }, (_, i) =>
          client(t.app, gardener.cookie)
            .post("/api/import", files[i % files.length])
            .then((res) => ({ gardener, res })),
        ),
      );
      await race.whenWaiting(2);
      await race.release();
      const done = await Promise.all(imports);
      for (const { res } of done) expect(res.statusCode, res.body).toBe(200);

      for (const gardener of gardeners) {
        const copy = (await client(t.app, gardener.cookie).get("/api/export")).json();
        // One copy of each file, however many times it came.
        expect(copy.plants).toHaveLength(files.length * file.plants.length);
        expect(copy.tasks).toHaveLength(files.length * file.tasks.length);
        const plantIds = new Set(copy.plants.map((p: { id: string }) => p.id));
        for (const task of copy.tasks)
          if (task.plantId) expect(plantIds.has(task.plantId)).toBe(true);
        for (const m of copy.milestones) expect(plantIds.has(m.plantId)).toBe(true);
        expect(copy.plants.filter((p: { photo: unknown }) => p.photo)).toHaveLength(1);
        expect(plantIds.has(tomato.id)).toBe(false);
      }
      expect(rowsText(await userRows(t.database.db, owner.id))).toBe(ownerRows);
    });
  });

  describe("9. the server never writes a due date its own import refuses", () => {
    it("snooze refuses, a repeat stays in range, a plan is refused near 2199; the export re-imports", async () => {
      const user = await signUp(t.app);
      const api = client(t.app, user.cookie);
      const add = async (dueDate: string, repeatEveryDays: number | null = null) => {
        const res = await api.post("/api/tasks", { title: "Water", dueDate, repeatEveryDays });
        expect(res.statusCode, res.body).toBe(201);
        return res.json().id as string;
      };

      const lastDay = await add("2199-12-31");
      const snoozed = await api.post(`/api/tasks/${lastDay}/snooze`, { days: 1 });
      expect(snoozed.statusCode, snoozed.body).toBe(400);
      expect(snoozed.json().error.message).toBe(
        "Snoozing this task by 1 day would make it due after 31 December 2199, the last date Tendril keeps; snooze it for fewer days.",
      );
      const fits = await api.post(`/api/tasks/${await add("2199-12-25")}/snooze`, { days: 6 });
      expect(fits.json().dueDate).toBe("2199-12-31");

      // A repeat is due its interval after the day it was done (issue 26), so one done today stays
      // in range whatever its old due date; core completeTask's tests end a series at 2199-12-31.
      const repeating = await add("2199-12-30", 3);
      const done = await api.post(`/api/tasks/${repeating}/complete`);
      expect(done.statusCode, done.body).toBe(200);
      expect(done.json()).toMatchObject({
        task: { status: "completed" },
        next: { dueDate: shiftDate(utcToday(), 3) },
      });

      const late = await api.post("/api/plants", tomatoBody({ plantingDate: "2199-12-01" }));
      expect(late.statusCode, late.body).toBe(400);
      expect(late.json().error.message).toMatch(/^Check plantingDate: this plant's plan would/);
      const plant = await api.post("/api/plants", tomatoBody());
      expect(plant.statusCode, plant.body).toBe(201);
      const moved = await api.patch(`/api/plants/${plant.json().plant.id}`, {
        plantingDate: "2199-12-01",
      });
      expect(moved.statusCode, moved.body).toBe(400);

      const file = await api.get("/api/export");
      expect(file.statusCode).toBe(200);
      const dates = (file.json().tasks as { dueDate: string }[]).map((task) => task.dueDate);
      expect(dates.every((date) => date <= "2199-12-31")).toBe(true);
      const restorer = await signUp(t.app);
      const restored = await client(t.app, restorer.cookie).post("/api/import", file.json());
      expect(restored.statusCode, restored.body).toBe(200);
    });
  });
});

describe("5. a slow request times out; slow replies do not", () => {
  let t: TestApp;
  let port: number;
  beforeAll(async () => {
    t = await createTestApp({
      env: { REQUEST_TIMEOUT_SECONDS: "1", HEADERS_TIMEOUT_SECONDS: "1" },
    });
    await t.app.listen({ port: 0, host: "127.0.0.1" });
    port = (t.app.server.address() as net.AddressInfo).port;
  });
  afterAll(async () => {
    await t.close();
  });

  /** Sends `text` on a raw connection and never more: what the server answers before it closes. */
  const sendAndWaitForClose = async (text: string) => {
    const socket = net.connect(port, "127.0.0.1");
    let answer = "";
    socket.setEncoding("utf8");
    socket.on("data", (chunk: string) => {
      answer += chunk;
    });
    socket.write(text);
    await once(socket, "close");
    return answer;
  };

  it("a POST whose body stops after one of its 100 bytes is answered 408 and closed", async () => {
    const user = await signUp(t.app);
    const answer = await sendAndWaitForClose(
      [
        "POST /api/tasks HTTP/1.1",
        "Host: 127.0.0.1",
        `Cookie: ${user.cookie}`,
        "Content-Type: application/json",
        "Content-Length: 100",
        "",
        "{",
      ].join("\r\n"),
    );
    expect(answer).toMatch(/^HTTP\/1\.1 408 /);
    const health = await fetch(`http://127.0.0.1:${port}/api/health`);
    expect(health.status).toBe(200);
  });

  it("headers that never end are cut too", async () => {
    const answer = await sendAndWaitForClose("GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\n");
    expect(answer).toMatch(/^HTTP\/1\.1 408 /);
  });

  it("a signed-in user's event stream stays open past the request timeout", async () => {
    const user = await signUp(t.app);
    const stream = await openEventStream(`http://127.0.0.1:${port}/api/events`, user.cookie);
    expect(stream.status).toBe(200);
    let ended = false;
    void stream.ended.then(() => {
      ended = true;
    });
    // Three request timeouts, each checked four times: a timed stream would have been cut.
    await delay(3000);
    const task = await client(t.app, user.cookie).post("/api/tasks", {
      title: "Water",
      dueDate: "2026-12-01",
    });
    expect(task.statusCode).toBe(201);
    const [event] = await stream.waitFor(1);
    expect(event?.event).toBe("task.created");
    expect(ended).toBe(false);
    stream.close();
  });
});
