import { ConfigError, loadConfig } from "../src/server/config";
import { openDatabase } from "../src/server/db/connection";
import { migrateToLatest } from "../src/server/db/migrate";
import { setPlanByEmail } from "../src/server/features/profile/service";

/**
 * npm run admin -- set-plan <email> pro|free
 * Works on the same database as the server (DATABASE_URL, or the SQLite file in TENDRIL_DATA_DIR).
 */
const USAGE = "Usage: npm run admin -- set-plan <email> pro|free";

async function main(args: string[]): Promise<number> {
  const [command, email, plan] = args;
  if (command !== "set-plan" || !email || (plan !== "pro" && plan !== "free")) {
    console.error(USAGE);
    return 2;
  }
  const config = loadConfig();
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

try {
  process.exitCode = await main(process.argv.slice(2));
} catch (err) {
  console.error(err instanceof ConfigError ? `Tendril admin cannot start. ${err.message}` : err);
  process.exitCode = 1;
}
