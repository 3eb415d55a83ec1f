import type { FastifyInstance } from "fastify";
import { buildApp } from "./app";
import { type Config, ConfigError, loadConfig } from "./config";
import { describeConnectionFailure } from "./db/connection-failure";

/** Start-up stopped by the operator's settings: one line naming what to fix, no stack trace. */
function cannotStart(message: string): never {
  console.error(`Tendril cannot start. ${message}`);
  process.exit(1);
}

async function main() {
  let config: Config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) cannotStart(err.message);
    throw err;
  }

  let app: FastifyInstance;
  try {
    app = await buildApp(config);
  } catch (err) {
    // buildApp's first query (the migrations) is where a wrong DATABASE_URL shows.
    const problem = config.databaseUrl && describeConnectionFailure(err, config.databaseUrl);
    if (problem) cannotStart(problem);
    throw err;
  }
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, "shutting down: finishing open requests");
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    await app.close();
    process.exit(0);
  };
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
  process.on("SIGINT", () => void shutdown("SIGINT"));

  await app.listen({ port: config.port, host: config.host });
  app.log.info(
    {
      url: config.publicUrl,
      database: config.databaseUrl ? "postgres" : "sqlite",
      dataDir: config.dataDir,
    },
    "Tendril is ready",
  );
}

main().catch((err: unknown) => {
  console.error("Tendril failed to start:", err);
  process.exit(1);
});
