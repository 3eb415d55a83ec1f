import { randomUUID } from "node:crypto";
import path from "node:path";
import suggestions from "../../data/crops/suggestions.json";
import { addDays, newTask } from "../../src/core/garden";
import { mediumValues } from "../../src/core/schemas/plant";
import { buildApp } from "../../src/server/app";
import { loadConfig } from "../../src/server/config";
import { openDatabase } from "../../src/server/db/connection";
import { taskRow } from "../../src/server/features/garden/rows";
import { insertTasks } from "../../src/server/features/garden/tasks-repository";

/**
 * The Tendril app on a fresh SQLite database in `dataDir`, seeded through its own API and
 * repositories with one gardener, PLANTS plants and TASKS tasks, listening on a random loopback
 * port. Prints {port, cookie, plantId} as one JSON line once ready.
 */
const PLANTS = 1000;
const TASKS = 20_000;
const dataDir = process.argv[2];
if (!dataDir) throw new Error("usage: app-server.ts <data dir>");

const config = loadConfig({
  NODE_ENV: "production",
  LOG_LEVEL: "warn",
  // The bench is one client hammering one server: the per-address API ceiling would cut it short.
  API_RATE_LIMIT_MAX: "100000000",
  TENDRIL_DATA_DIR: dataDir,
  PUBLIC_URL: "http://127.0.0.1",
  WEB_DIST_DIR: path.join(dataDir, "no-web-build"),
});
const database = openDatabase(config);
const app = await buildApp(config, { database });

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
  `${JSON.stringify({ port, cookie, plantId: plantIds[0], plants: PLANTS, tasks: TASKS })}\n`,
);
process.stdin.on("close", async () => {
  await app.close();
  await database.db.destroy();
  process.exit(0);
});
process.stdin.resume();
