import { randomBytes } from "node:crypto";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import { type AppOverrides, buildApp } from "../../src/server/app";
import { type Config, loadConfig } from "../../src/server/config";
import { type DatabaseHandle, type Dialect, openDatabase } from "../../src/server/db/connection";
import { copySqliteTemplate, createDatabase, type Start } from "./test-database";

/**
 * SQLite always; PostgreSQL too when TEST_DATABASE_URL is set (CI sets it). For the suites where
 * the engines can differ: code that branches on the dialect, raw SQL, locks, transactions and
 * races, upserts, numbers, dates, JSON, ordering, repositories, migrations, imports and exports,
 * live events, several instances.
 */
export const bothEngines: Dialect[] = process.env.TEST_DATABASE_URL
  ? ["sqlite", "postgres"]
  : ["sqlite"];

/**
 * For route, validation, formatting and authorization suites whose queries are plain Kysely that
 * a bothEngines suite already runs on PostgreSQL (docs/decisions.md, "Which suites run on
 * PostgreSQL"): a second engine would check nothing new, at twice the time.
 */
export const sqliteOnly: Dialect[] = ["sqlite"];

export interface TestApp {
  app: FastifyInstance;
  config: Config;
  database: DatabaseHandle;
  /** PostgreSQL only: the URL of this app's own database, for a connection of the test's own. */
  databaseUrl?: string | undefined;
  dataDir: string;
  close(): Promise<void>;
}

export interface TestAppOptions {
  dialect?: Dialect;
  env?: Record<string, string | undefined>;
  overrides?: Omit<AppOverrides, "database">;
}

/**
 * A fresh database: a SQLite file in `dataDir`, or a PostgreSQL database of its own. Migrated
 * unless the test asks for an empty one to migrate itself.
 */
export async function openTestDatabase(
  dialect: Dialect,
  dataDir: string,
  start: Start = "migrated",
) {
  if (dialect === "sqlite") {
    if (start === "migrated") await copySqliteTemplate(dataDir);
    return { database: openDatabase({ dataDir }), release: async () => {}, url: undefined };
  }
  const { url, release } = await createDatabase(start);
  return { database: openDatabase({ databaseUrl: url, dataDir }), release, url };
}

export function testConfig(dataDir: string, env: Record<string, string | undefined> = {}): Config {
  return loadConfig({
    NODE_ENV: "test",
    LOG_LEVEL: "silent",
    TENDRIL_DATA_DIR: dataDir,
    PUBLIC_URL: "http://localhost:3000",
    AUTH_RATE_LIMIT_MAX: "1000",
    API_RATE_LIMIT_MAX: "100000",
    // Tests of other things send many photos; the limit's own test sets it low.
    IDENTIFY_PER_MINUTE: "100000",
    // No test reaches the internet: weather tests pass their fake Open-Meteo instead.
    WEATHER_BASE_URL: "http://127.0.0.1:1",
    GEOCODING_BASE_URL: "http://127.0.0.1:1",
    CLIMATE_BASE_URL: "http://127.0.0.1:1",
    WEB_DIST_DIR: path.join(dataDir, "no-web-build"),
    // Tests run the reminders themselves (app.reminders.runOnce) at the instant they choose.
    REMINDERS_INTERVAL_SECONDS: "0",
    // The push services tests run are on loopback; the tests of the refusal set it to false.
    OUTBOUND_ALLOW_PRIVATE: "true",
    ...env,
  });
}

export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), "tendril-test-"));
  const config = testConfig(dataDir, options.env);
  const { database, release, url } = await openTestDatabase(options.dialect ?? "sqlite", dataDir);
  const app = await buildApp(config, { ...options.overrides, database });
  await app.ready();
  return {
    app,
    config,
    database,
    databaseUrl: url,
    dataDir,
    async close() {
      await app.close();
      await database.db.destroy();
      await release();
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Two app instances on one fresh PostgreSQL database, already migrated as a running deployment's
 * is. They share a data folder, so they share the generated session
 * secret as AUTH_SECRET would make them. Each instance's connections carry an application_name of
 * their own, so a test can find (and end) one instance's backends. Needs TEST_DATABASE_URL.
 */
export async function twoInstancesOnPostgres(overrides: Omit<AppOverrides, "database"> = {}) {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), "tendril-two-"));
  const shared = await createDatabase("migrated");
  const databases: DatabaseHandle[] = [];
  const apps: FastifyInstance[] = [];
  const applicationNames: string[] = [];
  for (let i = 0; i < 2; i++) {
    const applicationName = `tendril-two-${randomBytes(5).toString("hex")}`;
    applicationNames.push(applicationName);
    const database = openDatabase({
      databaseUrl: shared.url,
      dataDir,
      pgSettings: { application_name: applicationName },
    });
    databases.push(database);
    apps.push(await buildApp(testConfig(dataDir), { ...overrides, database }));
  }
  return {
    apps: apps as [FastifyInstance, FastifyInstance],
    databases: databases as [DatabaseHandle, DatabaseHandle],
    applicationNames: applicationNames as [string, string],
    async close() {
      for (const app of apps) await app.close();
      for (const database of databases) await database.db.destroy();
      await shared.release();
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}
