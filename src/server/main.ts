import { buildApp } from "./app";
import { ConfigError, loadConfig } from "./config";

async function main() {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(`Tendril cannot start. ${err.message}`);
      process.exit(1);
    }
    throw err;
  }

  const app = await buildApp(config);
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
