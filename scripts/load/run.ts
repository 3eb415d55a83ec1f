import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type autocannon from "autocannon";
import pg from "pg";
import { type ServerChild, type ServerStats, startServer, stopServers } from "../bench/children";
import { type LoadResult, type MixResult, runLoad } from "../bench/load";
import { printTable } from "../bench/table";

/**
 * `npm run load` (issue 15): one gardener hammering their own garden. Seeds the bench's garden
 * (1,000 plants, 20,000 tasks) on SQLite, then on PostgreSQL when one answers at
 * TEST_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test, in a schema of its own that
 * is dropped afterwards), and sends 80% reads and 20% writes on 50 keep-alive connections for
 * LOAD_SECONDS (default 60) after a short warm-up. Writes drop the gardener's cached reads, so
 * most reads take the uncached path. Prints errors, throughput, latency and the server's memory,
 * and the budget: ≥ 2,000 req/s and p99 ≤ 50 ms on SQLite, with no errors.
 *
 * Options: --sqlite or --postgres runs only that database; --profile[=dir] saves a CPU profile of
 * the server during the measured part (summarise it with scripts/load/profile-summary.ts);
 * LOAD_MIX=kind:weight,… replaces the mix (kinds below), e.g. to load one route.
 */
const CONNECTIONS = 50;
const SECONDS = positiveNumber("LOAD_SECONDS", 60);
const WARMUP_SECONDS = 5;
const BUDGET_RPS = 2000;
const BUDGET_P99_MS = 50;
const DEFAULT_PG_URL = "postgres://postgres@127.0.0.1:5432/test";

function positiveNumber(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === "") return fallback;
  const value = Number(raw);
  if (!(value > 0)) throw new Error(`${name} must be a positive number of seconds (got ${raw})`);
  return value;
}

interface Seeded {
  port: number;
  cookie: string;
  plants: number;
  tasks: number;
  database: string;
}

interface Seed {
  plantIds: string[];
  pendingTaskIds: string[];
}

interface Kind {
  name: string;
  label: string;
  write: boolean;
  /** Share of all requests, in percent. */
  weight: number;
  make(): { method: string; path: string; body?: unknown };
}

const today = new Date();
const dateIn = (days: number) =>
  new Date(today.getTime() + days * 86_400_000).toISOString().slice(0, 10);
const any = <T>(values: T[]): T => {
  const value = values[Math.floor(Math.random() * values.length)];
  if (value === undefined) throw new Error("nothing to pick from");
  return value;
};

/** What a gardener does in their own garden, by share of requests: 80% reads, 20% writes. */
function gardenerMix(seed: Seed): Kind[] {
  // Each completion takes a task still pending, in random order (completing twice is a no-op).
  const toComplete = [...seed.pendingTaskIds];
  for (let i = toComplete.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [toComplete[i], toComplete[j]] = [toComplete[j] as string, toComplete[i] as string];
  }
  let created = 0;
  return [
    {
      name: "tasks",
      label: "GET /api/tasks?status=pending",
      write: false,
      weight: 30,
      make: () => ({ method: "GET", path: "/api/tasks?status=pending" }),
    },
    {
      name: "plants",
      label: "GET /api/plants",
      write: false,
      weight: 15,
      make: () => ({ method: "GET", path: "/api/plants" }),
    },
    {
      // Not in the default mix (its figures stay comparable): LOAD_MIX=plants-summary:15,… asks
      // for the list as the web's garden list does.
      name: "plants-summary",
      label: "GET /api/plants?view=summary",
      write: false,
      weight: 0,
      make: () => ({ method: "GET", path: "/api/plants?view=summary" }),
    },
    {
      name: "plant",
      label: "GET /api/plants/:id",
      write: false,
      weight: 20,
      make: () => ({ method: "GET", path: `/api/plants/${any(seed.plantIds)}` }),
    },
    {
      name: "plant-tasks",
      label: "GET /api/tasks?plantId=…",
      write: false,
      weight: 15,
      make: () => ({ method: "GET", path: `/api/tasks?plantId=${any(seed.plantIds)}` }),
    },
    {
      name: "add-task",
      label: "POST /api/tasks",
      write: true,
      weight: 6,
      make: () => ({
        method: "POST",
        path: "/api/tasks",
        body: {
          title: `Load task ${++created}`,
          dueDate: dateIn(Math.floor(Math.random() * 30)),
          plantId: any(seed.plantIds),
        },
      }),
    },
    {
      name: "complete",
      label: "POST /api/tasks/:id/complete",
      write: true,
      weight: 5,
      make: () => ({
        method: "POST",
        path: `/api/tasks/${toComplete.pop() ?? any(seed.pendingTaskIds)}/complete`,
      }),
    },
    {
      name: "task-notes",
      label: "PATCH /api/tasks/:id",
      write: true,
      weight: 5,
      make: () => ({
        method: "PATCH",
        path: `/api/tasks/${any(seed.pendingTaskIds)}`,
        body: { notes: `Checked at ${new Date().toISOString()}` },
      }),
    },
    {
      name: "plant-notes",
      label: "PATCH /api/plants/:id",
      write: true,
      weight: 4,
      make: () => ({
        method: "PATCH",
        path: `/api/plants/${any(seed.plantIds)}`,
        body: { notes: `Watered at ${new Date().toISOString()}` },
      }),
    },
  ];
}

