import { randomBytes } from "node:crypto";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { openDatabase, sqliteFile } from "../../src/server/db/connection";
import { migrateToLatest } from "../../src/server/db/migrate";
import { ensureServerBuild } from "./compiled-server";
import { likePrefix, runAsAdmin, SCHEMA_FINGERPRINT, withConnection } from "./postgres-admin";

declare module "vitest" {
  interface ProvidedContext {
    /** The SQLite file migrated once for this run; each test app starts on a copy. */
    sqliteTemplate: string;
    /** The PostgreSQL database migrated once for this run (null without TEST_DATABASE_URL). */
    postgresTemplate: string | null;
    /** The template's SCHEMA_FINGERPRINT: a test database given back must still have it. */
    templateFingerprint: string | null;
    /** How this run's test databases are named, so teardown finds any a test left behind. */
    testDatabasePrefix: string;
  }
}

/**
 * Migrates once per run, not once per test app (19 migrations each): a SQLite file that test
 * apps copy, and a PostgreSQL database that they clone (tests/support/test-database.ts). The
 * names are the run's own, so runs side by side on one server never meet.
 */
export default async function setup(project: TestProject) {
  // Tests that start a server as a process run the compiled one.
  ensureServerBuild();
  const run = randomBytes(4).toString("hex");
  const sqliteDir = await fs.mkdtemp(path.join(os.tmpdir(), "tendril-template-"));
  const sqlite = openDatabase({ dataDir: sqliteDir });
  await migrateToLatest(sqlite.db);
  // Closing the only connection folds the WAL into the file, so the file alone is the database.
  await sqlite.db.destroy();
  project.provide("sqliteTemplate", sqliteFile(sqliteDir));

  const url = process.env.TEST_DATABASE_URL;
  const template = `tendril_tpl_${run}`;
  const prefix = `tendril_t_${run}_`;
  project.provide("testDatabasePrefix", prefix);
  project.provide("postgresTemplate", url ? template : null);
  project.provide("templateFingerprint", url ? await migrateTemplate(url, template, prefix) : null);

  return async () => {
    if (url) await dropRunDatabases(url, template, prefix);
    await fs.rm(sqliteDir, { recursive: true, force: true });
  };
}

/** Creates and migrates the template; returns its schema's fingerprint. */
async function migrateTemplate(url: string, template: string, prefix: string): Promise<string> {
  await runAsAdmin(url, `create database ${template} template template0`);
  const target = new URL(url);
  target.pathname = `/${template}`;
  try {
    const database = openDatabase({ databaseUrl: target.toString(), dataDir: os.tmpdir() });
    try {
      await migrateToLatest(database.db);
    } finally {
      // Closed before any test starts: CREATE DATABASE … TEMPLATE refuses a template in use.
      await database.db.destroy();
    }
    return await withConnection(target.toString(), async (client) => {
      const { rows } = await client.query<{ fingerprint: string }>(SCHEMA_FINGERPRINT);
      return rows[0]?.fingerprint ?? "";
    });
  } catch (error) {
    await dropRunDatabases(url, template, prefix);
    throw error;
  }
}

/** The template and every test database of this run still there (a test that never closed). */
async function dropRunDatabases(url: string, template: string, prefix: string): Promise<void> {
  const found = await withConnection(url, (client) =>
    client.query<{ datname: string }>("select datname from pg_database where datname like $1", [
      likePrefix(prefix),
    ]),
  );
  const names = [...found.rows.map((row) => row.datname), template];
  await runAsAdmin(url, ...names.map((name) => `drop database if exists ${name} with (force)`));
}
