import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import SqliteDatabase from "better-sqlite3";
import { afterAll, describe, expect, it } from "vitest";
import { openDatabase, sqliteFile } from "../src/server/db/connection";
import { migrateToLatest } from "../src/server/db/migrate";
import { COMPILED_ADMIN } from "./support/compiled-server";
import { PLANTED, tomatoBody } from "./support/garden";
import { type ServerProcess, startServer } from "./support/server-process";
import { callOverHttp, signUpOverHttp } from "./support/users";

const run = promisify(execFile);
const WORKERS = 8;

/** `npm run admin -- <args>` as an operator runs it beside the server, on its data folder. */
function admin(dataDir: string, args: string[], env: Record<string, string> = {}) {
  return run(process.execPath, [COMPILED_ADMIN, ...args], {
    env: { ...process.env, TENDRIL_DATA_DIR: dataDir, DATABASE_URL: "", ...env },
  });
}

/**
 * WORKERS clients each create tasks titled `Backup <worker>-<n>`, one after another, until
 * stopped; `acknowledged` lists the ids the server answered 201 for, in the order it did.
 */
function keepWriting(server: ServerProcess, cookie: string, plantId: string) {
  const acknowledged: string[] = [];
  let stopped = false;
  const worker = async (w: number) => {
    for (let n = 0; !stopped; n++) {
      const res = await callOverHttp(server.url, cookie, "POST", "/api/tasks", {
        title: `Backup ${w}-${n}`,
        dueDate: PLANTED,
        plantId,
      });
      if (res.status !== 201) throw new Error(`POST /api/tasks answered ${res.status}`);
      acknowledged.push(((await res.json()) as { id: string }).id);
    }
  };
  const workers = Promise.all(Array.from({ length: WORKERS }, (_, w) => worker(w)));
  return {
    acknowledged,
    async stop() {
      stopped = true;
      await workers;
    },
  };
}

/** The id and title of every task the test wrote, in a database file. */
function writtenTasks(file: string): Map<string, string> {
  const db = new SqliteDatabase(file, { readonly: true, fileMustExist: true });
  try {
    const rows = db.prepare("select id, title from tasks where title like 'Backup %'").all() as {
      id: string;
      title: string;
    }[];
    return new Map(rows.map((row) => [row.id, row.title]));
  } finally {
    db.close();
  }
}

/** The ids of the test's tasks the server lists to the gardener, page by page. */
async function writtenTasksOverApi(base: string, cookie: string): Promise<Set<string>> {
  const ids = new Set<string>();
  let cursor: string | null = null;
  do {
    const query: string = `status=pending&limit=500${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`;
    const res = await callOverHttp(base, cookie, "GET", `/api/tasks?${query}`);
    expect(res.status, `GET /api/tasks?${query}`).toBe(200);
    const page = (await res.json()) as {
      tasks: { id: string; title: string }[];
      nextCursor: string | null;
    };
    for (const task of page.tasks) if (task.title.startsWith("Backup ")) ids.add(task.id);
    cursor = page.nextCursor;
  } while (cursor);
  return ids;
}

const tempDirs: string[] = [];
function tempDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "tendril-backup-"));
  tempDirs.push(dir);
  return dir;
}
afterAll(() => {
  for (const dir of tempDirs) fs.rmSync(dir, { recursive: true, force: true });
});