/** LOAD_MIX=kind:weight,… keeps only those kinds, with those weights. */
function chosenMix(kinds: Kind[]): Kind[] {
  const spec = process.env.LOAD_MIX;
  if (!spec) return kinds.filter((kind) => kind.weight > 0);
  return spec.split(",").map((part) => {
    const [name, weight] = part.split(":");
    const kind = kinds.find((k) => k.name === name);
    if (!kind || !(Number(weight) > 0)) {
      throw new Error(
        `LOAD_MIX: "${part}" is not kind:weight (kinds: ${kinds.map((k) => k.name).join(", ")})`,
      );
    }
    return { ...kind, weight: Number(weight) };
  });
}

/** One autocannon request whose setupRequest draws each next request from the mix. */
function mixRequest(kinds: Kind[], cookie: string): autocannon.Request {
  // Cumulative weights: a kind is drawn when a roll in [0, total) falls below its bound.
  const bounds: number[] = [];
  let total = 0;
  for (const kind of kinds) {
    total += kind.weight;
    bounds.push(total);
  }
  // What the web app's requests carry: the session cookie, and browsers always offer gzip. No
  // Origin header, so the origin check lets the writes through.
  const headers = { cookie, "accept-encoding": "gzip, deflate, br, zstd" };
  return {
    setupRequest(request, context) {
      const roll = Math.random() * total;
      const kind = kinds[bounds.findIndex((bound) => roll < bound)] ?? (kinds[0] as Kind);
      context.kind = kind.name;
      const { method, path, body } = kind.make();
      return {
        ...request,
        method,
        path,
        // A new object each time: autocannon adds Content-Length to it.
        headers:
          body === undefined ? { ...headers } : { ...headers, "content-type": "application/json" },
        body: body === undefined ? undefined : JSON.stringify(body),
      };
    },
  };
}

const fmt = (n: number, digits = 0) =>
  Number.isFinite(n)
    ? n.toLocaleString("en-US", { minimumFractionDigits: digits, maximumFractionDigits: digits })
    : "–";
const mb = (bytes: number) => `${fmt(bytes / 1024 / 1024, 1)} MB`;
const withoutPassword = (url: string) => url.replace(/\/\/([^:/@]+):[^@]*@/, "//$1:***@");

function printMix(kinds: Kind[], result: MixResult) {
  const rows: [string, LoadResult | undefined][] = [
    ...kinds.map((k): [string, LoadResult | undefined] => [k.label, result.kinds[k.name]]),
    ["all", result],
  ];
  const header = ["request", "share", "req/s", "p50 ms", "p99 ms", "max ms", "KB/resp", "errors"];
  const table = rows.map(([label, r]) => [
    label,
    r ? `${fmt((100 * r.requests) / result.requests, 1)}%` : "–",
    fmt(r?.rps ?? Number.NaN),
    fmt(r?.p50 ?? Number.NaN, 2),
    fmt(r?.p99 ?? Number.NaN, 2),
    fmt(r?.max ?? Number.NaN, 1),
    fmt((r?.bytesPerResponse ?? Number.NaN) / 1024, 1),
    fmt(r?.errors ?? 0),
  ]);
  printTable(header, table);
}

/** Temp folders in use, removed on Ctrl-C too (the servers drop their schemas themselves). */
const dataDirs = new Set<string>();
process.once("SIGINT", () => {
  void stopServers()
    .then(() =>
      Promise.all([...dataDirs].map((dir) => fs.rm(dir, { recursive: true, force: true }))),
    )
    .finally(() => process.exit(130));
});

