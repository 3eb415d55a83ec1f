import { describe, expect, it } from "vitest";
import { runServer, startServer } from "./support/server-process";
import { createDatabase } from "./support/test-database";

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

  it("logs one line per request at info, with its method, address, status and time", async () => {
    const server = await startServer({ LOG_LEVEL: "info" });
    type Line = {
      msg?: string;
      req?: { method: string; url: string };
      res?: { statusCode: number };
    };
    const mine = (line: Line) =>
      /^\/api\/(health\?probe=1|no-such-route)$/.test(line.req?.url ?? "");
    const lines = () =>
      server
        .output()
        .split("\n")
        .filter((line) => line.startsWith("{"))
        .map((line) => JSON.parse(line) as Line & { responseTime?: number })
        .filter(mine);
    try {
      expect((await fetch(`${server.url}/api/health?probe=1`)).status).toBe(200);
      expect((await fetch(`${server.url}/api/no-such-route`)).status).toBe(404);
      // The line is written once the response has gone out: wait for the second one.
      await expect.poll(() => lines().length, { timeout: 10_000 }).toBeGreaterThanOrEqual(2);
      expect(
        lines().map((line) => [line.msg, line.req?.method, line.req?.url, line.res?.statusCode]),
      ).toEqual([
        ["request completed", "GET", "/api/health?probe=1", 200],
        ["request completed", "GET", "/api/no-such-route", 404],
      ]);
      for (const line of lines()) expect(line.responseTime).toBeGreaterThanOrEqual(0);
    } finally {
      await server.stop();
    }
  });

  it.runIf(process.env.TEST_DATABASE_URL)(
    "runs the same migrations against PostgreSQL via DATABASE_URL",
    async () => {
      // An empty database of its own, which the server migrates as it starts.
      const { url, release } = await createDatabase("empty");
      try {
        const server = await startServer({ DATABASE_URL: url });
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
        await release();
      }
    },
  );
});