describe("npm run admin -- backup and restore, on SQLite", () => {
  it("backs up while the server takes writes, and restore brings that backup back", async () => {
    const server = await startServer();
    let restarted: ServerProcess | undefined;
    try {
      const cookie = await signUpOverHttp(server.url, "backup");
      const plant = await callOverHttp(server.url, cookie, "POST", "/api/plants", tomatoBody());
      expect(plant.status).toBe(201);
      const plantId = ((await plant.json()) as { plant: { id: string } }).plant.id;

      const writes = keepWriting(server, cookie, plantId);
      await expect
        .poll(() => writes.acknowledged.length, { timeout: 15_000 })
        .toBeGreaterThanOrEqual(WORKERS * 3);
      // Acknowledged before the command started: committed, so in any later snapshot. Writes
      // answered while it runs may or may not be in the backup.
      const before = new Set(writes.acknowledged);
      const file = path.join(tempDir(), "tendril-backup.sqlite");
      const backup = await admin(server.dataDir, ["backup", file]);
      const duringBackup = writes.acknowledged.length - before.size;
      await writes.stop();

      expect(backup.stdout).toContain(`Backed up ${sqliteFile(server.dataDir)} to ${file}`);
      expect(backup.stdout).toContain("integrity check ok");
      expect(duringBackup, "writes the server acknowledged while the backup ran").toBeGreaterThan(
        0,
      );
      expect(fs.readdirSync(path.dirname(file)), "no partial file left").toEqual([
        "tendril-backup.sqlite",
      ]);

      const copy = new SqliteDatabase(file, { readonly: true, fileMustExist: true });
      try {
        expect(copy.pragma("integrity_check", { simple: true })).toBe("ok");
        expect(copy.pragma("foreign_key_check")).toEqual([]);
      } finally {
        copy.close();
      }
      const inBackup = writtenTasks(file);
      expect([...before].filter((id) => !inBackup.has(id))).toEqual([]);
      // One snapshot: each worker waits for an answer before its next write, so the backup holds
      // a prefix of every worker's writes, without gaps.
      const perWorker = new Map<string, number[]>();
      for (const title of inBackup.values()) {
        const [, w = "", n = ""] = /^Backup (\d+)-(\d+)$/.exec(title) ?? [];
        perWorker.set(w, [...(perWorker.get(w) ?? []), Number(n)]);
      }
      for (const [w, ns] of perWorker) {
        const sorted = ns.sort((a, b) => a - b);
        expect(sorted, `worker ${w}'s writes in the backup`).toEqual(sorted.map((_, i) => i));
      }

      await expect(
        admin(server.dataDir, ["restore", file]),
        "restore while the server runs",
      ).rejects.toMatchObject({
        code: 1,
        stderr: expect.stringContaining("stop the Tendril server, then run restore again"),
      });

      await server.stop();
      const restore = await admin(server.dataDir, ["restore", file]);
      expect(restore.stdout).toContain(`Restored ${file} into ${sqliteFile(server.dataDir)}`);
      const aside = fs
        .readdirSync(server.dataDir)
        .filter((name) => name.startsWith("tendril.sqlite.before-restore-"));
      expect(aside).toHaveLength(1);
      expect(restore.stdout).toContain(aside[0]);
      const replaced = writtenTasks(path.join(server.dataDir, aside[0] ?? ""));
      expect(
        writes.acknowledged.filter((id) => !replaced.has(id)),
        "every acknowledged write is in the database moved aside",
      ).toEqual([]);

      restarted = await startServer({ TENDRIL_DATA_DIR: server.dataDir });
      expect(await writtenTasksOverApi(restarted.url, cookie)).toEqual(new Set(inBackup.keys()));
    } finally {
      await restarted?.stop();
      await server.stop();
    }
  }, 120_000);

  it("refuses to overwrite a file without --force, or to restore what is not a database", async () => {
    const dataDir = tempDir();
    const database = openDatabase({ dataDir });
    await migrateToLatest(database.db);
    await database.db.destroy();
    const databaseBytes = () => fs.readFileSync(sqliteFile(dataDir));
    const original = databaseBytes();

    const existing = path.join(tempDir(), "existing.sqlite");
    fs.writeFileSync(existing, "keep me");
    await expect(admin(dataDir, ["backup", existing])).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringContaining(
        `${existing} already exists: choose another name, or add --force`,
      ),
    });
    expect(fs.readFileSync(existing, "utf8")).toBe("keep me");
    await admin(dataDir, ["backup", existing, "--force"]);
    expect(fs.readFileSync(existing).subarray(0, 16).toString()).toBe("SQLite format 3\0");

    const text = path.join(tempDir(), "notes.txt");
    fs.writeFileSync(text, "Not a database, just a gardener's notes about tomatoes.\n".repeat(20));
    await expect(admin(dataDir, ["restore", text])).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringContaining(`${text} is not a SQLite database; nothing was changed.`),
    });
    expect(fs.readdirSync(dataDir)).toEqual(["tendril.sqlite"]);
    expect(databaseBytes().equals(original)).toBe(true);
  }, 60_000);
});

describe("npm run admin -- backup and restore, on PostgreSQL", () => {
  // SQLite's backup API has no PostgreSQL counterpart to call: the commands name pg_dump and
  // pg_restore, and connect to nothing (nothing listens on port 1).
  const env = { DATABASE_URL: "postgres://tendril@127.0.0.1:1/tendril" };

  it("points to pg_dump and pg_restore and exits 2", async () => {
    const dataDir = tempDir();
    const file = path.join(dataDir, "tendril.dump");
    await expect(admin(dataDir, ["backup", file], env)).rejects.toMatchObject({
      code: 2,
      stderr: expect.stringContaining(
        'pg_dump --format=custom --file=tendril.dump "$DATABASE_URL"',
      ),
    });
    await expect(admin(dataDir, ["restore", file], env)).rejects.toMatchObject({
      code: 2,
      stderr: expect.stringContaining(
        'pg_restore --clean --if-exists --dbname "$DATABASE_URL" tendril.dump',
      ),
    });
    expect(fs.readdirSync(dataDir)).toEqual([]);
  }, 30_000);
});
