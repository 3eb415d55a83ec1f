import { randomBytes, randomUUID } from "node:crypto";
import fs from "node:fs/promises";
import { Session } from "node:inspector/promises";
import path from "node:path";
import { monitorEventLoopDelay, PerformanceObserver } from "node:perf_hooks";
import pg from "pg";
import suggestions from "../../data/crops/suggestions.json";
import { addDays, newTask } from "../../src/core/garden";
import { mediumValues } from "../../src/core/schemas/plant";
import { buildApp } from "../../src/server/app";
import { loadConfig } from "../../src/server/config";
import { openDatabase } from "../../src/server/db/connection";
import { taskRow } from "../../src/server/features/garden/rows";
import { insertTasks } from "../../src/server/features/garden/tasks-repository";
import type { ServerCommand } from "./children";

/**
 * The Tendril app on a fresh SQLite database in `dataDir` (or, with `--postgres <url>`, in a new
 * schema load_<random> of that PostgreSQL database, dropped again on exit), seeded through its own
 * API and repositories with one gardener, PLANTS plants and TASKS tasks, listening on a random
 * loopback port. Prints {port, cookie, plantId, …} as one JSON line once ready, and writes every
 * plant id and the pending task ids to `dataDir`/seed.json for the load script.
 *
 * When started with an IPC channel (children.ts), it answers ServerCommands: its memory, and a CPU
 * profile of just the load. It stops when its stdin closes.
 */
const PLANTS = 1000;
const TASKS = 20_000;
const [dataDir, flag, databaseUrl] = process.argv.slice(2);
if (!dataDir || (flag && (flag !== "--postgres" || !databaseUrl))) {
  throw new Error("usage: app-server.ts <data dir> [--postgres <url>]");
}

/** Runs one statement on its own connection (schema creation and removal). */
async function runStatement(url: string, statement: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}
const pgSchema = databaseUrl ? `load_${randomBytes(6).toString("hex")}` : undefined;
if (databaseUrl) await runStatement(databaseUrl, `create schema ${pgSchema}`);
const dropSchema = async () => {
  if (databaseUrl) await runStatement(databaseUrl, `drop schema if exists ${pgSchema} cascade`);
};
/** Set once the app is built. */
let closeApp: (() => Promise<void>) | null = null;
let shuttingDown = false;
/** Closes the app and drops the PostgreSQL schema, however this process is asked to end. */
async function shutdown(code: number) {
  if (shuttingDown) return;
  shuttingDown = true;
  for (const step of [closeApp, dropSchema]) {
    try {
      await step?.();
    } catch (err) {
      console.error(err);
    }
  }
  process.exit(code);
}
// A failed seeding, or Ctrl-C (which reaches this process too), leaves no schema behind either.
process.once("uncaughtException", (err) => {
  console.error(err);
  void shutdown(1);
});
process.on("SIGINT", () => void shutdown(130));
process.on("SIGTERM", () => void shutdown(143));

const config = loadConfig({
  NODE_ENV: "production",
  LOG_LEVEL: "warn",
  // The bench is one client hammering one server: the per-address API ceiling would cut it short.
  API_RATE_LIMIT_MAX: "100000000",
  IDENTIFY_PER_MINUTE: "100000000",
  TENDRIL_DATA_DIR: dataDir,
  ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  PUBLIC_URL: "http://127.0.0.1",
  WEB_DIST_DIR: path.join(dataDir, "no-web-build"),
});
const database = openDatabase({ databaseUrl, dataDir, pgSchema });
const app = await buildApp(config, { database });
closeApp = async () => {
  await app.close();
  // Requests whose client has gone (the load generator drops its sockets when time is up) may
  // still be waiting for the database: let them finish before it closes.
  await new Promise((resolve) => setTimeout(resolve, 2000));
  await database.db.destroy();
};

const email = `bench-${randomUUID()}@example.com`;
const password = "bench password 1234";
const signUp = await app.inject({
  method: "POST",
  url: "/api/auth/sign-up/email",
  payload: { email, password, name: "Bench Gardener" },
});
if (signUp.statusCode !== 200) throw new Error(`sign-up failed: ${signUp.body}`);
const userId: string = signUp.json().user.id;
const cookieOf = (setCookie: string | string[] | undefined) =>
  (Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : [])
    .map((c) => c.split(";")[0])
    .join("; ");
let cookie = cookieOf(signUp.headers["set-cookie"]);

