/**
 * `npm run test:stress`: the browser suite with the CPU saturated, to show its checks wait on
 * state and not on time. Builds the web app once, starts four busy processes (two per core on
 * this two-core machine), runs `vitest run --project e2e` STRESS_RUNS times (3 by default), stops
 * the busy processes whatever happens, and prints each run's result line and a summary.
 * Exits 1 if any run failed.
 */
import { type ChildProcess, spawn } from "node:child_process";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const runs = Number(process.env.STRESS_RUNS ?? 3);
const busyCount = Number(process.env.STRESS_BUSY ?? 4);
if (!Number.isInteger(runs) || runs < 1) throw new Error(`STRESS_RUNS must be a count: ${runs}`);
if (!Number.isInteger(busyCount) || busyCount < 0) {
  throw new Error(`STRESS_BUSY must be a count: ${busyCount}`);
}

const bin = (name: string) => path.join(root, "node_modules/.bin", name);

/** Runs a command with its output shown as it comes and kept; resolves with its code. */
function run(command: string, args: string[]): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: root, stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    const keep = (stream: NodeJS.WriteStream) => (chunk: Buffer) => {
      output += chunk.toString();
      stream.write(chunk);
    };
    child.stdout.on("data", keep(process.stdout));
    child.stderr.on("data", keep(process.stderr));
    child.on("error", reject);
    child.on("exit", (code) => resolve({ code, output }));
  });
}

const busy: ChildProcess[] = [];
function stopBusy() {
  for (const child of busy.splice(0)) if (child.exitCode === null) child.kill("SIGKILL");
}
process.on("exit", stopBusy);
for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"] as const) {
  process.on(signal, () => {
    stopBusy();
    process.exit(130);
  });
}

/** The run's "N passed, N failed, N skipped" line (tests/support/summary-reporter.ts). */
function resultOf(output: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: strips ANSI colours
  const plain = output.replace(/\u001b\[[0-9;]*m/g, "");
  return plain.match(/^\d+ passed, \d+ failed, \d+ skipped$/m)?.[0] ?? "no result line";
}

const build = await run(bin("vite"), ["build"]);
if (build.code !== 0) {
  console.error("vite build failed: the browser suite needs the web build");
  process.exit(1);
}

const results: { line: string; ok: boolean }[] = [];
try {
  for (let i = 0; i < busyCount; i++) {
    busy.push(spawn(process.execPath, ["-e", "for(;;){}"], { stdio: "ignore" }));
  }
  console.log(`\n${busyCount} busy processes started (pids ${busy.map((c) => c.pid).join(" ")})`);
  for (let i = 1; i <= runs; i++) {
    console.log(`\n=== stressed browser run ${i} of ${runs} ===`);
    const started = Date.now();
    const { code, output } = await run(bin("vitest"), ["run", "--project", "e2e"]);
    const seconds = Math.round((Date.now() - started) / 1000);
    const line = `run ${i}: ${resultOf(output)} in ${seconds} s (exit ${code})`;
    results.push({ line, ok: code === 0 });
    console.log(`\n${line}`);
  }
} finally {
  stopBusy();
}

console.log("\n=== stress summary ===");
for (const { line } of results) console.log(line);
const failed = results.filter((r) => !r.ok).length;
console.log(
  `${results.length - failed} of ${results.length} stressed runs passed with ${busyCount} busy processes`,
);
process.exit(failed === 0 ? 0 : 1);
