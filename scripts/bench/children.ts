import { type ChildProcess, spawn } from "node:child_process";
import path from "node:path";
import readline from "node:readline";

/** Questions app-server.ts answers over its IPC channel (bench scripts only, never the product). */
export type ServerCommand =
  /** With reset, the event-loop and GC figures start again from zero after this answer. */
  | { command: "stats"; reset?: boolean }
  | { command: "profile-start" }
  | { command: "profile-stop"; file: string };

export interface ServerStats {
  rss: number;
  heapUsed: number;
  heapTotal: number;
  external: number;
  /** CPU time the server has used so far (user + system), in microseconds. */
  cpuUs: number;
  /** Since the last reset: event-loop delay (p99, max) and garbage collection (total, longest). */
  loopDelayP99Ms: number;
  loopDelayMaxMs: number;
  gcMs: number;
  gcMaxMs: number;
}

export interface ServerChild<T> {
  /** The JSON line the server printed when it was ready. */
  ready: T;
  process: ChildProcess;
  /** Asks app-server.ts something over IPC and waits for its answer. */
  ask<R>(command: ServerCommand): Promise<R>;
  /** Closes its stdin and waits for it to end (killing it if it lingers). */
  stop(): Promise<void>;
}

const here = path.dirname(new URL(import.meta.url).pathname);
const children: ChildProcess[] = [];

/**
 * Starts a bench server (a script in this folder) in its own process, so the load generator never
 * shares a thread with it, and reads the JSON line it prints when ready. Closing its stdin stops it.
 */
export async function startServer<T>(script: string, args: string[] = []): Promise<ServerChild<T>> {
  const child = spawn(process.execPath, ["--import", "tsx", path.join(here, script), ...args], {
    stdio: ["pipe", "pipe", "inherit", "ipc"],
  });
  children.push(child);
  const lines = readline.createInterface({ input: child.stdout as NodeJS.ReadableStream });
  // Later lines (warnings of the server's logger) go to our stderr.
  let ready = false;
  lines.on("line", (line) => {
    if (ready) process.stderr.write(`[${script}] ${line}\n`);
  });
  const info = new Promise<T>((resolve, reject) => {
    lines.once("line", (line) => {
      ready = true;
      resolve(JSON.parse(line) as T);
    });
    child.once("exit", (code) => reject(new Error(`${script} exited early (code ${code})`)));
  });
  const timeout = new Promise<never>((_, reject) =>
    setTimeout(
      () => reject(new Error(`${script} was not ready within 5 minutes`)),
      300_000,
    ).unref(),
  );
  let asked = 0;
  const ask = <R>(command: ServerCommand) =>
    new Promise<R>((resolve, reject) => {
      const id = ++asked;
      const onMessage = (message: { id?: number; error?: string; answer?: R }) => {
        if (message.id !== id) return;
        child.off("message", onMessage);
        if (message.error) reject(new Error(`${script}: ${message.error}`));
        else resolve(message.answer as R);
      };
      child.on("message", onMessage);
      child.send({ id, ...command });
    });
  return {
    ready: await Promise.race([info, timeout]),
    process: child,
    ask,
    stop: () => stop(child),
  };
}

function stop(child: ChildProcess): Promise<void> {
  const i = children.indexOf(child);
  if (i >= 0) children.splice(i, 1);
  return new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    // A PostgreSQL server drops its schema before it exits: give it time.
    const kill = setTimeout(() => child.kill("SIGKILL"), 15_000);
    child.once("exit", () => {
      clearTimeout(kill);
      resolve();
    });
    child.stdin?.end();
  });
}

/** Stops every server started here and not stopped yet. */
export async function stopServers(): Promise<void> {
  await Promise.all([...children].map(stop));
}