/** Seeds one database, loads it and prints what happened. */
async function loadOnce(
  name: string,
  args: string[],
  profileDir: string | null,
): Promise<MixResult> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), "tendril-load-"));
  dataDirs.add(dataDir);
  let server: ServerChild<Seeded> | null = null;
  try {
    const seedStart = performance.now();
    server = await startServer<Seeded>("app-server.ts", [dataDir, ...args]);
    const app = server.ready;
    const seedSeconds = (performance.now() - seedStart) / 1000;
    const seed = JSON.parse(await fs.readFile(path.join(dataDir, "seed.json"), "utf8")) as Seed;
    const kinds = chosenMix(gardenerMix(seed));
    const writes = kinds.filter((k) => k.write).reduce((sum, k) => sum + k.weight, 0);
    const total = kinds.reduce((sum, k) => sum + k.weight, 0);
    console.log(
      `\n${app.database}: seeded 1 gardener, ${fmt(app.plants)} plants, ${fmt(app.tasks)} tasks in ${fmt(seedSeconds, 1)} s; ${fmt((100 * (total - writes)) / total)}% reads / ${fmt((100 * writes) / total)}% writes.`,
    );

    const ask = server.ask.bind(server);
    const load = (seconds: number) =>
      runLoad({
        port: app.port,
        connections: CONNECTIONS,
        warmupMs: 0,
        durationMs: seconds * 1000,
        requests: [mixRequest(kinds, app.cookie)],
        kindOf: (context) => String(context.kind),
      });
    console.log(`Load average before the warm-up: ${fmt(os.loadavg()[0] ?? Number.NaN, 2)}.`);
    const before = await ask<ServerStats>({ command: "stats" });
    const warmup = await load(WARMUP_SECONDS);
    if (profileDir) await ask({ command: "profile-start" });
    // The server's memory, once a second while measured.
    const start = await ask<ServerStats>({ command: "stats", reset: true });
    let peak = start;
    const sampler = setInterval(() => {
      ask<ServerStats>({ command: "stats" }).then((stats) => {
        if (stats.rss > peak.rss) peak = stats;
      }, console.error);
    }, 1000);
    let result: MixResult;
    try {
      result = await load(SECONDS);
    } finally {
      clearInterval(sampler);
    }
    const after = await ask<ServerStats>({ command: "stats" });
    let profile: string | null = null;
    if (profileDir) {
      await fs.mkdir(profileDir, { recursive: true });
      profile = await ask<string>({
        command: "profile-stop",
        file: path.join(
          path.resolve(profileDir),
          `load-${name.toLowerCase()}-${new Date().toISOString().replace(/[:.]/g, "-")}.cpuprofile`,
        ),
      });
    }

    printMix(kinds, result);
    const statuses = Object.entries(result.statuses)
      .map(([status, n]) => `${status}: ${fmt(n)}`)
      .join(", ");
    console.log(
      `Errors: ${fmt(result.errors)} (statuses ${statuses}${warmup.errors ? `; warm-up errors: ${fmt(warmup.errors)}` : ""}).`,
    );
    for (const [kind, r] of Object.entries(result.kinds)) {
      if (r.errors) console.log(`  ${kind}: ${JSON.stringify(r.statuses)}`);
    }
    console.log(
      `Throughput: ${fmt(result.rps)} req/s (${fmt(result.requests)} responses in ${fmt(result.seconds, 1)} s); latency p50 ${fmt(result.p50, 2)} ms, p99 ${fmt(result.p99, 2)} ms, max ${fmt(result.max, 1)} ms.`,
    );
    console.log(
      `Server memory: at start (seeded, before the warm-up) RSS ${mb(before.rss)}, heap used ${mb(before.heapUsed)}; at end RSS ${mb(after.rss)}, heap used ${mb(after.heapUsed)}; peak RSS while measured ${mb(Math.max(peak.rss, after.rss))}.`,
    );
    const cpuSeconds = (after.cpuUs - start.cpuUs) / 1e6;
    console.log(
      `Server CPU: ${fmt(cpuSeconds, 1)} s in ${fmt(result.seconds, 1)} s (${fmt((100 * cpuSeconds) / result.seconds)}% of one core), ${fmt((1000 * cpuSeconds) / result.requests, 2)} ms per response; load generator (autocannon, this process): ${fmt(100 * result.generatorCores)}% of one core.`,
    );
    console.log(
      `Server event loop while measured: delay p99 ${fmt(after.loopDelayP99Ms, 1)} ms, max ${fmt(after.loopDelayMaxMs, 1)} ms; garbage collection ${fmt(after.gcMs / 1000, 1)} s in all, longest pause ${fmt(after.gcMaxMs, 1)} ms.`,
    );
    if (profile) {
      console.log(
        `CPU profile of the measured part: ${profile}\n  (npx tsx scripts/load/profile-summary.ts ${profile})`,
      );
    }
    return result;
  } finally {
    await server?.stop();
    await fs.rm(dataDir, { recursive: true, force: true });
    dataDirs.delete(dataDir);
  }
}

