import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { addDays } from "../../src/core/garden/dates";
import type { PlantDetail } from "../../src/core/schemas/plant";
import { buildApp } from "../../src/server/app";
import { loadConfig } from "../../src/server/config";
import { openDatabase } from "../../src/server/db/connection";
import { setPlanByEmail } from "../../src/server/features/profile/service";
import { markShown, writeCache } from "../../src/server/features/weather/repository";
import type { Forecast } from "../../src/server/providers/weather/types";
import type { SeedName } from "./eval-items";

export interface SeededGardener {
  baseUrl: string;
  cookie: string;
  /**
   * Facts of the seed that right answers must repeat, for `{key}` in eval items: `zone`,
   * `zoneRange` ("15 to 20", °F as the zone map gives it), `zoneLowF`, `zoneHighF`, `zoneLowC`,
   * `zoneHighC` ("−9", with a minus sign), `zoneRangeC`, `zip`, `displayName`, `month`
   * ("November"), `season` and `seasonUs` ("autumn", "fall"), `weekMaxC`, `weekMinC`,
   * `weekRainMm` (the cached forecast's "33 °C", "8 °C", "12 mm"), per plant
   * (`tomato`, `lettuce`, `basil`, `monstera`, `chili`, `strawberry`) `<plant>.name`,
   * `.ageDays` ("30"), `.ageWeeks` ("4"), `.stage`, `.harvestDate` (YYYY-MM-DD), `.harvestDay`
   * ("4 December"), `.harvestDayUs` ("December 4"); per task `task.<key>` (its title).
   */
  facts: Record<string, string>;
  /** POST /api/gardening/chat as this gardener; JSON, or the SSE text with `stream`. */
  ask(message: string, options?: { chatId?: string; stream?: boolean }): Promise<Response>;
  /** Any other API call as this gardener; throws on a status that is not 2xx. */
  call(method: string, url: string, body?: unknown): Promise<unknown>;
  close(): Promise<void>;
}

const today = () => new Date().toISOString().slice(0, 10);
const plusDays = (days: number) => addDays(today(), days);

/** The garden: different crops, ages, media and places, so answers must tell them apart. */
const plantSeeds = [
  {
    key: "tomato",
    name: "Tomato",
    cropSlug: "tomato",
    medium: "soil",
    place: "outdoor",
    lights: "sun",
    daysAgo: 30,
  },
  {
    key: "lettuce",
    name: "Butterhead",
    cropSlug: "lettuce",
    medium: "hydroponics",
    place: "indoor",
    lights: "led",
    daysAgo: 20,
  },
  {
    key: "basil",
    name: "Basil",
    cropSlug: "basil",
    medium: "cocopeat",
    place: "indoor",
    lights: "sun",
    daysAgo: 45,
  },
  {
    key: "monstera",
    name: "Monstera",
    cropSlug: "monstera",
    medium: "soil",
    place: "indoor",
    lights: "sun",
    daysAgo: 200,
  },
  {
    key: "chili",
    name: "Padron",
    cropSlug: "chili-pepper",
    medium: "soil",
    place: "outdoor",
    lights: "sun",
    daysAgo: 70,
    notes: "In a 20-litre pot on the patio.",
  },
  {
    key: "strawberry",
    name: "Strawberries",
    cropSlug: "strawberry",
    medium: "soil",
    place: "outdoor",
    lights: "sun",
    daysAgo: 10,
  },
] as const;

/**
 * Three overdue (on different plants, one on none), one due today, three in the next week; the
 * plans add their own from today on (watering, pest watch, feeding…).
 */
const taskSeeds = [
  { key: "compost", title: "Turn the compost", inDays: -3 },
  { key: "reservoir", title: "Top up the lettuce reservoir", inDays: -2, plant: "lettuce" },
  { key: "pinch", title: "Pinch out the basil tips", inDays: -5, plant: "basil" },
  { key: "drip", title: "Check the drip line", inDays: 0 },
  { key: "tie", title: "Tie in the tomato", inDays: 2, plant: "tomato" },
  { key: "wipe", title: "Wipe the monstera leaves", inDays: 4, plant: "monstera" },
  { key: "net", title: "Net the strawberries", inDays: 6, plant: "strawberry" },
] as const;

