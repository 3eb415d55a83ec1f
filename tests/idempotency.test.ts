import { randomUUID } from "node:crypto";
import type { FastifyInstance } from "fastify";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fingerprintOf, IdempotencyService } from "../src/server/features/idempotency/service";
import { client } from "./support/garden";
import {
  bothEngines,
  createTestApp,
  type TestApp,
  twoInstancesOnPostgres,
} from "./support/test-app";
import { type SignedInUser, signUp } from "./support/users";

// Issue 37 item 2: the offline outbox sends a queued task again after a lost answer, from another
// tab, or after a restart; the Idempotency-Key it carries makes the server add it once.

const body = (title: string) => ({ title, dueDate: "2026-05-01" });

const post = (app: FastifyInstance, user: SignedInUser, payload: unknown, key?: string) =>
  client(app, user.cookie).post(
    "/api/tasks",
    payload,
    key === undefined ? {} : { "idempotency-key": key },
  );

async function titlesOf(app: FastifyInstance, user: SignedInUser, title: string) {
  const res = await client(app, user.cookie).get("/api/tasks?limit=500");
  return (res.json().tasks as { id: string; title: string }[]).filter((t) => t.title === title);
}

describe.each(bothEngines)("idempotent creates on %s", (dialect) => {
  let t: TestApp;
  let user: SignedInUser;
  beforeAll(async () => {
    t = await createTestApp({ dialect });
    user = await signUp(t.app);
  });
  afterAll(async () => {
    await t?.close();
  });

  const keyRows = (userId: string) =>
    t.database.db
      .selectFrom("idempotency_keys")
      .selectAll()
      .where("user_id", "=", userId)
      .execute();

  it("answers a repeat of a key with the first answer and adds the task once", async () => {
    const key = randomUUID();
    const first = await post(t.app, user, body("Water the leeks"), key);
    expect(first.statusCode, first.body).toBe(201);
    expect(first.headers["idempotent-replayed"]).toBeUndefined();
    const again = await post(t.app, user, body("Water the leeks"), key);
    expect(again.statusCode, again.body).toBe(201);
    expect(again.headers["idempotent-replayed"]).toBe("true");
    expect(again.headers["content-type"]).toMatch(/^application\/json/);
    expect(again.body).toBe(first.body);
    expect(await titlesOf(t.app, user, "Water the leeks")).toHaveLength(1);
    expect((await keyRows(user.id)).filter((row) => row.key === key)).toHaveLength(1);
  });

  it("adds one task for two requests with one key at the same moment", async () => {
    const key = randomUUID();
    const answers = await Promise.all(
      Array.from({ length: 3 }, () => post(t.app, user, body("Stake the peas"), key)),
    );
    for (const res of answers) expect(res.statusCode, res.body).toBe(201);
    expect(new Set(answers.map((res) => res.json().id)).size).toBe(1);
    expect(await titlesOf(t.app, user, "Stake the peas")).toHaveLength(1);
  });

  it("never matches another gardener's key", async () => {
    const other = await signUp(t.app);
    const key = randomUUID();
    const mine = await post(t.app, user, body("Net the brassicas"), key);
    const theirs = await post(t.app, other, body("Net the brassicas"), key);
    expect(mine.statusCode).toBe(201);
    expect(theirs.statusCode, theirs.body).toBe(201);
    expect(theirs.headers["idempotent-replayed"]).toBeUndefined();
    expect(theirs.json().id).not.toBe(mine.json().id);
    expect(await titlesOf(t.app, other, "Net the brassicas")).toEqual([
      expect.objectContaining({ id: theirs.json().id }),
    ]);
    expect(await titlesOf(t.app, user, "Net the brassicas")).toEqual([
      expect.objectContaining({ id: mine.json().id }),
    ]);
  });

  it("refuses the same key with another body (422) and adds nothing", async () => {
    const key = randomUUID();
    expect((await post(t.app, user, body("Sow the chard"), key)).statusCode).toBe(201);
    const res = await post(t.app, user, body("Sow the beet"), key);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      error: {
        code: "idempotency_key_reused",
        message: expect.stringContaining("already used for a different request"),
      },
    });
    expect(await titlesOf(t.app, user, "Sow the beet")).toEqual([]);
  });

  it("gives the key back when the first request fails, so it may be sent again", async () => {
    const key = randomUUID();
    const refused = await post(
      t.app,
      user,
      { ...body("Feed the squash"), plantId: randomUUID() },
      key,
    );
    expect(refused.statusCode).toBe(404);
    expect(await keyRows(user.id)).not.toContainEqual(expect.objectContaining({ key }));
    const res = await post(t.app, user, body("Feed the squash"), key);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.headers["idempotent-replayed"]).toBeUndefined();
  });

  it("refuses a malformed key with a message naming the header, before anything is made", async () => {
    for (const key of ["", "has space", "x".repeat(256), "ключ"]) {
      const res = await post(t.app, user, body("Bad key"), key);
      expect(res.statusCode, JSON.stringify(key)).toBe(400);
      expect(res.json().error.message).toMatch(/^idempotency-key must be 1 to 255 letters/);
    }
    expect(await titlesOf(t.app, user, "Bad key")).toEqual([]);
  });

  it("adds a task for each request without a key, as before", async () => {
    await post(t.app, user, body("Turn the heap"));
    await post(t.app, user, body("Turn the heap"));
    expect(await titlesOf(t.app, user, "Turn the heap")).toHaveLength(2);
  });

  it("treats a key older than a day as new", async () => {
    const key = randomUUID();
    const first = await post(t.app, user, body("Lime the lawn"), key);
    await t.database.db
      .updateTable("idempotency_keys")
      .set({ created_at: new Date(Date.now() - 25 * 3_600_000).toISOString() })
      .where("user_id", "=", user.id)
      .where("key", "=", key)
      .execute();
    const again = await post(t.app, user, body("Lime the lawn"), key);
    expect(again.statusCode).toBe(201);
    expect(again.json().id).not.toBe(first.json().id);
    expect(await titlesOf(t.app, user, "Lime the lawn")).toHaveLength(2);
  });

  it("documents the header and its answers on POST /api/tasks", async () => {
    const doc = (await t.app.inject({ method: "GET", url: "/api/openapi.json" })).json();
    const create = doc.paths["/api/tasks"].post;
    expect(create.parameters).toContainEqual(
      expect.objectContaining({
        in: "header",
        name: "idempotency-key",
        required: false,
        description: expect.stringContaining("Idempotent-Replayed: true"),
      }),
    );
    expect(Object.keys(create.responses)).toEqual(expect.arrayContaining(["201", "409", "422"]));
    const others = Object.entries(doc.paths as Record<string, Record<string, unknown>>).flatMap(
      ([path, ops]) =>
        Object.entries(ops as Record<string, { parameters?: { name: string }[] }>)
          .filter(([, op]) => op.parameters?.some((p) => p.name === "idempotency-key"))
          .map(([method]) => `${method} ${path}`),
    );
    expect(others).toEqual(["post /api/tasks"]);
  });

  it("waits for a claim still running, takes over an abandoned one, and says when to retry", async () => {
    const service = new IdempotencyService(t.database.db, pino({ level: "silent" }), 200);
    const fingerprint = fingerprintOf("POST", "/api/tasks", body("x"));
    const first = await service.claim(user.id, "k-running", fingerprint);
    expect(first).toHaveProperty("claim");
    // A repeat waits while the first runs, and gets its answer once it is kept.
    const repeat = service.claim(user.id, "k-running", fingerprint);
    if ("claim" in first) await service.finish(first.claim, 201, '{"id":"t-1"}');
    expect(await repeat).toEqual({ replay: { statusCode: 201, body: '{"id":"t-1"}' } });

    expect(await service.claim(user.id, "k-stuck", fingerprint)).toHaveProperty("claim");
    await expect(service.claim(user.id, "k-stuck", fingerprint)).rejects.toMatchObject({
      statusCode: 409,
      code: "request_in_progress",
      headers: { "retry-after": "1" },
    });
    // Its instance stopped mid-way: after two minutes the key is free again.
    await t.database.db
      .updateTable("idempotency_keys")
      .set({ created_at: new Date(Date.now() - 3 * 60_000).toISOString() })
      .where("key", "=", "k-stuck")
      .execute();
    expect(await service.claim(user.id, "k-stuck", fingerprint)).toHaveProperty("claim");
  });
});

