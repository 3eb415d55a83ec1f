import type { AddressInfo } from "node:net";
import type { FastifyInstance } from "fastify";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openEventStream } from "./support/event-stream";
import { client, utcToday } from "./support/garden";
import { twoInstancesOnPostgres } from "./support/test-app";
import { cookieHeader, signIn, signUp } from "./support/users";

const url = process.env.TEST_DATABASE_URL;
/** testConfig's PUBLIC_URL: better-auth wants it as the Origin of a sign-out. */
const ORIGIN = "http://localhost:3000";

/** Polls until `done` holds; the test's own timeout decides when waiting has failed. */
async function until(done: () => boolean | Promise<boolean>): Promise<void> {
  while (!(await done())) await new Promise((resolve) => setTimeout(resolve, 50));
}

/** Runs one statement on a connection of its own (not one of the apps'). */
async function asAdmin<Row extends pg.QueryResultRow>(text: string, values: unknown[]) {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    return (await admin.query<Row>(text, values)).rows;
  } finally {
    await admin.end();
  }
}

const listenerBackends = (applicationName: string) =>
  asAdmin<{ pid: number }>(
    `select pid from pg_stat_activity
      where application_name = $1 and state = 'idle' and query ilike 'listen %'`,
    [applicationName],
  );

/**
 * Makes the pool's next connections wait until `release()`, as if the database could not be
 * reached: the instance's listener cannot come back while another instance writes. `attempted`
 * resolves on the first try, which shows the instance noticed its listener was gone.
 */
function holdConnections(pool: pg.Pool) {
  const connect = pool.connect.bind(pool);
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  let attempt = () => {};
  const attempted = new Promise<void>((resolve) => (attempt = resolve));
  pool.connect = (async () => {
    attempt();
    await released;
    return connect();
  }) as typeof pool.connect;
  return {
    attempted,
    release() {
      pool.connect = connect;
      release();
    },
  };
}

async function listen(app: FastifyInstance): Promise<string> {
  await app.listen({ port: 0, host: "127.0.0.1" });
  return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
}

type Titled = { title: string };

/**
 * Issue 21 item 5: NOTIFYs sent while an instance's LISTEN connection is down never reach it.
 * Whatever it cached from before the gap, or learned of only through events, must not outlive it.
 */
describe.runIf(url)("two instances on PostgreSQL, one losing its LISTEN connection", () => {
  let two: Awaited<ReturnType<typeof twoInstancesOnPostgres>>;
  beforeAll(async () => {
    two = await twoInstancesOnPostgres();
  });
  afterAll(async () => {
    await two?.close();
  });

  it("B shows writes, sign-outs and a fresh stream after changes it could not hear", async () => {
    const [a, b] = two.apps;
    const [, bName] = two.applicationNames;
    const bPool = two.databases[1].pool as pg.Pool;

    const user = await signUp(a);
    const onA = client(a, user.cookie);
    const onB = client(b, user.cookie);
    const titles = async () =>
      ((await onB.get("/api/tasks?status=pending")).json().tasks as Titled[]).map((t) => t.title);
    // A second device whose session is signed out on A during the gap.
    const second = await signIn(a, user.email, user.password);
    const device = cookieHeader(second.headers["set-cookie"]);
    const meOnB = async () =>
      (await b.inject({ method: "GET", url: "/api/me", headers: { cookie: device } })).statusCode;

    // B caches the empty task list and the device's session, and streams the user's changes.
    expect(await titles()).toEqual([]);
    expect(await titles()).toEqual([]);
    expect(await meOnB()).toBe(200);
    const stream = await openEventStream(`${await listen(b)}/api/events`, user.cookie);
    try {
      expect(stream.status).toBe(200);

      const held = holdConnections(bPool);
      const [listener] = await listenerBackends(bName);
      expect(listener, "B's LISTEN backend").toBeDefined();
      await asAdmin("select pg_terminate_backend($1)", [listener?.pid]);
      await held.attempted;

      // While B cannot listen: A's writes and sign-out are NOTIFYed to nobody on B.
      expect(
        (await onA.post("/api/tasks", { title: "Sow peas", dueDate: utcToday() })).statusCode,
      ).toBe(201);
      const out = await a.inject({
        method: "POST",
        url: "/api/auth/sign-out",
        headers: { cookie: device, origin: ORIGIN },
      });
      expect(out.statusCode).toBe(200);

      held.release();
      await until(async () => (await listenerBackends(bName)).length === 1);

      expect.soft(await titles(), "B's task list once it listens again").toEqual(["Sow peas"]);
      expect.soft(await meOnB(), "the signed-out device on B").toBe(401);
      // The stream missed the task.created: it is ended, so the browser reconnects and refetches.
      let ended = false;
      void stream.ended.then(() => (ended = true));
      await expect
        .poll(() => ended, { timeout: 10_000, message: "B ends the stream that missed changes" })
        .toBe(true);
      expect(stream.events).toEqual([]);
    } finally {
      stream.close();
    }
  });
});
