import { type Config, ConfigError, loadConfig } from "../src/server/config";
import { BackupError, backupSqlite, restoreSqlite } from "../src/server/db/backup";
import { openDatabase, sqliteFile } from "../src/server/db/connection";
import { migrateToLatest } from "../src/server/db/migrate";
import {
  grantOperatorByEmail,
  revokeOperatorByEmail,
} from "../src/server/features/admin/operators-service";
import { setPlanByEmail } from "../src/server/features/profile/service";

/**
 * npm run admin -- set-plan <email> pro|free
 * npm run admin -- grant-operator <email> | revoke-operator <email>
 * npm run admin -- backup <file> [--force]
 * npm run admin -- restore <file>
 * Works on the same database as the server (DATABASE_URL, or the SQLite file in TENDRIL_DATA_DIR).
 */
const USAGE = [
  "Usage: npm run admin -- set-plan <email> pro|free",
  "       npm run admin -- grant-operator <email>    (the account then sees /admin)",
  "       npm run admin -- revoke-operator <email>",
  "       npm run admin -- backup <file> [--force]   (while the server runs)",
  "       npm run admin -- restore <file>            (with the server stopped)",
].join("\n");

const PG_DUMP = `Tendril keeps its data in PostgreSQL here (DATABASE_URL is set): back it up with pg_dump, which takes a consistent copy while Tendril runs, and keep AUTH_SECRET with it:
  pg_dump --format=custom --file=tendril.dump "$DATABASE_URL"`;

const PG_RESTORE = `Tendril keeps its data in PostgreSQL here (DATABASE_URL is set): stop every Tendril server, then restore a pg_dump backup with pg_restore:
  pg_restore --clean --if-exists --dbname "$DATABASE_URL" tendril.dump
(a plain SQL dump goes in with psql "$DATABASE_URL" --file=tendril.sql).`;

async function main(args: string[]): Promise<number> {
  const [command, ...rest] = args;
  const files = rest.filter((arg) => arg !== "--force");
  const [email, plan] = rest;
  if (command === "set-plan" && email && (plan === "pro" || plan === "free")) {
    return setPlan(loadConfig(), email, plan);
  }
  if ((command === "grant-operator" || command === "revoke-operator") && email && !plan) {
    return operator(loadConfig(), command, email);
  }
  if (command === "backup" && files.length === 1 && files[0]) {
    return backup(loadConfig(), files[0], files.length < rest.length);
  }
  if (command === "restore" && rest.length === 1 && rest[0]) {
    return restore(loadConfig(), rest[0]);
  }
  console.error(USAGE);
  return 2;
}

async function setPlan(config: Config, email: string, plan: "pro" | "free"): Promise<number> {
  const database = openDatabase(config);
  try {
    await migrateToLatest(database.db);
    if (!(await setPlanByEmail(database.db, email, plan))) {
      console.error(`No Tendril account uses the e-mail ${email} (or it has not signed in yet).`);
      return 1;
    }
    console.log(
      `${email} is now on the ${plan === "pro" ? "Pro (500 messages a day)" : "Free (50 messages a day)"} plan.`,
    );
    return 0;
  } finally {
    await database.db.destroy();
  }
}

const OPERATOR_REPLIES = {
  granted: (email: string) => `${email} is now an operator: Settings links it to /admin.`,
  already: (email: string) => `${email} is an operator already.`,
  revoked: (email: string) => `${email} is no longer an operator.`,
  none: (email: string) =>
    `${email} holds no operator grant (an ADMIN_EMAILS address a provider verified stays one).`,
};

async function operator(
  config: Config,
  command: "grant-operator" | "revoke-operator",
  email: string,
): Promise<number> {
  const database = openDatabase(config);
  try {
    await migrateToLatest(database.db);
    const outcome =
      command === "grant-operator"
        ? await grantOperatorByEmail(database.db, email)
        : await revokeOperatorByEmail(database.db, email);
    if (outcome === "no-account") {
      console.error(`No Tendril account uses the e-mail ${email}: sign up with it first.`);
      return 1;
    }
    console.log(OPERATOR_REPLIES[outcome](email));
    return 0;
  } finally {
    await database.db.destroy();
  }
}

async function backup(config: Config, file: string, force: boolean): Promise<number> {
  if (config.databaseUrl) {
    console.error(PG_DUMP);
    return 2;
  }
  const database = sqliteFile(config.dataDir);
  const done = await backupSqlite(database, file, { force });
  console.log(
    `Backed up ${database} to ${done.file}: ${size(done.bytes)}, ${done.pages} pages, integrity check ok.`,
  );
  return 0;
}

function restore(config: Config, file: string): number {
  if (config.databaseUrl) {
    console.error(PG_RESTORE);
    return 2;
  }
  const done = restoreSqlite(file, sqliteFile(config.dataDir));
  console.log(
    `Restored ${file} into ${done.file}: ${size(done.bytes)}, ${done.pages} pages, integrity check ok.`,
  );
  console.log(
    done.replaced
      ? `The database it replaced is now ${done.replaced}; delete it once Tendril runs well on the restored data.`
      : "There was no database there before.",
  );
  return 0;
}

function size(bytes: number): string {
  return bytes < 1024 * 1024
    ? `${Math.ceil(bytes / 1024)} kB`
    : `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

try {
  process.exitCode = await main(process.argv.slice(2));
} catch (err) {
  if (err instanceof ConfigError) console.error(`Tendril admin cannot start. ${err.message}`);
  else if (err instanceof BackupError) console.error(err.message);
  else console.error(err);
  process.exitCode = 1;
}
