import { randomUUID } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import SqliteDatabase from "better-sqlite3";
import { DEFAULT_MIGRATION_TABLE } from "kysely";
import { migrationNames } from "./migrate";

/**
 * Backup and restore of the SQLite database (`npm run admin -- backup|restore`). PostgreSQL has
 * pg_dump and pg_restore for that.
 */

/** A refusal or failure whose message tells the operator what to do; nothing was changed. */
export class BackupError extends Error {
  override name = "BackupError";
}

export interface BackupSummary {
  file: string;
  bytes: number;
  pages: number;
}

export interface RestoreSummary extends BackupSummary {
  /** Where the database that was replaced now is; null when there was none. */
  replaced: string | null;
}

/**
 * The pages copied per step of SQLite's online backup: all of them. Each step is a read
 * transaction of its own, and a write by the server between two steps starts the copy over, so
 * under steady writes a copy in small steps might never finish; one step is one consistent
 * snapshot. In WAL mode a reader holds no writer back, so the server keeps writing meanwhile.
 */
const ALL_PAGES = 0x7fffffff;

/**
 * Copies the database at `database` to `destination` with SQLite's online backup API, safe while
 * the server writes to it. The copy is written under a temporary name in the destination's folder
 * and renamed once it passed `PRAGMA integrity_check`, so a file with the final name is complete.
 */
export async function backupSqlite(
  database: string,
  destination: string,
  options: { force?: boolean } = {},
): Promise<BackupSummary> {
  const source = path.resolve(database);
  const target = path.resolve(destination);
  if (!fs.existsSync(source)) {
    throw new BackupError(
      `There is no database at ${source}: is TENDRIL_DATA_DIR the server's data folder?`,
    );
  }
  if (target === source) {
    throw new BackupError("The backup must go to another file than the database itself.");
  }
  if (fs.existsSync(target) && !options.force) {
    throw new BackupError(`${target} already exists: choose another name, or add --force.`);
  }
  if (!fs.existsSync(path.dirname(target))) {
    throw new BackupError(`The folder ${path.dirname(target)} does not exist: create it first.`);
  }
  const partial = `${target}.partial-${randomUUID().slice(0, 8)}`;
  try {
    const connection = new SqliteDatabase(source, { fileMustExist: true });
    try {
      connection.pragma("busy_timeout = 5000");
      await connection.backup(partial, { progress: () => ALL_PAGES });
    } finally {
      connection.close();
    }
    const pages = settleBackup(partial, source);
    fs.renameSync(partial, target);
    return { file: target, bytes: fs.statSync(target).size, pages };
  } finally {
    removeDatabaseFiles(partial);
  }
}

/**
 * Makes the fresh copy one self-contained file (rollback journal, not WAL, so it opens read-only
 * anywhere) and checks it; returns its page count.
 */
function settleBackup(file: string, source: string): number {
  const copy = new SqliteDatabase(file, { fileMustExist: true });
  try {
    copy.pragma("journal_mode = DELETE");
    const problems = integrityProblems(copy);
    if (problems.length > 0) {
      throw new BackupError(
        `The copy of ${source} failed SQLite's integrity check (${problems.join("; ")}), so no backup was written. The database itself is probably damaged: keep your earlier backups.`,
      );
    }
    return copy.pragma("page_count", { simple: true }) as number;
  } finally {
    copy.close();
  }
}

/**
 * Replaces the database at `database` with the backup at `backup`, once a copy of it passed
 * `PRAGMA integrity_check` and holds Tendril's tables. The server must be stopped; while another
 * process has the database open this refuses. The replaced database is moved aside to
 * `<database>.before-restore-<time>` (with its -wal file, should a crash have left one).
 */