/** The PostgreSQL URL to use, or why PostgreSQL is skipped. */
async function postgresUrl(): Promise<{ url: string } | { skipped: string }> {
  const url = process.env.TEST_DATABASE_URL || DEFAULT_PG_URL;
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.query("select 1");
    return { url };
  } catch (err) {
    return {
      skipped: `nothing answers at ${withoutPassword(url)} (${err instanceof Error ? err.message : String(err)})`,
    };
  } finally {
    await client.end().catch(() => {});
  }
}

function verdict(result: LoadResult): string {
  const parts = [
    result.rps >= BUDGET_RPS
      ? `throughput met (${fmt(result.rps)} req/s ≥ ${fmt(BUDGET_RPS)})`
      : `throughput MISSED by ${fmt(BUDGET_RPS - result.rps)} req/s (${fmt(result.rps)} < ${fmt(BUDGET_RPS)})`,
    result.p99 <= BUDGET_P99_MS
      ? `p99 met (${fmt(result.p99, 2)} ms ≤ ${BUDGET_P99_MS} ms)`
      : `p99 MISSED by ${fmt(result.p99 - BUDGET_P99_MS, 2)} ms (${fmt(result.p99, 2)} ms > ${BUDGET_P99_MS} ms)`,
    result.errors === 0 ? "errors met (0)" : `errors MISSED (${fmt(result.errors)}, must be 0)`,
  ];
  const met = result.rps >= BUDGET_RPS && result.p99 <= BUDGET_P99_MS && result.errors === 0;
  return `${met ? "MET" : "MISSED"}: ${parts.join("; ")}`;
}

async function main() {
  const args = process.argv.slice(2);
  const known = (arg: string) =>
    arg === "--sqlite" ||
    arg === "--postgres" ||
    arg === "--profile" ||
    arg.startsWith("--profile=");
  const unknown = args.find((arg) => !known(arg));
  if (unknown) throw new Error(`unknown option ${unknown} (--sqlite, --postgres, --profile[=dir])`);
  const onlyOne = args.includes("--sqlite") !== args.includes("--postgres");
  const runSqlite = !onlyOne || args.includes("--sqlite");
  const runPostgres = !onlyOne || args.includes("--postgres");
  const profileArg = args.find((arg) => arg.startsWith("--profile"));
  const profileDir = profileArg
    ? profileArg.split("=")[1] || path.join(os.tmpdir(), "tendril-profiles")
    : null;

  console.log(
    `Mixed load (issue 15): autocannon with ${CONNECTIONS} keep-alive connections on 127.0.0.1, ${WARMUP_SECONDS} s warm-up, ${fmt(SECONDS)} s measured; the server in a child process, ${os.cpus().length} CPUs shared by server${runPostgres ? ", PostgreSQL" : ""} and load generator.${process.env.LOAD_MIX ? ` LOAD_MIX=${process.env.LOAD_MIX}.` : ""}`,
  );
  let failed = false;
  if (runSqlite) {
    const result = await loadOnce("SQLite", [], profileDir);
    console.log(
      `Budget on SQLite (issue 15: ≥ ${fmt(BUDGET_RPS)} req/s, p99 ≤ ${BUDGET_P99_MS} ms, no errors): ${verdict(result)}.`,
    );
    failed ||= result.errors > 0;
  }
  if (runPostgres) {
    const pgTarget = await postgresUrl();
    if ("skipped" in pgTarget) {
      console.log(`\nPostgreSQL: skipped, ${pgTarget.skipped}.`);
    } else {
      const result = await loadOnce("PostgreSQL", ["--postgres", pgTarget.url], profileDir);
      console.log(`PostgreSQL against the SQLite budget, for reference: ${verdict(result)}.`);
      failed ||= result.errors > 0;
    }
  }
  // Errors must be 0: they fail the run. A missed budget is reported, as by `npm run bench`.
  if (failed) process.exitCode = 1;
}

main().catch((err: unknown) => {
  console.error("load failed:", err);
  process.exitCode = 1;
});
