import path from "node:path";
import SqliteDatabase from "better-sqlite3";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { PLANTED, tomatoBody } from "./support/garden";
import { killTree, waitUntilGone } from "./support/process-tree";
import { type ServerProcess, startServer } from "./support/server-process";
import { createDatabase } from "./support/test-database";
import { callOverHttp, signUpOverHttp } from "./support/users";

const WORKERS = 20;
const WRITE_MS = 1500;

interface Acknowledged {
  /** Tasks whose creation answered 201. */
  created: Set<string>;
  /** Tasks whose completion answered 200. */
  completed: Set<string>;
  /** Requests that had been sent but not answered when the server was killed. */
  inFlightAtKill: number;
}

/**
 * WORKERS concurrent clients create tasks on the plant and complete every third one; after
 * WRITE_MS the server's whole process tree gets SIGKILL while requests are still in flight.
 */
async function writeUntilKilled(server: ServerProcess, cookie: string, plantId: string) {
  const acked: Acknowledged = { created: new Set(), completed: new Set(), inFlightAtKill: 0 };
  let inFlight = 0;
  let killed = false;
  const send = async (method: string, url: string, body?: unknown) => {
    inFlight++;
    try {
      return await callOverHttp(server.url, cookie, method, url, body);
    } finally {
      inFlight--;
    }
  };
  const worker = async (w: number) => {
    for (let i = 0; !killed; i++) {
      try {
        const res = await send("POST", "/api/tasks", {
          title: `Durable ${w}-${i}`,
          dueDate: PLANTED,
          plantId,
        });
        if (res.status !== 201) throw new Error(`POST /api/tasks answered ${res.status}`);
        const task = (await res.json()) as { id: string };
        acked.created.add(task.id);
        if (i % 3 === 0) {
          const done = await send("POST", `/api/tasks/${task.id}/complete`);
          if (done.status !== 200) throw new Error(`complete answered ${done.status}`);
          await done.json();
          acked.completed.add(task.id);
        }
      } catch (err) {
        if (killed) return; // the connection died with the server: not acknowledged
        throw err;
      }
    }
  };
  const workers = Array.from({ length: WORKERS }, (_, w) => worker(w));
  await new Promise((r) => setTimeout(r, WRITE_MS));
  acked.inFlightAtKill = inFlight;
  killed = true;
  const pids = killTree(server.child.pid as number, "SIGKILL");
  await Promise.all(workers);
  await waitUntilGone(pids);
  return acked;
}

type TaskRow = { id: string; status: string };

/** Every task of the signed-in gardener, through the API, page by page. */
async function tasksOverApi(base: string, cookie: string): Promise<TaskRow[]> {
  const tasks: TaskRow[] = [];
  for (const status of ["pending", "completed"]) {
    let cursor: string | null = null;
    do {
      const query: string = `status=${status}&limit=500${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`;
      const res = await callOverHttp(base, cookie, "GET", `/api/tasks?${query}`);
      expect(res.status, `GET /api/tasks?${query}`).toBe(200);
      const page = (await res.json()) as { tasks: TaskRow[]; nextCursor: string | null };
      tasks.push(...page.tasks);
      cursor = page.nextCursor;
    } while (cursor);
  }
  return tasks;
}

/** Every acknowledged write is there: each created task exists, each completion stuck. */
function expectAllThere(acked: Acknowledged, rows: TaskRow[], where: string) {
  const status = new Map(rows.map((r) => [r.id, r.status]));
  const lost = [...acked.created].filter((id) => !status.has(id));
  const uncompleted = [...acked.completed].filter((id) => status.get(id) !== "completed");
  expect(lost, `${where}: acknowledged tasks missing after the crash`).toEqual([]);
  expect(uncompleted, `${where}: acknowledged completions undone after the crash`).toEqual([]);
}

/** Starts the server, writes under load, kills it, and restarts it on the same data. */
async function crashAndRestart(
  env: Record<string, string>,
  checkAfterKill: (acked: Acknowledged, killed: ServerProcess) => Promise<void>,
) {
  const first = await startServer(env);
  let second: ServerProcess | undefined;
  try {
    const cookie = await signUpOverHttp(first.url, "durable");
    const plantRes = await callOverHttp(first.url, cookie, "POST", "/api/plants", tomatoBody());
    expect(plantRes.status).toBe(201);
    const plantId = ((await plantRes.json()) as { plant: { id: string } }).plant.id;

    const acked = await writeUntilKilled(first, cookie, plantId);
    expect(acked.created.size, "tasks acknowledged before the kill").toBeGreaterThan(WORKERS);
    expect(acked.completed.size).toBeGreaterThan(0);
    expect(acked.inFlightAtKill, "requests in flight when the server was killed").toBeGreaterThan(
      0,
    );
    await checkAfterKill(acked, first);

    second = await startServer({ ...env, TENDRIL_DATA_DIR: first.dataDir });
    const me = await callOverHttp(second.url, cookie, "GET", "/api/me");
    expect(me.status, "the acknowledged sign-up's session survives the crash").toBe(200);
    expectAllThere(acked, await tasksOverApi(second.url, cookie), "through the restarted server");
  } finally {
    await second?.stop();
    killTree(first.child.pid as number, "SIGKILL");
  }
}

describe("acknowledged writes survive a SIGKILL of the production server", () => {
  it("on SQLite: every acknowledged write is there and the file passes integrity_check", async () => {
    await crashAndRestart({}, async (acked, killed) => {
      // Before the restart: the file as the killed process left it (WAL and all).
      const file = path.join(killed.dataDir, "tendril.sqlite");
      const db = new SqliteDatabase(file, { readonly: true });
      try {
        expect(db.pragma("integrity_check", { simple: true })).toBe("ok");
        expect(db.pragma("foreign_key_check")).toEqual([]);
        const rows = db.prepare("select id, status from tasks").all() as TaskRow[];
        expectAllThere(acked, rows, `in ${file}`);
      } finally {
        db.close();
      }
    });
  }, 120_000);

  it.runIf(process.env.TEST_DATABASE_URL)(
    "on PostgreSQL: every acknowledged write is there",
    async () => {
      // An empty database of its own: the server migrates it at its first start, as in production.
      const { name, url, release } = await createDatabase("empty");
      try {
        await crashAndRestart({ DATABASE_URL: url }, async (acked) => {
          const client = new pg.Client({ connectionString: url });
          await client.connect();
          try {
            const { rows } = await client.query<TaskRow>(
              "select id, status from tasks where id = any($1)",
              [[...acked.created]],
            );
            expect(rows.length, "acknowledged tasks found in PostgreSQL").toBe(acked.created.size);
            expectAllThere(acked, rows, `in database ${name}`);
            const count = await client.query<{ n: number }>("select count(*)::int as n from tasks");
            expect(count.rows[0]?.n).toBeGreaterThanOrEqual(acked.created.size);
          } finally {
            await client.end();
          }
        });
      } finally {
        await release();
      }
    },
    120_000,
  );
});