const today = new Date().toISOString().slice(0, 10);
const plantIds: string[] = [];
for (let i = 0; i < PLANTS; i++) {
  const slug = suggestions.growAlong[i % suggestions.growAlong.length];
  const res = await app.inject({
    method: "POST",
    url: "/api/plants",
    headers: { cookie },
    payload: {
      name: `${slug} ${i + 1}`,
      cropSlug: slug,
      medium: mediumValues[i % mediumValues.length],
      place: i % 2 ? "indoor" : "outdoor",
      lights: i % 3 ? "sun" : "led",
      plantingDate: addDays(today, -(i % 120)),
    },
  });
  if (res.statusCode !== 201) throw new Error(`seeding plant ${i} failed: ${res.body}`);
  plantIds.push(res.json().plant.id);
}

// Top up to TASKS with the app's own task rules and repository: due dates spread over four
// months around today, a quarter of them already done.
const { count } = await database.db
  .selectFrom("tasks")
  .select((eb) => eb.fn.countAll<number>().as("count"))
  .executeTakeFirstOrThrow();
const nowIso = new Date().toISOString();
const extra = Array.from({ length: TASKS - Number(count) }, (_, i) => {
  const task = newTask(
    {
      title: `Check plant (${i + 1})`,
      plantId: plantIds[i % PLANTS] ?? null,
      dueDate: addDays(today, (i % 120) - 60),
      repeatEveryDays: i % 5 === 0 ? 7 : null,
    },
    { id: randomUUID(), nowIso, today },
  );
  return i % 4 === 0 ? { ...task, status: "completed" as const, completedAt: nowIso } : task;
});
await insertTasks(
  database.db,
  extra.map((task) => taskRow(task, userId)),
);
const pendingTaskIds = (
  await database.db
    .selectFrom("tasks")
    .select("id")
    .where("user_id", "=", userId)
    .where("status", "=", "pending")
    .execute()
).map((row) => row.id);
await fs.writeFile(path.join(dataDir, "seed.json"), JSON.stringify({ plantIds, pendingTaskIds }));

// A fresh sign-in, so the session cookie cache is valid for the whole measurement.
const signIn = await app.inject({
  method: "POST",
  url: "/api/auth/sign-in/email",
  payload: { email, password },
});
cookie = cookieOf(signIn.headers["set-cookie"]) || cookie;

await app.listen({ host: "127.0.0.1", port: 0 });
const address = app.server.address();
const port = typeof address === "object" ? address?.port : 0;
process.stdout.write(
  `${JSON.stringify({
    port,
    cookie,
    plantId: plantIds[0],
    plants: PLANTS,
    tasks: TASKS,
    database: databaseUrl ? `PostgreSQL schema ${pgSchema}` : "SQLite",
  })}\n`,
);

// How long the event loop stalls, and how much of that is garbage collection.
const loopDelay = monitorEventLoopDelay({ resolution: 10 });
loopDelay.enable();
let gcMs = 0;
let gcMaxMs = 0;
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) {
    gcMs += entry.duration;
    gcMaxMs = Math.max(gcMaxMs, entry.duration);
  }
}).observe({ entryTypes: ["gc"] });

let profiler: Session | null = null;
async function answer(message: ServerCommand): Promise<unknown> {
  switch (message.command) {
    case "stats": {
      const { rss, heapUsed, heapTotal, external } = process.memoryUsage();
      const { user, system } = process.cpuUsage();
      const stats = {
        rss,
        heapUsed,
        heapTotal,
        external,
        cpuUs: user + system,
        loopDelayP99Ms: loopDelay.percentile(99) / 1e6,
        loopDelayMaxMs: loopDelay.max / 1e6,
        gcMs,
        gcMaxMs,
      };
      if (message.reset) {
        loopDelay.reset();
        gcMs = 0;
        gcMaxMs = 0;
      }
      return stats;
    }
    case "profile-start": {
      profiler = new Session();
      profiler.connect();
      await profiler.post("Profiler.enable");
      await profiler.post("Profiler.start");
      return null;
    }
    case "profile-stop": {
      if (!profiler) throw new Error("no profile was started");
      const { profile } = await profiler.post("Profiler.stop");
      profiler.disconnect();
      profiler = null;
      await fs.writeFile(message.file, JSON.stringify(profile));
      return message.file;
    }
  }
}
process.on("message", (message: ServerCommand & { id: number }) => {
  answer(message).then(
    (result) => process.send?.({ id: message.id, answer: result }),
    (err: unknown) => process.send?.({ id: message.id, error: String(err) }),
  );
});
// The IPC channel must not keep this process alive: it ends with its stdin.
process.channel?.unref();

process.stdin.on("close", () => void shutdown(0));
process.stdin.resume();