describe("the sweep of old keys", () => {
  it("forgets keys older than a day at the first keyed request of an instance", async () => {
    const t = await createTestApp();
    try {
      const user = await signUp(t.app);
      const row = (key: string, hoursAgo: number) => ({
        user_id: user.id,
        key,
        fingerprint: "f",
        status_code: 201,
        body: "{}",
        created_at: new Date(Date.now() - hoursAgo * 3_600_000).toISOString(),
      });
      await t.database.db
        .insertInto("idempotency_keys")
        .values([row("old", 25), row("recent", 23)])
        .execute();
      expect((await post(t.app, user, body("Sweep"), randomUUID())).statusCode).toBe(201);
      const keys = await t.database.db
        .selectFrom("idempotency_keys")
        .select("key")
        .where("user_id", "=", user.id)
        .execute();
      expect(keys.map((k) => k.key).sort()).toEqual([expect.any(String), "recent"].sort());
      expect(keys.map((k) => k.key)).not.toContain("old");
    } finally {
      await t.close();
    }
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)("idempotent creates on two instances", () => {
  let two: Awaited<ReturnType<typeof twoInstancesOnPostgres>>;
  beforeAll(async () => {
    two = await twoInstancesOnPostgres();
  });
  afterAll(async () => {
    await two?.close();
  });

  it("adds one task when the same key reaches both instances, together or one after the other", async () => {
    const [a, b] = two.apps;
    const user = await signUp(a);
    const together = randomUUID();
    const answers = await Promise.all([
      post(a, user, body("Cover the dahlias"), together),
      post(b, user, body("Cover the dahlias"), together),
    ]);
    for (const res of answers) expect(res.statusCode, res.body).toBe(201);
    expect(answers[0].body).toBe(answers[1].body);
    expect(await titlesOf(a, user, "Cover the dahlias")).toHaveLength(1);

    const later = randomUUID();
    const first = await post(a, user, body("Lift the dahlias"), later);
    const repeat = await post(b, user, body("Lift the dahlias"), later);
    expect(repeat.headers["idempotent-replayed"]).toBe("true");
    expect(repeat.body).toBe(first.body);
    expect(await titlesOf(b, user, "Lift the dahlias")).toHaveLength(1);
  });
});
