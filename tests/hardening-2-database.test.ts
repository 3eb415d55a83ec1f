import { randomBytes } from "node:crypto";
import fs from "node:fs/promises";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import { sql } from "kysely";
import pg from "pg";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { IMPORT_BODY_LIMIT } from "../src/core/schemas/data-export";
import { buildApp } from "../src/server/app";
import { type DatabaseHandle, openDatabase } from "../src/server/db/connection";
import { describeConnectionFailure } from "../src/server/db/connection-failure";
import { migrateToLatest } from "../src/server/db/migrate";
import { captureLog } from "./support/capture-log";
import { client, tomatoBody } from "./support/garden";
import { runServer, startServer } from "./support/server-process";
import { bothEngines, createTestApp, testConfig } from "./support/test-app";
import { createDatabase } from "./support/test-database";
import { signUp } from "./support/users";

const url = process.env.TEST_DATABASE_URL;
const uniqueName = () => `tendril-h1-${randomBytes(5).toString("hex")}`;

/** Polls until `done` holds; the test's own timeout decides when waiting has failed. */
async function until(done: () => boolean | Promise<boolean>): Promise<void> {
  while (!(await done())) await new Promise((resolve) => setTimeout(resolve, 50));
}

/** Runs one statement on a connection of its own (not one of the app's). */
async function asAdmin<Row extends pg.QueryResultRow>(text: string, values: unknown[]) {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    return (await admin.query<Row>(text, values)).rows;
  } finally {
    await admin.end();
  }
}

/**
 * Ends the backends of the connections named `applicationName` (only one test's): all of them,
 * the pool's idle ones, or the realtime LISTEN connection (idle too between events).
 */
async function terminateBackends(applicationName: string, which: "all" | "idle pool" | "listener") {
  const rows = await asAdmin(
    `select pg_terminate_backend(pid) from pg_stat_activity
      where application_name = $1 and pid <> pg_backend_pid()
        and ($2 = 'all'
          or ($2 = 'idle pool' and state = 'idle' and query not ilike 'listen %')
          or ($2 = 'listener' and query ilike 'listen %'))`,
    [applicationName, which],
  );
  return rows.length;
}

async function backendsNamed(applicationName: string) {
  return asAdmin<{ state: string; query: string }>(
    "select state, query from pg_stat_activity where application_name = $1",
    [applicationName],
  );
}

/**
 * Issue 20 item 1: a PostgreSQL backend that ends (restart, failover, pg_terminate_backend,
 * idle_session_timeout, a firewall) must cost at most the query it was running, never the process.
 */
