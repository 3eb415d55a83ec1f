import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs/promises";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { COMPILED_SERVER } from "./compiled-server";

const root = path.resolve(import.meta.dirname, "../..");

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

export interface ServerProcess {
  url: string;
  port: number;
  dataDir: string;
  child: ChildProcess;
  output(): string;
  /** Sends SIGTERM and resolves with the exit code. */
  stop(): Promise<number | null>;
}

/** Runs the compiled server exactly as `npm start` and the image do, in a child process. */
export function runServer(env: Record<string, string>): {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
} {
  const child = spawn(process.execPath, [COMPILED_SERVER], {
    cwd: root,
    env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout?.on("data", (chunk: Buffer) => {
    output += chunk.toString();
  });
  child.stderr?.on("data", (chunk: Buffer) => {
    output += chunk.toString();
  });
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  return { child, output: () => output, exited };
}

export async function startServer(env: Record<string, string> = {}): Promise<ServerProcess> {
  const port = await freePort();
  const dataDir =
    env.TENDRIL_DATA_DIR ?? (await fs.mkdtemp(path.join(os.tmpdir(), "tendril-server-")));
  const url = `http://127.0.0.1:${port}`;
  // No test reaches the internet: weather goes to a closed loopback port unless a test passes
  // its fake Open-Meteo.
  const nowhere = "http://127.0.0.1:1";
  const run = runServer({
    WEATHER_BASE_URL: nowhere,
    GEOCODING_BASE_URL: nowhere,
    CLIMATE_BASE_URL: nowhere,
    PORT: String(port),
    HOST: "127.0.0.1",
    TENDRIL_DATA_DIR: dataDir,
    PUBLIC_URL: url,
    LOG_LEVEL: "warn",
    API_RATE_LIMIT_MAX: "100000",
    IDENTIFY_PER_MINUTE: "100000",
    ...env,
  });
  const deadline = Date.now() + 60_000;
  let exitCode: number | null | undefined;
  run.exited.then((code) => {
    exitCode = code;
  });
  while (true) {
    if (exitCode !== undefined)
      throw new Error(`server exited (${exitCode}) before it was ready:\n${run.output()}`);
    if (Date.now() > deadline) {
      run.child.kill("SIGKILL");
      throw new Error(`server did not become ready:\n${run.output()}`);
    }
    try {
      if ((await fetch(`${url}/api/ready`)).ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url,
    port,
    dataDir,
    child: run.child,
    output: run.output,
    async stop() {
      if (exitCode === undefined) run.child.kill("SIGTERM");
      return run.exited;
    },
  };
}
