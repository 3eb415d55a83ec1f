import type { TestProject } from "vitest/node";
import { ensureServerBuild } from "../tests/support/compiled-server";
import { freePort, type ServerProcess, startServer } from "../tests/support/server-process";

declare module "vitest" {
  interface ProvidedContext {
    /** The browser suite's shared server (e2e/support.ts browserSuite). */
    e2eServerUrl: string;
    /**
     * Where that server asks for weather: each browser suite runs its own fake Open-Meteo on this
     * port while its file runs, so a test can still make the service fail or change its forecast.
     */
    e2eWeatherPort: number;
  }
}

/**
 * One compiled server for every browser suite that needs no settings of its own: each test signs
 * up its own gardener, so they share it as gardeners share an instance. Starting one per file
 * cost a start each (9–12 s under tsx).
 */
export default async function setup(project: TestProject) {
  ensureServerBuild();
  const weatherPort = await freePort();
  const weather = `http://127.0.0.1:${weatherPort}`;
  const server: ServerProcess = await startServer({
    WEATHER_BASE_URL: weather,
    GEOCODING_BASE_URL: weather,
    CLIMATE_BASE_URL: weather,
    // Every suite's gardeners sign up from 127.0.0.1 within a few minutes; the limits' own
    // checks are the server tests', on apps of their own.
    AUTH_RATE_LIMIT_MAX: "100000",
    CONTACT_PER_HOUR: "100000",
    ANONYMOUS_CHAT_PER_HOUR: "100000",
  });
  // The instance's first account is its operator: taken here, so no test's gardener is one.
  const operator = await fetch(`${server.url}/api/auth/sign-up/email`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: server.url },
    body: JSON.stringify({
      email: "operator@example.com",
      password: "operator password",
      name: "Op",
    }),
  });
  if (!operator.ok)
    throw new Error(`the shared server's operator sign-up failed: ${operator.status}`);
  project.provide("e2eServerUrl", server.url);
  project.provide("e2eWeatherPort", weatherPort);
  return async () => {
    const code = await server.stop();
    if (code !== 0) throw new Error(`the shared server exited with ${code}:\n${server.output()}`);
  };
}