describe.runIf(url)("hardening 2, item 1: lost PostgreSQL connections on postgres", () => {
  // An uncaught error is what "the process exits" looks like inside vitest: collect them.
  const uncaught: unknown[] = [];
  const collect = (err: unknown) => uncaught.push(err);
  beforeAll(() => {
    process.on("uncaughtException", collect);
  });
  afterAll(() => {
    process.off("uncaughtException", collect);
  });

  let open: { close(): Promise<void> } | undefined;
  afterEach(async () => {
    await open?.close();
    open = undefined;
  });

  /**
   * The app on a database of its own; its connections carry a name only this test uses.
   * `routes` adds test-only routes before the app is ready.
   */
  async function appOnPostgres(
    settings: Record<string, string> = {},
    routes: (app: FastifyInstance, database: DatabaseHandle) => void = () => {},
  ) {
    const applicationName = uniqueName();
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), "tendril-h1-"));
    const own = await createDatabase("migrated");
    const capture = captureLog();
    const database: DatabaseHandle = openDatabase({
      databaseUrl: own.url,
      dataDir,
      pgSettings: { application_name: applicationName, ...settings },
      log: capture.log,
    });
    const app: FastifyInstance = await buildApp(testConfig(dataDir), { database });
    routes(app, database);
    await app.ready();
    const pool = database.pool as pg.Pool;
    const t = {
      app,
      database,
      databaseUrl: own.url,
      pool,
      capture,
      terminate: (which: Parameters<typeof terminateBackends>[1]) =>
        terminateBackends(applicationName, which),
      backends: () => backendsNamed(applicationName),
      async close() {
        await app.close();
        await database.db.destroy();
        await own.release();
        await fs.rm(dataDir, { recursive: true, force: true });
      },
    };
    open = t;
    return t;
  }

  /** Several requests at once, so the pool holds several idle clients afterwards. */
  async function busyGarden(app: FastifyInstance) {
    const user = await signUp(app);
    const api = client(app, user.cookie);
    expect((await api.post("/api/plants", tomatoBody())).statusCode).toBe(201);
    const lists = await Promise.all(Array.from({ length: 6 }, () => api.get("/api/plants")));
    expect(lists.map((res) => res.statusCode)).toEqual(Array(6).fill(200));
    return Object.assign(api, { userId: user.id });
  }

  it("terminating the idle pooled backends: the pool drops them, logs it, and the app answers", async () => {
    const t = await appOnPostgres();
    const api = await busyGarden(t.app);
    const idleBefore = t.pool.idleCount;
    expect(idleBefore).toBeGreaterThan(1);

    expect(await t.terminate("idle pool")).toBeGreaterThanOrEqual(idleBefore);
    await until(() => t.pool.idleCount === 0);

    expect(uncaught.map(String)).toEqual([]);
    expect((await api.get("/api/me")).statusCode).toBe(200);
    expect((await api.get("/api/plants")).json().plants).toHaveLength(1);
    const warnings = t.capture.lines().filter((line) => line.level === 40);
    expect(warnings.length).toBeGreaterThan(0);
    expect(warnings[0]?.msg).toMatch(/PostgreSQL connection/);
    expect(t.capture.text()).not.toContain("password");
  });

  it("a backend ended under a running query fails that query only; the next one works", async () => {
    const t = await appOnPostgres();
    const api = await busyGarden(t.app);
    const sleeping = sql`select pg_sleep(30)`.execute(t.database.db);
    const failed = sleeping.then(
      () => null,
      (err: Error) => err,
    );
    await until(async () =>
      (await t.backends()).some((b) => b.state === "active" && b.query.includes("pg_sleep")),
    );
    await t.terminate("all");

    expect((await failed)?.message).toMatch(/terminat/i);
    // Every idle client's backend was ended too; until the pool has seen each one close it could
    // still hand one out (a CI run caught that window). The LISTEN client is checked out, not idle.
    await until(() => t.pool.idleCount === 0 && t.pool.totalCount <= 1);
    expect(uncaught.map(String)).toEqual([]);
    expect((await api.get("/api/plants")).statusCode).toBe(200);
  });

  it("a request whose query is cut off answers 503 unavailable with Retry-After; the next one works", async () => {
    // A route whose query is still running when its backend is ended (pg_sleep holds it there).
    const t = await appOnPostgres({}, (app, database) => {
      app.get("/api/test-only/slow-query", async () => {
        await sql`select pg_sleep(30)`.execute(database.db);
        return { finished: true };
      });
    });
    const api = await busyGarden(t.app);
    const slow = t.app.inject({ method: "GET", url: "/api/test-only/slow-query" });
    await until(async () =>
      (await t.backends()).some((b) => b.state === "active" && b.query.includes("pg_sleep")),
    );
    await t.terminate("all");

    const res = await slow;
    expect(res.statusCode).toBe(503);
    expect(res.headers["retry-after"]).toBe("5");
    expect(res.json()).toEqual({
      error: {
        code: "unavailable",
        message: "The database connection was lost. Try again in a few seconds.",
      },
    });
    await until(() => t.pool.idleCount === 0 && t.pool.totalCount <= 1);
    expect((await api.get("/api/plants")).statusCode).toBe(200);
    expect(uncaught.map(String)).toEqual([]);
  });

  it("a session lookup cut off answers 503 too (better-auth wraps the driver's error)", async () => {
    const t = await appOnPostgres();
    const user = await signUp(t.app);
    // Holds the session table, so the first request's session lookup (none is cached yet) waits
    // in PostgreSQL until its backend is ended.
    const holder = new pg.Client({ connectionString: t.databaseUrl });
    await holder.connect();
    try {
      await holder.query("begin");
      await holder.query('lock table "session" in access exclusive mode');
      const me = t.app.inject({ method: "GET", url: "/api/me", headers: { cookie: user.cookie } });
      await until(async () =>
        (await t.backends()).some((b) => b.state === "active" && b.query.includes('"session"')),
      );
      await t.terminate("all");
      const res = await me;
      expect(res.statusCode).toBe(503);
      expect(res.headers["retry-after"]).toBe("5");
      expect(res.json().error.code).toBe("unavailable");
    } finally {
      await holder.query("rollback");
      await holder.end();
    }
    await until(() => t.pool.idleCount === 0 && t.pool.totalCount <= 1);
    const again = await t.app.inject({
      method: "GET",
      url: "/api/me",
      headers: { cookie: user.cookie },
    });
    expect(again.statusCode).toBe(200);
    expect(uncaught.map(String)).toEqual([]);
  });

  it("a short idle_session_timeout on every connection: the server keeps answering past it", async () => {
    // Set per connection (never on the shared database): PostgreSQL ends each idle backend after 1 s.
    const t = await appOnPostgres({ idle_session_timeout: "1000" });
    const api = await busyGarden(t.app);
    expect(t.pool.idleCount).toBeGreaterThan(1);

    await until(() => t.pool.idleCount === 0);

    expect(uncaught.map(String)).toEqual([]);
    expect((await api.get("/api/me")).statusCode).toBe(200);
    expect((await api.get("/api/plants")).json().plants).toHaveLength(1);
  });

  it("the realtime LISTEN connection, once terminated, comes back and delivers changes again", async () => {
    const t = await appOnPostgres();
    const { userId } = await busyGarden(t.app);
    const listening = async () =>
      (await t.backends()).some((b) => b.state === "idle" && /^listen /i.test(b.query));
    expect(await listening()).toBe(true);

    expect(await t.terminate("listener")).toBe(1);
    await until(listening);

    const seen: string[] = [];
    t.app.changes.subscribeAll((event) => seen.push(event.id));
    await until(async () => {
      await t.app.changes.publish({ userId, type: "plant.updated", id: "after-reconnect" });
      await new Promise((resolve) => setTimeout(resolve, 100));
      return seen.includes("after-reconnect");
    });
    expect(uncaught.map(String)).toEqual([]);
  });

  it("the real server process (npm start) outlives its backends being terminated", async () => {
    // Where "the process exits" is literal. The connections' name rides on the URL.
    const applicationName = uniqueName();
    const own = await createDatabase("migrated");
    const databaseUrl = new URL(own.url);
    databaseUrl.searchParams.set("options", `-c application_name=${applicationName}`);
    try {
      const server = await startServer({ DATABASE_URL: databaseUrl.toString() });
      const headers = { "content-type": "application/json", origin: server.url };
      const signUp = await fetch(`${server.url}/api/auth/sign-up/email`, {
        method: "POST",
        headers,
        body: JSON.stringify({ email: "h1@example.com", password: "long enough pw", name: "H1" }),
      });
      expect(signUp.status).toBe(200);
      const cookie = signUp.headers
        .getSetCookie()
        .map((c) => c.split(";")[0])
        .join("; ");
      const plants = () => fetch(`${server.url}/api/plants`, { headers: { cookie } });
      await Promise.all(Array.from({ length: 6 }, plants));

      expect(await terminateBackends(applicationName, "all")).toBeGreaterThan(1);
      await until(
        () => server.child.exitCode !== null || server.output().includes("lost a PostgreSQL"),
      );

      expect(server.child.exitCode).toBeNull();
      expect((await plants()).status).toBe(200);
      expect(server.output()).not.toContain("Unhandled 'error' event");
      expect(await server.stop()).toBe(0);
    } finally {
      await own.release();
    }
  });
});