const dayMonth = (iso: string) =>
  new Date(`${iso}T12:00:00Z`).toLocaleDateString("en-GB", {
    day: "numeric",
    month: "long",
    timeZone: "UTC",
  });
const monthDay = (iso: string) =>
  new Date(`${iso}T12:00:00Z`).toLocaleDateString("en-US", {
    day: "numeric",
    month: "long",
    timeZone: "UTC",
  });
const fToC = (f: number) => Math.round(((f - 32) * 5) / 9);

/** The zone map's "15 to 20" (°F) as `zoneRange`, each end in °F and °C, and "−9 to −7 °C". */
function zoneFacts(range: string): Record<string, string> {
  const [low = Number.NaN, high = Number.NaN] = range.split(" to ").map(Number);
  if (Number.isNaN(low) || Number.isNaN(high)) return { zoneRange: range };
  const c = (f: number) => String(fToC(f)).replace("-", "−");
  return {
    zoneRange: range,
    zoneLowF: String(low),
    zoneHighF: String(high),
    zoneLowC: c(low),
    zoneHighC: c(high),
    zoneRangeC: `${c(low)} to ${c(high)} °C`,
  };
}

/** This month's name and the northern season it is in (Portland's), both spellings of autumn. */
function seasonFacts(date: string): Record<string, string> {
  const month = Number(date.slice(5, 7));
  const season = ["winter", "spring", "summer", "autumn"][Math.floor((month % 12) / 3)] ?? "";
  return {
    month: new Date(`${date}T12:00:00Z`).toLocaleDateString("en-GB", {
      month: "long",
      timeZone: "UTC",
    }),
    season,
    seasonUs: season === "autumn" ? "fall" : season,
  };
}

/** What the plant page shows: the harvest stage's start date, the current stage, the age. */
function plantFacts(key: string, plant: PlantDetail, daysAgo: number): Record<string, string> {
  const harvest = plant.timeline.stages.find((stage) => stage.name === "harvest");
  const facts: Record<string, string> = {
    [`${key}.name`]: plant.name,
    [`${key}.ageDays`]: String(daysAgo),
    [`${key}.ageWeeks`]: String(Math.floor(daysAgo / 7)),
    [`${key}.stage`]: plant.timeline.currentStage ?? plant.stage ?? "",
  };
  if (harvest) {
    facts[`${key}.harvestDate`] = harvest.startDate;
    facts[`${key}.harvestDay`] = dayMonth(harvest.startDate);
    facts[`${key}.harvestDayUs`] = monthDay(harvest.startDate);
  }
  return facts;
}

/** Melbourne's place as /api/places finds it. */
const MELBOURNE = {
  name: "Melbourne",
  admin1: "Victoria",
  country: "Australia",
  countryCode: "AU",
  latitude: -37.81,
  longitude: 144.96,
  timeZone: "Australia/Melbourne",
};

/** Sam's garden: three plants outdoors, no tasks of their own, and no forecast (offline). */
const melbournePlants = [
  { name: "Tomatoes", cropSlug: "tomato", daysAgo: 21, notes: "In a raised bed." },
  { name: "Lemon", cropSlug: "lemon", daysAgo: 400, notes: "In a 40 cm pot of potting mix." },
  { name: "Basil", cropSlug: "basil", daysAgo: 14 },
] as const;

// biome-ignore lint/suspicious/noExplicitAny: API answers are read field by field.
type Call = (method: string, url: string, body?: unknown) => Promise<any>;

/** Sam in Melbourne: a saved place and no forecast, so season and numbers come from the place. */
async function seedMelbourne(call: Call): Promise<Record<string, string>> {
  await call("PATCH", "/api/me", {
    place: MELBOURNE,
    displayName: "Sam",
    experience: "beginner",
    units: "C",
  });
  for (const { daysAgo, ...plant } of melbournePlants) {
    await call("POST", "/api/plants", {
      ...plant,
      medium: "soil",
      place: "outdoor",
      lights: "sun",
      plantingDate: plusDays(-daysAgo),
    });
  }
  const { tasks } = await call("GET", "/api/tasks?status=pending");
  for (const task of tasks as { id: string; dueDate: string | null }[]) {
    if (task.dueDate && task.dueDate < today()) await call("DELETE", `/api/tasks/${task.id}`);
  }
  return { displayName: "Sam" };
}

