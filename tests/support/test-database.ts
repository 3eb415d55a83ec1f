import { randomBytes } from "node:crypto";
import fs from "node:fs/promises";
import { inject } from "vitest";
import { sqliteFile } from "../../src/server/db/connection";
import { runAsAdmin } from "./postgres-admin";

/**
 * What a test asks for: a database at the latest migration (copied from the run's template), or
 * an empty one for a test that migrates it itself (the migrations' own tests, an older release's
 * database built with migrateUpTo).
 */
export type Start = "migrated" | "empty";

/**
 * A PostgreSQL database of the test's own on TEST_DATABASE_URL's server, and a function that drops
 * it. One database each, not a schema in a shared one: Kysely's migrator reads every schema of its
 * database, and another test dropping its schema meanwhile failed that read.
 */
export async function createDatabase(start: Start = "migrated") {
  const url = process.env.TEST_DATABASE_URL;
  const template = inject("postgresTemplate");
  if (!url || !template) throw new Error("TEST_DATABASE_URL is not set");
  const name = `${inject("testDatabasePrefix")}${randomBytes(6).toString("hex")}`;
  // template0, not template1: nothing anyone added to the server's default template comes along.
  await runAsAdmin(
    url,
    `create database ${name} template ${start === "migrated" ? template : "template0"}`,
  );
  const databaseUrl = new URL(url);
  databaseUrl.pathname = `/${name}`;
  return {
    name,
    url: databaseUrl.toString(),
    // FORCE: a test that failed half-way may have left a connection open.
    drop: async () => {
      await runAsAdmin(url, `drop database if exists ${name} with (force)`);
    },
  };
}

/** Puts the run's migrated SQLite file where openDatabase looks in `dataDir`. */
export async function copySqliteTemplate(dataDir: string): Promise<void> {
  await fs.mkdir(dataDir, { recursive: true });
  await fs.copyFile(inject("sqliteTemplate"), sqliteFile(dataDir));
}