/** Issue 20 item 11a: the 413 of an import names the limit the route applies. */
describe.each(bothEngines)("hardening 2, item 11: error texts on %s", (dialect) => {
  it("an import file just over the limit gets 413 naming the real limit (64 MB)", async () => {
    const t = await createTestApp({ dialect });
    try {
      const user = await signUp(t.app);
      const res = await t.app.inject({
        method: "POST",
        url: "/api/import",
        headers: { cookie: user.cookie, "content-type": "application/json" },
        payload: Buffer.alloc(IMPORT_BODY_LIMIT + 1, " "),
      });
      expect(res.statusCode).toBe(413);
      expect(res.json().error.message).toBe("An import file may be at most 64 MB.");
    } finally {
      await t.close();
    }
  });
});

/** Issue 20 item 11b: a DATABASE_URL that cannot work stops start-up with one line naming it. */
describe("hardening 2, item 11: a bad DATABASE_URL at start-up", () => {
  /** Runs `npm start`'s entry point; resolves with its exit code and what it wrote to stderr. */
  async function start(databaseUrl: string) {
    const run = runServer({ DATABASE_URL: databaseUrl, TENDRIL_DATA_DIR: os.tmpdir(), PORT: "0" });
    let stderr = "";
    run.child.stderr?.on("data", (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    const code = await run.exited;
    return { code, stderr, output: run.output() };
  }

  it.each([
    [
      "a closed port",
      "postgres://u:secret@127.0.0.1:1/x",
      "Tendril cannot start. DATABASE_URL: cannot connect to PostgreSQL at 127.0.0.1:1 (connection refused). Check the host and port, and that PostgreSQL is running.",
    ],
    [
      "an unparsable URL",
      "postgres://u:secret@[bad",
      /^Tendril cannot start\. Invalid configuration:\n {2}DATABASE_URL: DATABASE_URL is not a valid URL: .+ \(got "postgres:\/\/u:\*\*\*@\[bad"\)$/,
    ],
  ])(
    "%s: exits non-zero, says what is wrong on stderr, no password, no stack",
    async (_case, databaseUrl, expected) => {
      const { code, stderr, output } = await start(databaseUrl);
      expect(code).not.toBe(0);
      if (typeof expected === "string") expect(stderr.trim()).toBe(expected);
      else expect(stderr.trim()).toMatch(expected);
      expect(stderr.split("\n").filter((line) => line.includes("DATABASE_URL"))).toHaveLength(1);
      expect(output).not.toContain("secret");
      expect(output).not.toContain("    at ");
    },
  );

  describe.runIf(url)("the failures PostgreSQL itself gives, each told on one line", () => {
    /** What start-up would print for `databaseUrl`: the app's own pool, its first query. */
    async function startupLine(databaseUrl: string) {
      const database = openDatabase({ databaseUrl, dataDir: os.tmpdir() });
      try {
        await migrateToLatest(database.db);
        return "connected";
      } catch (err) {
        return describeConnectionFailure(err, databaseUrl) ?? `not described: ${String(err)}`;
      } finally {
        await database.db.destroy();
      }
    }
    const onTestServer = (change: (target: URL) => void) => {
      const target = new URL(url ?? "");
      change(target);
      return target.toString();
    };

    it("an unknown database (3D000)", async () => {
      const line = await startupLine(
        onTestServer((target) => {
          target.pathname = "/tendril_h1_missing";
        }),
      );
      expect(line).toMatch(
        /^DATABASE_URL: PostgreSQL at .+ has no database "tendril_h1_missing"\./,
      );
    });

    it("an unknown role (28000)", async () => {
      const line = await startupLine(
        onTestServer((target) => {
          target.username = "tendril_h1_nobody";
          target.password = "secret";
        }),
      );
      expect(line).toMatch(/^DATABASE_URL: PostgreSQL at .+ refused user "tendril_h1_nobody" \(/);
      expect(line).not.toContain("secret");
    });

    it("sslmode=require on a server without SSL", async () => {
      const line = await startupLine(
        onTestServer((target) => target.searchParams.set("sslmode", "require")),
      );
      // CI's PostgreSQL may have SSL on: then this URL simply works.
      expect([
        "connected",
        expect.stringMatching(/does not support SSL connections\./),
      ]).toContainEqual(line);
    });

    it("an unknown host", async () => {
      const line = await startupLine(
        onTestServer((target) => {
          target.hostname = "tendril-h1.invalid";
        }),
      );
      expect(line).toMatch(
        /^DATABASE_URL: cannot connect to PostgreSQL at tendril-h1\.invalid:\d+ \(host name not found\)/,
      );
    });
  });

  it("a server that never answers: pg's connection timeout is told as such", async () => {
    // Accepts the connection and says nothing, as a black-holing firewall or a wrong port would.
    const silent = net.createServer(() => {});
    await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
    const { port } = silent.address() as net.AddressInfo;
    const databaseUrl = `postgres://u:secret@127.0.0.1:${port}/x`;
    // The client option the app's pool sets (CONNECT_TIMEOUT_MS), shortened.
    const connection = new pg.Client({
      connectionString: databaseUrl,
      connectionTimeoutMillis: 200,
    });
    try {
      const err = await connection.connect().then(
        () => null,
        (error: unknown) => error,
      );
      expect(describeConnectionFailure(err, databaseUrl)).toBe(
        `DATABASE_URL: cannot connect to PostgreSQL at 127.0.0.1:${port} (no answer within 10 s). Check the host and port, and any firewall in between.`,
      );
    } finally {
      silent.close();
    }
  });
});
