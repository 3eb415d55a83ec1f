import { randomBytes } from "node:crypto";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { openDatabase, sqliteFile } from "../../src/server/db/connection";
import { migrateToLatest } from "../../src/server/db/migrate";
import { runAsAdmin } from "./postgres-admin";

declare module "vitest" {
  interface ProvidedContext {
    /** The SQLite file migrated once for this run; each test app starts on a copy. */
    sqliteTemplate: string;
    /** The PostgreSQL database migrated once for this run (null without TEST_DATABASE_URL). */
    postgresTemplate: string | null;
    /** How this run's test databases are named, so teardown finds any a test left behind. */
    testDatabasePrefix: string;
  }
}

/**
 * Migrates once per run, not once per test app (19 migrations each): a SQLite file that test
 * apps copy, and a PostgreSQL database that they clone with CREATE DATABASE … TEMPLATE. The
 * names are the run's own, so runs side by side on one server never meet.
 */
export default async function setup(project: TestProject) {
  const run = randomBytes(4).toString("hex");
  const sqliteDir = await fs.mkdtemp(path.join(os.tmpdir(), "tendril-template-"));
  const sqlite = openDatabase({ dataDir: sqliteDir });
  await migrateToLatest(sqlite.db);
  // Closing the only connection folds the WAL into the file, so the file alone is the database.
  await sqlite.db.destroy();
  project.provide("sqliteTemplate", sqliteFile(sqliteDir));
  project.provide("testDatabasePrefix", `tendril_t_${run}_`);

  const url = process.env.TEST_DATABASE_URL;
  const template = `tendril_tpl_${run}`;
  /** The template and every test database of this run still there (a test that never closed). */
  const dropRunDatabases = async (admin: string) => {
    const [found] = await runAsAdmin(
      admin,
      `select datname from pg_database where datname like 'tendril\\_t\\_${run}\\_%'`,
    );
    const names = [...(found?.rows ?? []).map((row) => String(row.datname)), template];
    await runAsAdmin(admin, ...names.map((name) => `drop database if exists ${name} with (force)`));
  };
  if (url) {
    await runAsAdmin(url, `create database ${template} template template0`);
    const target = new URL(url);
    target.pathname = `/${template}`;
    const postgres = openDatabase({ databaseUrl: target.toString(), dataDir: sqliteDir });
    try {
      await migrateToLatest(postgres.db);
    } catch (error) {
      await postgres.db.destroy();
      await dropRunDatabases(url);
      throw error;
    }
    // CREATE DATABASE … TEMPLATE refuses a template anyone is connected to.
    await postgres.db.destroy();
  }
  project.provide("postgresTemplate", url ? template : null);

  return async () => {
    if (url) await dropRunDatabases(url);
    await fs.rm(sqliteDir, { recursive: true, force: true });
  };
}
