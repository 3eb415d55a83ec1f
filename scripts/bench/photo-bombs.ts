import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { freePort } from "../../tests/support/server-process";

/**
 * Issue 20 item 3, measured from outside: COUNT concurrent PUT /api/plants/:id/photo of a small
 * decompression bomb, the server's CPU seconds for them and how long a sign-in made meanwhile
 * takes. Run `npx tsx scripts/bench/photo-bombs.ts [count] [megapixels] [IDENTIFY_PER_MINUTE]`.
 * The server runs in its own process (node --import tsx src/server/main.ts) on a temp SQLite
 * file; its CPU time comes from /proc (Linux only).
 */
const [count = 80, megapixels = 100, perMinute = 100_000] = process.argv.slice(2).map(Number);
const root = path.resolve(import.meta.dirname, "../..");

/** User plus system CPU seconds of a process so far. */
async function cpuSeconds(pid: number): Promise<number> {
  const stat = await fs.readFile(`/proc/${pid}/stat`, "utf8");
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

async function start(port: number, dataDir: string): Promise<ChildProcess> {
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ["--import", "tsx", "src/server/main.ts"], {
    cwd: root,
    env: {
      PATH: process.env.PATH ?? "",
      HOME: process.env.HOME ?? "",
      NODE_ENV: "production",
      LOG_LEVEL: "warn",
      PORT: String(port),
      HOST: "127.0.0.1",
      PUBLIC_URL: url,
      TENDRIL_DATA_DIR: dataDir,
      WEB_DIST_DIR: path.join(dataDir, "no-web-build"),
      WEATHER_BASE_URL: "http://127.0.0.1:1",
      GEOCODING_BASE_URL: "http://127.0.0.1:1",
      API_RATE_LIMIT_MAX: "100000",
      AUTH_RATE_LIMIT_MAX: "100000",
      IDENTIFY_PER_MINUTE: String(perMinute),
    },
    stdio: ["ignore", "inherit", "inherit"],
  });
  for (let tries = 0; tries < 600; tries++) {
    try {
      if ((await fetch(`${url}/api/ready`)).ok) return child;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error("the server did not start");
}

/** A 1-bit PNG of `megapixels` white pixels: a few KB that decode to a huge canvas. */
async function bomb(): Promise<Buffer> {
  const side = Math.round(Math.sqrt(megapixels * 1_000_000));
  return sharp({ create: { width: side, height: side, channels: 3, background: "#fff" } })
    .png({ palette: true, colours: 2, compressionLevel: 9 })
    .toBuffer();
}

const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), "tendril-bombs-"));
const server = await start(port, dataDir);
try {
  const signUp = async (email: string) => {
    const res = await fetch(`${base}/api/auth/sign-up/email`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: base },
      body: JSON.stringify({ email, password: "correct horse battery", name: "Bench" }),
    });
    if (!res.ok) throw new Error(`sign-up: ${res.status}`);
    return res.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");
  };
  const signInSeconds = async () => {
    const began = performance.now();
    const res = await fetch(`${base}/api/auth/sign-in/email`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: base },
      body: JSON.stringify({ email: "other@example.com", password: "correct horse battery" }),
    });
    if (!res.ok) throw new Error(`sign-in: ${res.status}`);
    return (performance.now() - began) / 1000;
  };
  const cookie = await signUp("bomber@example.com");
  await signUp("other@example.com");
  const made = await fetch(`${base}/api/plants`, {
    method: "POST",
    headers: { "content-type": "application/json", cookie, origin: base },
    body: JSON.stringify({
      name: "Tomato",
      medium: "soil",
      place: "outdoor",
      lights: "sun",
      plantingDate: "2026-04-01",
    }),
  });
  const plantId = ((await made.json()) as { plant: { id: string } }).plant.id;
  const photo = await bomb();
  const quiet = [await signInSeconds(), await signInSeconds(), await signInSeconds()].sort();

  const cpuBefore = await cpuSeconds(server.pid as number);
  const began = performance.now();
  const uploads = Array.from({ length: count }, async () => {
    const form = new FormData();
    form.append("image", new Blob([new Uint8Array(photo)], { type: "image/png" }), "bomb.png");
    const res = await fetch(`${base}/api/plants/${plantId}/photo`, {
      method: "PUT",
      headers: { cookie },
      body: form,
    });
    await res.arrayBuffer();
    return res.status;
  });
  await new Promise((resolve) => setTimeout(resolve, 200));
  const duringSignIn = await signInSeconds();
  const statuses = await Promise.all(uploads);
  const wall = (performance.now() - began) / 1000;
  const cpu = (await cpuSeconds(server.pid as number)) - cpuBefore;
  const tally: Record<number, number> = {};
  for (const status of statuses) tally[status] = (tally[status] ?? 0) + 1;
  console.log(
    JSON.stringify({
      uploads: count,
      megapixels,
      bombBytes: photo.length,
      identifyPerMinute: perMinute,
      statuses: tally,
      serverCpuSeconds: Number(cpu.toFixed(2)),
      wallSeconds: Number(wall.toFixed(2)),
      signInQuietSeconds: Number((quiet[1] ?? 0).toFixed(3)),
      signInDuringSeconds: Number(duringSignIn.toFixed(3)),
    }),
  );
} finally {
  server.kill("SIGTERM");
  await new Promise((resolve) => server.once("exit", resolve));
  await fs.rm(dataDir, { recursive: true, force: true });
}
