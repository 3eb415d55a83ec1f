import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { addDays } from "../../src/core/garden/dates";
import { buildApp } from "../../src/server/app";
import { loadConfig } from "../../src/server/config";
import { openDatabase } from "../../src/server/db/connection";
import { setPlanByEmail } from "../../src/server/features/profile/service";
import { markShown, writeCache } from "../../src/server/features/weather/repository";
import type { Forecast } from "../../src/server/providers/weather/types";

export interface SeededGardener {
  baseUrl: string;
  cookie: string;
  /** Facts of the seed that right answers must repeat (the zone the ZIP resolves to, …). */
  facts: Record<string, string>;
  /** POST /api/gardening/chat as this gardener; JSON, or the SSE text with `stream`. */
  ask(message: string, options?: { chatId?: string; stream?: boolean }): Promise<Response>;
  close(): Promise<void>;
}

const today = () => new Date().toISOString().slice(0, 10);
const plusDays = (days: number) => addDays(today(), days);

/**
 * Tendril on a fresh SQLite folder, listening on loopback, with one gardener who has a tomato, a
 * lettuce and basil, tasks due today and overdue, a ZIP (so a zone) and a cached forecast with a
 * hot spell and a cold night, all made through the HTTP API except the forecast, which is written
 * to the weather cache as if the weather card had loaded it (no network in evals).
 */
export async function startSeededGardener(): Promise<SeededGardener> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), "tendril-eval-"));
  const config = loadConfig({
    NODE_ENV: "test",
    LOG_LEVEL: "silent",
    TENDRIL_DATA_DIR: dataDir,
    PUBLIC_URL: "http://localhost:3000",
    API_RATE_LIMIT_MAX: "1000000",
    // The plant-ID bench sends its 32 photos, then more, as fast as they are answered.
    IDENTIFY_PER_MINUTE: "1000000",
    AUTH_RATE_LIMIT_MAX: "1000",
    WEATHER_BASE_URL: "http://127.0.0.1:1",
    GEOCODING_BASE_URL: "http://127.0.0.1:1",
    WEB_DIST_DIR: path.join(dataDir, "no-web"),
  });
  const database = openDatabase(config);
  const app = await buildApp(config, { database });
  const address = await app.listen({ port: 0, host: "127.0.0.1" });
  const headers = { "content-type": "application/json", origin: config.publicUrl };
  const signUp = await fetch(`${address}/api/auth/sign-up/email`, {
    method: "POST",
    headers,
    body: JSON.stringify({
      email: "eval@example.com",
      password: "correct horse battery",
      name: "Robin",
    }),
  });
  if (!signUp.ok) throw new Error(`sign-up failed: ${signUp.status} ${await signUp.text()}`);
  const cookie = signUp.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  const call = async (method: string, url: string, body?: unknown) => {
    const res = await fetch(`${address}${url}`, {
      method,
      headers: { ...headers, cookie },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${await res.text()}`);
    return res.status === 204 ? null : res.json();
  };

  const me = await call("PATCH", "/api/me", {
    zip: "97201",
    displayName: "Robin",
    experience: "beginner",
  });
  const plant = (name: string, cropSlug: string) =>
    call("POST", "/api/plants", {
      name,
      cropSlug,
      medium: "soil",
      place: "outdoor",
      lights: "sun",
      plantingDate: plusDays(-20),
    });
  const tomato = await plant("Tomato", "tomato");
  await plant("Butterhead", "lettuce");
  await plant("Basil", "basil");
  await call("POST", "/api/tasks", { title: "Check the drip line", dueDate: today() });
  await call("POST", "/api/tasks", { title: "Turn the compost", dueDate: plusDays(-3) });
  await call("POST", "/api/tasks", {
    title: "Tie in the tomato",
    dueDate: plusDays(2),
    plantId: tomato.plant.id,
  });

  const forecast: Forecast = {
    timezone: "America/Los_Angeles",
    utcOffsetSeconds: -28_800,
    current: {
      time: `${today()}T12:00`,
      temperatureC: 29,
      humidity: 40,
      windMph: 6,
      weatherCode: 1,
    },
    daily: [31, 33, 30, 24, 22, 21, 23].map((maxC, i) => ({
      date: plusDays(i),
      minC: i === 5 ? 8 : 15,
      maxC,
      precipitationMm: i === 4 ? 12 : 0,
      humidity: 50,
      weatherCode: 1,
    })),
  };
  const userId: string = (await call("GET", "/api/me")).id;
  // Evals and benches ask more than the Free plan's 50 questions a day.
  await setPlanByEmail(database.db, "eval@example.com", "pro");
  const at = new Date().toISOString();
  const key = `eval:forecast:${userId}`;
  await writeCache(database.db, { key, userId, payload: JSON.stringify(forecast), fetchedAt: at });
  await markShown(database.db, userId, key, at);

  return {
    baseUrl: address,
    cookie,
    facts: { zone: String(me.zone ?? ""), displayName: "Robin" },
    ask: (message, options = {}) =>
      fetch(`${address}/api/gardening/chat`, {
        method: "POST",
        headers: {
          ...headers,
          cookie,
          accept: options.stream ? "text/event-stream" : "application/json",
        },
        body: JSON.stringify({ message, ...(options.chatId ? { chatId: options.chatId } : {}) }),
      }),
    async close() {
      await app.close();
      await database.db.destroy();
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}
