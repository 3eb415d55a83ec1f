import { type Kysely, type Migration, Migrator, PostgresAdapter, sql } from "kysely";
import * as initial from "./migrations/0001-initial";
import * as listOrderIndexes from "./migrations/0002-list-order-indexes";
import * as plantTaskOrderIndex from "./migrations/0003-plant-task-order-index";
import * as messageSources from "./migrations/0004-message-sources";
import * as images from "./migrations/0005-images";
import * as milestonesAndChecklists from "./migrations/0006-milestones-and-checklists";
import * as reminders from "./migrations/0007-reminders";
import * as climateProfiles from "./migrations/0008-climate-profiles";
import * as profilePlace from "./migrations/0009-profile-place";
import * as plantSetup from "./migrations/0010-plant-setup";
import * as appOrigin from "./migrations/0011-app-origin";
import * as apiTokens from "./migrations/0012-api-tokens";
import * as reminderChannels from "./migrations/0013-reminder-channels";
import * as contactMessages from "./migrations/0014-contact-messages";
import * as areas from "./migrations/0015-areas";
import * as harvests from "./migrations/0016-harvests";
import * as journal from "./migrations/0017-journal";
import * as taskSkips from "./migrations/0018-task-skips";
import * as areaPlantings from "./migrations/0019-area-plantings";
import * as idempotencyKeys from "./migrations/0020-idempotency-keys";
import * as liveEvents from "./migrations/0021-live-events";
import * as amountsAsKept from "./migrations/0022-amounts-as-kept";
import * as operators from "./migrations/0023-operators";

// A static list (not a folder scan) so migrations run the same from source, tests and bundles.
const migrations: Record<string, Migration> = {
  "0001-initial": initial,
  "0002-list-order-indexes": listOrderIndexes,
  "0003-plant-task-order-index": plantTaskOrderIndex,
  "0004-message-sources": messageSources,
  "0005-images": images,
  "0006-milestones-and-checklists": milestonesAndChecklists,
  "0007-reminders": reminders,
  "0008-climate-profiles": climateProfiles,
  "0009-profile-place": profilePlace,
  "0010-plant-setup": plantSetup,
  "0011-app-origin": appOrigin,
  "0012-api-tokens": apiTokens,
  "0013-reminder-channels": reminderChannels,
  "0014-contact-messages": contactMessages,
  "0015-areas": areas,
  "0016-harvests": harvests,
  "0017-journal": journal,
  "0018-task-skips": taskSkips,
  "0019-area-plantings": areaPlantings,
  "0020-idempotency-keys": idempotencyKeys,
  "0021-live-events": liveEvents,
  "0022-amounts-as-kept": amountsAsKept,
  "0023-operators": operators,
};

/**
 * Every migration this release knows, oldest first (by name, as Kysely's migrator orders them): a
 * database with others comes from a newer one.
 */
export const migrationNames: readonly string[] = Object.keys(migrations).sort();

export function migrateToLatest(
  // biome-ignore lint/suspicious/noExplicitAny: the migrator works on any schema
  db: Kysely<any>,
): Promise<string[]> {
  return migrate(db, undefined);
}

/** Migrates up to and including `name`: how the tests build a database as an older release left it. */
export function migrateUpTo(
  // biome-ignore lint/suspicious/noExplicitAny: the migrator works on any schema
  db: Kysely<any>,
  name: keyof typeof migrations,
): Promise<string[]> {
  return migrate(db, name);
}

async function migrate(
  // biome-ignore lint/suspicious/noExplicitAny: the migrator works on any schema
  db: Kysely<any>,
  target: string | undefined,
): Promise<string[]> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) {
    return runMigrations(db, undefined, target);
  }
  // Instances starting together on one database take turns: an advisory lock per schema, held on
  // one connection for the whole run (Kysely's own lock table cannot be created concurrently).
  return db.connection().execute(async (connection) => {
    const schema =
      (await sql<{ schema: string }>`select current_schema() as schema`.execute(connection)).rows[0]
        ?.schema ?? "public";
    await sql`select pg_advisory_lock(hashtext(${`tendril-migrate:${schema}`}))`.execute(
      connection,
    );
    try {
      return await runMigrations(connection, schema, target);
    } finally {
      await sql`select pg_advisory_unlock(hashtext(${`tendril-migrate:${schema}`}))`.execute(
        connection,
      );
    }
  });
}

async function runMigrations(
  // biome-ignore lint/suspicious/noExplicitAny: the migrator works on any schema
  db: Kysely<any>,
  migrationTableSchema: string | undefined,
  target: string | undefined,
): Promise<string[]> {
  // Kysely looks for its bookkeeping tables in every schema; pin them to the one we migrate, so a
  // database that holds several Tendril schemas (tests, staging) never mixes their histories.
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
    ...(migrationTableSchema ? { migrationTableSchema } : {}),
  });
  const { error, results } = await (target
    ? migrator.migrateTo(target)
    : migrator.migrateToLatest());
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === "Success").map((r) => r.migrationName);
}