export function restoreSqlite(
  backup: string,
  database: string,
  now: Date = new Date(),
): RestoreSummary {
  const source = path.resolve(backup);
  const target = path.resolve(database);
  if (!fs.existsSync(source)) throw new BackupError(`There is no file ${source}.`);
  if (source === target) {
    throw new BackupError(`${source} is the database itself: name a backup of it.`);
  }
  fs.mkdirSync(path.dirname(target), { recursive: true });
  // Checked and swapped in as a copy beside the database: the rename into place is atomic, and
  // the operator's backup file is left as it was.
  const incoming = `${target}.restoring-${randomUUID().slice(0, 8)}`;
  try {
    fs.copyFileSync(source, incoming);
    const pages = checkRestorable(incoming, source);
    const replaced = fs.existsSync(target) ? moveAside(target, now) : null;
    // Left beside the new file, the old database's -wal would be read as part of it.
    for (const stale of [`${target}-wal`, `${target}-shm`]) fs.rmSync(stale, { force: true });
    fs.renameSync(incoming, target);
    return { file: target, bytes: fs.statSync(target).size, pages, replaced };
  } finally {
    removeDatabaseFiles(incoming);
  }
}

/** Throws unless `file` is a sound SQLite database made by this or an older Tendril. */
function checkRestorable(file: string, shownAs: string): number {
  const db = new SqliteDatabase(file, { fileMustExist: true });
  try {
    let problems: string[];
    try {
      problems = integrityProblems(db);
    } catch (err) {
      if (err instanceof SqliteDatabase.SqliteError && err.code === "SQLITE_NOTADB") {
        throw new BackupError(`${shownAs} is not a SQLite database; nothing was changed.`);
      }
      throw err;
    }
    if (problems.length > 0) {
      throw new BackupError(
        `${shownAs} failed SQLite's integrity check (${problems.join("; ")}); nothing was changed. Restore an earlier backup.`,
      );
    }
    const hasMigrations = db
      .prepare("select 1 from sqlite_master where type = 'table' and name = ?")
      .get(DEFAULT_MIGRATION_TABLE);
    if (!hasMigrations) {
      throw new BackupError(
        `${shownAs} is a SQLite database but not Tendril's (it has no ${DEFAULT_MIGRATION_TABLE} table); nothing was changed.`,
      );
    }
    const applied = db
      .prepare(`select name from ${DEFAULT_MIGRATION_TABLE} order by name`)
      .pluck()
      .all() as string[];
    const unknown = applied.find((name) => !migrationNames.includes(name));
    if (unknown) {
      throw new BackupError(
        `${shownAs} comes from a newer Tendril (its migration ${unknown} is unknown to this one): upgrade Tendril, then restore it. Nothing was changed.`,
      );
    }
    return db.pragma("page_count", { simple: true }) as number;
  } finally {
    db.close();
  }
}

/** Moves the database (and a -wal file a crash left) to `<database>.before-restore-<time>`. */
function moveAside(database: string, now: Date): string {
  if (openElsewhere(database)) {
    throw new BackupError(
      `${database} is open in another process: stop the Tendril server, then run restore again. Nothing was changed.`,
    );
  }
  const aside = `${database}.before-restore-${now.toISOString().replace(/[:.]/g, "-")}`;
  fs.renameSync(database, aside);
  if (fs.existsSync(`${database}-wal`)) fs.renameSync(`${database}-wal`, `${aside}-wal`);
  return aside;
}

/**
 * Whether another connection has the database open. The last connection to close a WAL
 * database folds its -wal file into it and deletes it; if the file outlives ours, someone else
 * (the server) still has the database open. A database too damaged to open counts as not open:
 * it is moved aside as it is.
 */
function openElsewhere(database: string): boolean {
  try {
    const db = new SqliteDatabase(database, { fileMustExist: true });
    try {
      db.prepare("select count(*) from sqlite_master").get();
    } finally {
      db.close();
    }
  } catch (err) {
    if (err instanceof SqliteDatabase.SqliteError && /^SQLITE_(CORRUPT|NOTADB)/.test(err.code)) {
      return false;
    }
    throw err;
  }
  return fs.existsSync(`${database}-wal`);
}

/** The lines of `PRAGMA integrity_check` other than its "ok", at most three. */
function integrityProblems(db: SqliteDatabase.Database): string[] {
  const lines = db.pragma("integrity_check(3)") as { integrity_check: string }[];
  return lines.map((line) => line.integrity_check).filter((line) => line !== "ok");
}

/** Removes a database file and the journal, -wal and -shm files SQLite may have left beside it. */
function removeDatabaseFiles(file: string): void {
  for (const suffix of ["", "-journal", "-wal", "-shm"]) {
    fs.rmSync(`${file}${suffix}`, { force: true });
  }
}
