import { spawn } from "node:child_process";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { freePort } from "../../tests/support/server-process";

/**
 * How long a start takes to answer `/api/health`: `npm start` as a gardener runs it (with the
 * web build current), on a new data folder (the first start, which migrates) and again on that
 * folder (a restart). Issue 38's target is 3 s. Prints figures; asserts nothing.
 */
const ROUNDS = 5;
const here = path.dirname(new URL(import.meta.url).pathname);
const root = path.resolve(here, "../..");

async function timeOneStart(dataDir: string): Promise<number> {
  const port = await freePort();
  const started = performance.now();
  // Its own process group, so the whole tree (npm and the server under it) stops together.
  const child = spawn("npm", ["start", "--silent"], {
    cwd: root,
    detached: true,
    stdio: "ignore",
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      TENDRIL_DATA_DIR: dataDir,
      LOG_LEVEL: "warn",
      // No network: the start must not wait on one.
      WEATHER_BASE_URL: "http://127.0.0.1:1",
      GEOCODING_BASE_URL: "http://127.0.0.1:1",
      CLIMATE_BASE_URL: "http://127.0.0.1:1",
    },
  });
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  try {
    while (performance.now() - started < 60_000) {
      const ok = await fetch(`http://127.0.0.1:${port}/api/health`).then(
        (reply) => reply.ok,
        () => false,
      );
      if (ok) return (performance.now() - started) / 1000;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    throw new Error("the server did not answer /api/health within 60 s");
  } finally {
    if (child.pid) process.kill(-child.pid, "SIGTERM");
    await exited;
  }
}

const summary = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (i: number) => (sorted[i] ?? Number.NaN).toFixed(2);
  return `median ${at(Math.floor(sorted.length / 2))} s (min ${at(0)}, max ${at(sorted.length - 1)})`;
};

export async function benchStartTime(): Promise<void> {
  const first: number[] = [];
  const restart: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), "tendril-start-"));
    try {
      first.push(await timeOneStart(dataDir));
      restart.push(await timeOneStart(dataDir));
    } finally {
      await fs.rm(dataDir, { recursive: true, force: true });
    }
  }
  console.log(
    `Start to /api/health (npm start, web build current, Node ${process.versions.node}, ${ROUNDS} rounds; target ≤ 3 s):`,
  );
  console.log(`  first start, new data folder: ${summary(first)}`);
  console.log(`  restart on that folder:       ${summary(restart)}\n`);
}

if (import.meta.url === `file://${process.argv[1]}`) await benchStartTime();