/**
 * Tendril on a fresh SQLite folder, listening on loopback, with one seeded gardener. Robin (the
 * default, °C) has six plants of different ages, media and places, tasks overdue, due today and
 * this week, a ZIP (so a zone) and a cached forecast with a hot spell, a cold night and a wet day,
 * all made through the HTTP API except the forecast, which is written to the weather cache as if
 * the weather card had loaded it (no network in evals). Sam (`melbourne`) is seedMelbourne's.
 */
export async function startSeededGardener(who: SeedName = "robin"): Promise<SeededGardener> {
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
  const email = `eval-${who}@example.com`;
  const signUp = await fetch(`${address}/api/auth/sign-up/email`, {
    method: "POST",
    headers,
    body: JSON.stringify({
      email,
      password: "correct horse battery",
      name: who === "robin" ? "Robin" : "Sam",
    }),
  });
  if (!signUp.ok) throw new Error(`sign-up failed: ${signUp.status} ${await signUp.text()}`);
  const cookie = signUp.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  const call: Call = async (method, url, body) => {
    const res = await fetch(`${address}${url}`, {
      method,
      // A JSON content type with no body is refused (400), so a DELETE sends neither.
      headers: body === undefined ? { origin: config.publicUrl, cookie } : { ...headers, cookie },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${await res.text()}`);
    return res.status === 204 ? null : res.json();
  };
  const handle = {
    baseUrl: address,
    cookie,
    call,
    ask: (message: string, options: { chatId?: string; stream?: boolean } = {}) =>
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
  // Evals and benches ask more than the Free plan's 50 questions a day.
  await setPlanByEmail(database.db, email, "pro");
  if (who === "melbourne") return { ...handle, facts: await seedMelbourne(call) };

  const me = await call("PATCH", "/api/me", {
    zip: "97201",
    displayName: "Robin",
    experience: "beginner",
    units: "C",
  });
  const facts: Record<string, string> = {
    displayName: "Robin",
    zip: "97201",
    zone: String(me.zone ?? ""),
    ...zoneFacts(String(me.tempRange ?? "")),
    ...seasonFacts(today()),
  };
  const plantIds: Record<string, string> = {};
  for (const { key, daysAgo, ...body } of plantSeeds) {
    const created = await call("POST", "/api/plants", {
      ...body,
      plantingDate: plusDays(-daysAgo),
    });
    plantIds[key] = created.plant.id;
    // The page's own view of the plant (GET /api/plants/:id), as the gardener would read it.
    Object.assign(
      facts,
      plantFacts(key, await call("GET", `/api/plants/${created.plant.id}`), daysAgo),
    );
  }
  // The plans made tasks from each planting date on; a gardener who keeps up has done the past
  // ones, so only the seeded overdue tasks below are overdue.
  const { tasks: planned } = await call("GET", "/api/tasks?status=pending");
  for (const task of planned as { id: string; dueDate: string | null }[]) {
    if (task.dueDate && task.dueDate < today()) await call("DELETE", `/api/tasks/${task.id}`);
  }
  for (const task of taskSeeds) {
    const plantId = "plant" in task ? plantIds[task.plant] : undefined;
    await call("POST", "/api/tasks", {
      title: task.title,
      dueDate: plusDays(task.inDays),
      ...(plantId ? { plantId } : {}),
    });
    facts[`task.${task.key}`] = task.title;
  }

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
  const at = new Date().toISOString();
  const key = `eval:forecast:${userId}`;
  await writeCache(database.db, { key, userId, payload: JSON.stringify(forecast), fetchedAt: at });
  await markShown(database.db, userId, key, at);
  Object.assign(facts, { weekMaxC: "33 °C", weekMinC: "8 °C", weekRainMm: "12 mm" });

  return { ...handle, facts };
}
