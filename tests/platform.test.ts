import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../src/server/app";
import { openDatabase } from "../src/server/db/connection";
import { migrateToLatest, migrationNames } from "../src/server/db/migrate";
import { tablesOf } from "./support/tables";
import {
  bothEngines,
  createTestApp,
  openTestDatabase,
  type TestApp,
  testConfig,
} from "./support/test-app";
import { createDatabase } from "./support/test-database";

const TABLES = [
  "user",
  "session",
  "account",
  "verification",
  "rateLimit",
  "profile",
  "plants",
  "tasks",
  "milestones",
  "chats",
  "messages",
  "workflows",
  "workflow_items",
  "identifications",
  "usage",
  "weather_cache",
  "app_settings",
  "push_subscriptions",
  "reminder_sends",
  "reminder_channels",
  "calendar_tokens",
  "api_tokens",
  "areas",
  "area_plantings",
  "task_skips",
  "harvests",
  "journal_entries",
  "journal_photos",
];

describe.each(bothEngines)("platform on %s", (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ dialect });
  });
  afterAll(async () => {
    await t.close();
  });

  it("creates the whole data model, and migrating again changes nothing", async () => {
    const tables = [...(await tablesOf(t.database)).keys()];
    expect(tables).toEqual(expect.arrayContaining(TABLES));
    expect(await migrateToLatest(t.database.db)).toEqual([]);
  });

  it("answers health and readiness", async () => {
    expect((await t.app.inject({ method: "GET", url: "/api/health" })).json()).toEqual({
      status: "ok",
    });
    expect((await t.app.inject({ method: "GET", url: "/api/ready" })).json()).toEqual({
      status: "ready",
      database: dialect,
    });
  });

  it("tags every response with a request id, keeping the caller's", async () => {
    const given = await t.app.inject({
      method: "GET",
      url: "/api/health",
      headers: { "x-request-id": "abc-123" },
    });
    expect(given.headers["x-request-id"]).toBe("abc-123");
    const made = await t.app.inject({ method: "GET", url: "/api/health" });
    expect(made.headers["x-request-id"]).toMatch(/^[0-9a-f-]{36}$/);
    // Refusals too: an unknown route, a foreign origin.
    for (const res of [
      await t.app.inject({ method: "GET", url: "/api/nowhere" }),
      await t.app.inject({
        method: "POST",
        url: "/api/tasks",
        headers: { origin: "https://evil.example" },
        payload: {},
      }),
    ]) {
      expect(res.statusCode).toBeGreaterThanOrEqual(400);
      expect(res.headers["x-request-id"]).toMatch(/^[0-9a-f-]{36}$/);
      expect(res.headers["x-content-type-options"]).toBe("nosniff");
      expect(res.headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
    }
  });

  it("enforces foreign keys", async () => {
    const insertOrphan = t.database.db
      .insertInto("tasks")
      .values({ id: "t1", user_id: "nobody", title: "Water", created_at: new Date().toISOString() })
      .execute();
    await expect(insertOrphan).rejects.toThrow();
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)("instances starting together on PostgreSQL", () => {
  it("take turns migrating one fresh database", async () => {
    const { url, release } = await createDatabase("empty");
    const handles = [0, 1, 2].map(() => openDatabase({ databaseUrl: url, dataDir: os.tmpdir() }));
    try {
      const applied = await Promise.all(handles.map((h) => migrateToLatest(h.db)));
      // Each migration ran once, on one of the three, in order.
      expect(applied.flat()).toEqual(migrationNames);
    } finally {
      for (const h of handles) await h.db.destroy();
      await release();
    }
  });
});

describe("API rate limit", () => {
  it("answers 429 rate_limited with Retry-After past the per-address ceiling, sparing health checks", async () => {
    const t = await createTestApp({ env: { API_RATE_LIMIT_MAX: "3" } });
    try {
      const get = (url: string, remoteAddress = "10.9.9.9") =>
        t.app.inject({ method: "GET", url, remoteAddress });
      const first = await get("/api/catalogue/crops?q=to");
      expect(first.headers["x-ratelimit-remaining"]).toBeUndefined();
      const codes = [first.statusCode];
      for (let i = 0; i < 3; i++) codes.push((await get("/api/catalogue/crops?q=to")).statusCode);
      expect(codes).toEqual([200, 200, 200, 429]);
      const limited = await get("/api/catalogue/crops?q=to");
      expect(limited.json().error.code).toBe("rate_limited");
      expect(limited.json().error.message).toMatch(
        /^Too many requests from this address\. Try again in /,
      );
      expect(Number(limited.headers["retry-after"])).toBeGreaterThan(0);
      expect(limited.headers["x-ratelimit-limit"]).toBe("3");
      expect(limited.headers["x-request-id"]).toMatch(/^[0-9a-f-]{36}$/);
      expect((await get("/api/health")).statusCode).toBe(200);
      expect((await get("/api/catalogue/crops?q=to", "10.9.9.10")).statusCode).toBe(200);
    } finally {
      await t.close();
    }
  });
});

describe("errors", () => {
  it("answers JSON 404 for an unknown API route", async () => {
    const t = await createTestApp();
    const res = await t.app.inject({ method: "GET", url: "/api/nothing-here" });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({
      error: { code: "not_found", message: "No route GET /api/nothing-here." },
    });
    await t.close();
  });

  it("never leaks internals in a 500", async () => {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), "tendril-test-"));
    const { database, release } = await openTestDatabase("sqlite", dataDir);
    const app = await buildApp(testConfig(dataDir), { database });
    app.get("/api/explode", async () => {
      throw new Error("secret connection string postgres://admin:hunter2@db");
    });
    const res = await app.inject({ method: "GET", url: "/api/explode" });
    expect(res.statusCode).toBe(500);
    expect(res.body).not.toContain("hunter2");
    expect(res.json()).toEqual({
      error: {
        code: "internal",
        message: "Something went wrong on our side. Please try again in a moment.",
      },
    });
    await app.close();
    await database.db.destroy();
    await release();
  });

  it("reports not ready when the database is gone", async () => {
    const t = await createTestApp();
    await sql`select 1`.execute(t.database.db);
    await t.database.db.destroy();
    const res = await t.app.inject({ method: "GET", url: "/api/ready" });
    expect(res.statusCode).toBe(503);
    expect(res.json().error).toEqual({
      code: "upstream_unavailable",
      message: "The database is not reachable.",
    });
    await t.app.close();
  });

  it("serves an OpenAPI description built from the schemas", async () => {
    const t = await createTestApp();
    const res = await t.app.inject({ method: "GET", url: "/api/openapi.json" });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(["/api/me", "/api/zones/{zip}", "/api/health"]),
    );
    expect(doc.paths["/api/me"].patch.requestBody).toBeDefined();
    await t.close();
  });
});
