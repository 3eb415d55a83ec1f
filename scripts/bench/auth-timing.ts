/**
 * Issue 20 item 10: do sign-up and the password-reset request take as long for an e-mail that has
 * an account as for one that has none? Prints the median and p90 of each, in-process (inject), on
 * SQLite or, with DATABASE_URL, PostgreSQL. Usage: npx tsx scripts/bench/auth-timing.ts [count]
 */
import { randomBytes, randomUUID } from "node:crypto";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { buildApp } from "../../src/server/app";
import { loadConfig } from "../../src/server/config";
import { openDatabase } from "../../src/server/db/connection";
import { percentile } from "./percentile";

const count = Number(process.argv[2] ?? 200);
const databaseUrl = process.env.DATABASE_URL;
const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), "tendril-auth-timing-"));
const pgSchema = databaseUrl ? `bench_${randomBytes(6).toString("hex")}` : undefined;
const onPostgres = async (statement: string) => {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  await client.query(statement).finally(() => client.end());
};
if (pgSchema) await onPostgres(`create schema ${pgSchema}`);

const config = loadConfig({
  NODE_ENV: "production",
  LOG_LEVEL: "warn",
  API_RATE_LIMIT_MAX: "100000000",
  AUTH_RATE_LIMIT_MAX: "100000000",
  TENDRIL_DATA_DIR: dataDir,
  ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  PUBLIC_URL: "http://127.0.0.1",
  WEB_DIST_DIR: path.join(dataDir, "no-web-build"),
});
const database = openDatabase({ databaseUrl, dataDir, pgSchema });
const app = await buildApp(config, { database });

const timed = async (url: string, payload: object) => {
  const start = performance.now();
  const res = await app.inject({ method: "POST", url, payload });
  const ms = performance.now() - start;
  if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
  return ms;
};
const owner = { email: `owner-${randomUUID()}@example.com`, password: "owner password 1234" };
await timed("/api/auth/sign-up/email", { ...owner, name: "Owner" });

const runs = {
  "sign-up, taken e-mail": [] as number[],
  "sign-up, new e-mail": [] as number[],
  "reset request, existing e-mail": [] as number[],
  "reset request, missing e-mail": [] as number[],
};
// Interleaved, so drift (JIT, caches, the disk) touches both sides alike.
for (let i = 0; i < count; i++) {
  const body = { password: "some password 1234", name: "Someone" };
  runs["sign-up, taken e-mail"].push(
    await timed("/api/auth/sign-up/email", { ...body, email: owner.email }),
  );
  runs["sign-up, new e-mail"].push(
    await timed("/api/auth/sign-up/email", { ...body, email: `new-${randomUUID()}@example.com` }),
  );
  const reset = (email: string) =>
    timed("/api/auth/request-password-reset", { email, redirectTo: "/auth" });
  runs["reset request, existing e-mail"].push(await reset(owner.email));
  runs["reset request, missing e-mail"].push(await reset(`missing-${randomUUID()}@example.com`));
}

console.log(`${databaseUrl ? "PostgreSQL" : "SQLite"}, ${count} requests each (ms)`);
for (const [name, values] of Object.entries(runs)) {
  const median = percentile(values, 50).toFixed(2);
  console.log(
    `${name.padEnd(32)} median ${median.padStart(7)}  p90 ${percentile(values, 90).toFixed(2).padStart(7)}`,
  );
}
await app.close();
await database.db.destroy();
if (pgSchema) await onPostgres(`drop schema if exists ${pgSchema} cascade`);
await fs.rm(dataDir, { recursive: true, force: true });
