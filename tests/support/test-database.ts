import { randomBytes } from "node:crypto";
import fs from "node:fs/promises";
import { inject } from "vitest";
import { sqliteFile } from "../../src/server/db/connection";
import { likePrefix, runAsAdmin, SCHEMA_FINGERPRINT, withConnection } from "./postgres-admin";

/**
 * What a test asks for: a database at the latest migration (copied from the run's template), or
 * an empty one for a test that migrates it itself (the migrations' own tests, an older release's
 * database built with migrateUpTo).
 */
export type Start = "migrated" | "empty";

/** Bookkeeping tables the template's migration filled; every other table starts empty. */
const MIGRATOR_TABLES = ["kysely_migration", "kysely_migration_lock"];

/**
 * A PostgreSQL database of the test's own on TEST_DATABASE_URL's server, and `release` for when
 * the test is done with it. One database each, not a schema in a shared one: Kysely's migrator
 * reads every schema of its database, and another test dropping its schema meanwhile failed that
 * read. A migrated one is a clone of the run's template or, cheaper, one a finished test gave
 * back emptied (CREATE DATABASE copies some 9 MB; emptying a test's few rows takes milliseconds).
 */
export async function createDatabase(start: Start = "migrated") {
  const url = process.env.TEST_DATABASE_URL;
  const template = inject("postgresTemplate");
  if (!url || !template) throw new Error("TEST_DATABASE_URL is not set");
  const prefix = inject("testDatabasePrefix");
  const name = `${prefix}${randomBytes(6).toString("hex")}`;
  if (start === "empty") {
    // template0, not template1: nothing anyone added to the server's default template comes along.
    await runAsAdmin(url, `create database ${name} template template0`);
  } else if (!(await claimReleased(url, `${prefix}free_`, name))) {
    await runAsAdmin(url, `create database ${name} template ${template}`);
  }
  const own = new URL(url);
  own.pathname = `/${name}`;
  const database = { server: url, url: own.toString(), name, prefix };
  return {
    name,
    url: database.url,
    /**
     * After every connection to it is closed: gives a migrated database back for the next test,
     * emptied; drops an empty-start one.
     */
    release: () => (start === "empty" ? drop(database) : giveBack(database)),
  };
}

interface TestDatabase {
  /** TEST_DATABASE_URL: the server's, to create, rename and drop databases from. */
  server: string;
  url: string;
  name: string;
  prefix: string;
}

async function drop({ server, name }: TestDatabase): Promise<void> {
  // FORCE: a test that failed half-way may have left a connection open.
  await runAsAdmin(server, `drop database if exists ${name} with (force)`);
}

/**
 * Renames a released database to `name`. Another test may take the same one first (the rename
 * then fails), and so may anything else that stops a rename: the next one is tried, or a clone.
 */
async function claimReleased(url: string, freePrefix: string, name: string): Promise<boolean> {
  return withConnection(url, async (admin) => {
    const { rows } = await admin.query<{ datname: string }>(
      "select datname from pg_database where datname like $1",
      [likePrefix(freePrefix)],
    );
    for (const { datname } of rows) {
      const renamed = await admin.query(`alter database ${datname} rename to ${name}`).then(
        () => true,
        () => false,
      );
      if (renamed) return true;
    }
    return false;
  });
}

/**
 * Empties the database and marks it free, unless its test changed the schema or left a
 * connection behind (the rename refuses a database in use): then it is dropped.
 */
async function giveBack(database: TestDatabase): Promise<void> {
  try {
    const unchanged = await withConnection(database.url, async (client) => {
      // A lock a leftover connection holds fails this within a second instead of holding the run.
      await client.query("set lock_timeout = '1s'");
      const { rows } = await client.query<{ fingerprint: string }>(SCHEMA_FINGERPRINT);
      if (rows[0]?.fingerprint !== inject("templateFingerprint")) return false;
      const tables = await client.query<{ name: string }>(
        "select format('%I', tablename) as name from pg_tables where schemaname = 'public' and tablename <> all($1)",
        [MIGRATOR_TABLES],
      );
      // Replica role: no foreign-key checks, so the tables empty in any order, in one round trip.
      await client.query(
        `begin; set local session_replication_role = replica; ${tables.rows
          .map((table) => `delete from ${table.name};`)
          .join(" ")} commit;`,
      );
      return true;
    });
    if (!unchanged) return await drop(database);
    const free = `${database.prefix}free_${randomBytes(6).toString("hex")}`;
    await runAsAdmin(database.server, `alter database ${database.name} rename to ${free}`);
  } catch {
    await drop(database);
  }
}

/** Puts the run's migrated SQLite file where openDatabase looks in `dataDir`. */
export async function copySqliteTemplate(dataDir: string): Promise<void> {
  await fs.mkdir(dataDir, { recursive: true });
  await fs.copyFile(inject("sqliteTemplate"), sqliteFile(dataDir));
}
