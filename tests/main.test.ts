import { describe, expect, it } from "vitest";
import { runServer, startServer } from "./support/server-process";
import { createSchema } from "./support/test-app";

describe("npm start (src/server/main.ts)", () => {
  it("stops with a message that names PORT when PORT is not a number", async () => {
    const run = runServer({ PORT: "abc", TENDRIL_DATA_DIR: "/tmp/tendril-never-used" });
    expect(await run.exited).toBe(1);
    expect(run.output()).toMatch(
      /Tendril cannot start\. Invalid configuration:\s+PORT: PORT must be a whole number/,
    );
  });

  it("serves on SQLite in the data folder and shuts down cleanly on SIGTERM", async () => {
    const server = await startServer();
    const res = await fetch(`${server.url}/api/ready`);
    expect(await res.json()).toEqual({ status: "ready", database: "sqlite" });
    expect(await server.stop()).toBe(0);
  });

  it.runIf(process.env.TEST_DATABASE_URL)(
    "runs the same migrations against PostgreSQL via DATABASE_URL",
    async () => {
      // A schema of its own (the connection's search_path) keeps the shared test database clean.
      const { schema, drop } = await createSchema(process.env.TEST_DATABASE_URL ?? "");
      const url = new URL(process.env.TEST_DATABASE_URL ?? "");
      url.searchParams.set("options", `-c search_path=${schema}`);
      try {
        const server = await startServer({ DATABASE_URL: url.toString() });
        const res = await fetch(`${server.url}/api/ready`);
        expect(await res.json()).toEqual({ status: "ready", database: "postgres" });
        const signUp = await fetch(`${server.url}/api/auth/sign-up/email`, {
          method: "POST",
          headers: { "content-type": "application/json", origin: server.url },
          body: JSON.stringify({ email: "pg@example.com", password: "long enough pw", name: "Pg" }),
        });
        expect(signUp.status).toBe(200);
        expect(await server.stop()).toBe(0);
      } finally {
        await drop();
      }
    },
  );
});
