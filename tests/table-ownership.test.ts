import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// Issue 21 item 2: each table has one owning server feature. Others reach its rows through that
// feature's service or read model, never by querying the table themselves.

const root = path.resolve(import.meta.dirname, "..");
const featuresDir = path.join(root, "src/server/features");

/**
 * Table -> the feature that owns it. "auth" is src/server/auth (better-auth) and "realtime"
 * src/server/realtime (the live-change backlog), not features.
 */
const OWNERS: Record<string, string> = {
  user: "profile",
  profile: "profile",
  plants: "garden",
  tasks: "garden",
  milestones: "garden",
  areas: "garden",
  area_plantings: "garden",
  task_skips: "garden",
  harvests: "garden",
  journal_entries: "garden",
  journal_photos: "garden",
  chats: "chat",
  messages: "chat",
  workflows: "workflows",
  workflow_items: "workflows",
  identifications: "identification",
  images: "photos",
  usage: "quota",
  weather_cache: "weather",
  app_settings: "reminders",
  push_subscriptions: "reminders",
  reminder_sends: "reminders",
  reminder_channels: "reminders",
  calendar_tokens: "calendar",
  climate_profiles: "climate",
  contact_messages: "contact",
  api_tokens: "api-tokens",
  idempotency_keys: "idempotency",
  operators: "admin",
  live_events: "realtime",
  session: "auth",
  account: "auth",
  verification: "auth",
};

// db/batches.ts's helpers take the table after the database: ownersOf(db, "plants", ...).
const BATCH_HELPER = /\b(?:ownersOf|insertRows)\(\s*\w+\s*,\s*([^,)]*)/g;
const QUERY_METHOD =
  /\.(?:selectFrom|insertInto|replaceInto|updateTable|deleteFrom|mergeInto|innerJoin|leftJoin|rightJoin|fullJoin|crossJoin)\(\s*([^,)]*)/g;
const RAW_SQL = /sql(?:<[^>]*>)?`([^`]*)`/g;
const RAW_TABLE = /\b(?:from|join|into|update|table)\s+"?([a-z_]+)"?/gi;
const QUOTED = /"([a-z_]+)"/g;

/**
 * The tables a source file touches: Kysely query and join methods with a literal table, sql.table
 * and raw SQL. A method given a variable ("deleteFrom(table)") cannot be read statically, so then
 * every table named in quotes anywhere in the file counts as touched.
 */
function tablesTouched(source: string): Set<string> {
  const tables = new Set<string>();
  let dynamic = false;
  for (const [, arg = ""] of [...source.matchAll(QUERY_METHOD), ...source.matchAll(BATCH_HELPER)]) {
    const literal = arg.trim().match(/^["'`]([a-z_]+)(?:\s+as\s+\w+)?["'`]$/);
    if (literal?.[1]) tables.add(literal[1]);
    else if (/^\w+$/.test(arg.trim())) dynamic = true;
  }
  for (const [, name = ""] of source.matchAll(/sql\.table\(\s*"([a-z_]+)"\s*\)/g)) {
    tables.add(name);
  }
  if (/sql\.table\(\s*[^"\s]/.test(source)) dynamic = true;
  for (const [, text = ""] of source.matchAll(RAW_SQL)) {
    for (const [, name = ""] of text.matchAll(RAW_TABLE)) tables.add(name.toLowerCase());
  }
  if (dynamic) for (const [, name = ""] of source.matchAll(QUOTED)) tables.add(name);
  return new Set([...tables].filter((table) => table in OWNERS));
}

function featureFiles(): { feature: string; file: string }[] {
  return readdirSync(featuresDir, { recursive: true, encoding: "utf8" })
    .filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file))
    .map((file) => ({ feature: file.split(path.sep)[0] ?? "", file }));
}

/** "feature table" for every table a feature touches but does not own, with the files. */
function foreignAccesses(): Map<string, string[]> {
  const found = new Map<string, string[]>();
  for (const { feature, file } of featureFiles()) {
    const source = readFileSync(path.join(featuresDir, file), "utf8");
    for (const table of tablesTouched(source)) {
      if (OWNERS[table] === feature) continue;
      const key = `${feature} ${table}`;
      found.set(key, [...(found.get(key) ?? []), file]);
    }
  }
  return found;
}

describe("table ownership", () => {
  it("names an owner for every table in the schema", () => {
    const schema = readFileSync(path.join(root, "src/server/db/schema.ts"), "utf8");
    const database = schema.slice(schema.indexOf("export interface Database {"));
    const tables = [...database.matchAll(/^\s{2}(\w+): \w+;$/gm)].map(([, name]) => name);
    expect(tables.length).toBeGreaterThan(10);
    for (const table of tables) expect(OWNERS, `owner of ${table}`).toHaveProperty(table as string);
  });

  it("reads table accesses of every kind", () => {
    const source = `
      db.selectFrom("plants").innerJoin("images", "images.id", "plants.image_id");
      trx.insertInto("tasks as t").values(row);
      await sql\`delete from \${sql.table("verification")} where x\`;
      await sql\`update profile set plan = 'pro'\`;
      db.selectFrom("plants").where("role", "=", "user");
    `;
    expect([...tablesTouched(source)].sort()).toEqual([
      "images",
      "plants",
      "profile",
      "tasks",
      "verification",
    ]);
    const batched = `await insertRows(trx, "milestones", rows); await ownersOf(db, "workflows", ids);`;
    expect([...tablesTouched(batched)].sort()).toEqual(["milestones", "workflows"]);
    const dynamic = `for (const table of ["chats", "usage"] as const) db.deleteFrom(table);`;
    expect([...tablesTouched(dynamic)].sort()).toEqual(["chats", "usage"]);
  });

  it("lets only a table's owning feature query it", () => {
    const foreign = foreignAccesses();
    expect([...foreign].map(([key, files]) => `${key}: ${files.join(", ")}`)).toEqual([]);
  });
});
