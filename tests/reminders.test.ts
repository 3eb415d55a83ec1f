import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../src/server/config";
import { openDatabase } from "../src/server/db/connection";
import { vapidKeys } from "../src/server/features/reminders/vapid-keys";
import { generateVapidKeys } from "../src/server/providers/push/web-push-sender";
import { type FakeBrowser, type FakePushService, startFakePushService } from "./fakes/push-service";
import { client, shiftDate, tomatoBody, utcToday } from "./support/garden";
import {
  bothEngines,
  createTestApp,
  type TestApp,
  twoInstancesOnPostgres,
} from "./support/test-app";
import { createDatabase } from "./support/test-database";
import { type SignedInUser, signUp } from "./support/users";

/**
 * The reminder's day: well before any plan task of the tests' plants (planted a month from
 * today), so the due list holds only the tasks each test makes.
 */
const DAY = shiftDate(utcToday(), -60);
const at = (date: string, time: string) => new Date(`${date}T${time}Z`);

interface Payload {
  title: string;
  body: string;
  tasks: { id: string; title: string; dueDate: string; plantName: string | null }[];
  more: number;
  url: string;
}

describe.each(bothEngines)("push reminders on %s", (dialect) => {
  let push: FakePushService;
  let t: TestApp;

  beforeAll(async () => {
    push = await startFakePushService();
    t = await createTestApp({ dialect, overrides: { pushAgent: push.agent } });
  });
  afterAll(async () => {
    await t?.close();
    await push?.close();
  });

  /** A gardener with a browser subscribed to push reminders. */
  async function subscribedGardener(settings: Record<string, unknown> = {}) {
    const user = await signUp(t.app);
    const api = client(t.app, user.cookie);
    if (Object.keys(settings).length > 0) {
      const res = await api.patch("/api/me", settings);
      expect(res.statusCode, res.body).toBe(200);
    }
    const browser = push.browser();
    const res = await api.post("/api/push/subscriptions", browser.subscription);
    expect(res.statusCode, res.body).toBe(201);
    return { user, api, browser };
  }

  const task = async (
    api: ReturnType<typeof client>,
    title: string,
    dueDate: string,
    extra: Record<string, unknown> = {},
  ) => {
    const res = await api.post("/api/tasks", { title, dueDate, ...extra });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { id: string };
  };
  const messagesTo = (browser: FakeBrowser) =>
    push.received.filter((m) => m.endpoint === browser.subscription.endpoint);

  it("hands out one VAPID public key, the one the messages are signed with", async () => {
    const user = await signUp(t.app);
    const res = await client(t.app, user.cookie).get("/api/push/public-key");
    expect(res.statusCode).toBe(200);
    const { publicKey } = res.json();
    expect(Buffer.from(publicKey, "base64url")).toHaveLength(65);
    const again = await client(t.app, user.cookie).get("/api/push/public-key");
    expect(again.json().publicKey).toBe(publicKey);
  });

  it("pushes the tasks due today and overdue in the gardener's zone, once, at their hour", async () => {
    // Tokyo is UTC+9: 07:00 there on DAY+1 is 22:00 UTC on DAY.
    const { user, api, browser } = await subscribedGardener({
      timeZone: "Asia/Tokyo",
      reminderHour: 7,
    });
    const today = shiftDate(DAY, 1);
    const tomato = (await api.post("/api/plants", tomatoBody({ name: "Tomato" }))).json();
    const due = await task(api, "Water the tomato", today, { plantId: tomato.plant.id });
    const overdue = await task(api, "Oil the shears", shiftDate(today, -2));
    await task(api, "Sow radishes", shiftDate(today, 1));
    const done = await task(api, "Buy twine", today);
    expect((await api.post(`/api/tasks/${done.id}/complete`)).statusCode).toBe(200);
    // Another gardener's task due today, who has no way to be reminded.
    const other = await signUp(t.app);
    await task(client(t.app, other.cookie), "Not yours", today);

    const before = await t.app.reminders.runOnce(at(DAY, "21:59:59"));
    expect(before.reminded).not.toContain(user.id);
    expect(messagesTo(browser)).toHaveLength(0);

    const run = await t.app.reminders.runOnce(at(DAY, "22:00:00"));
    expect(run.reminded).toEqual([user.id]);
    expect(push.errors).toEqual([]);
    const [message] = messagesTo(browser);
    expect(message).toBeDefined();
    const payload = message?.payload as Payload;
    expect(payload.tasks).toEqual([
      { id: overdue.id, title: "Oil the shears", dueDate: shiftDate(today, -2), plantName: null },
      { id: due.id, title: "Water the tomato", dueDate: today, plantName: "Tomato" },
    ]);
    expect(payload.title).toBe("2 garden tasks: 1 due today, 1 overdue");
    expect(payload.body).toBe(
      `Oil the shears (overdue since ${shiftDate(today, -2)})\nWater the tomato — Tomato`,
    );
    expect(payload).toMatchObject({ more: 0, url: "/plants" });
    // Signed with the key browsers subscribe with, for this push service.
    const key = (await api.get("/api/push/public-key")).json().publicKey;
    expect(message?.vapidKey).toBe(key);
    expect(message?.audience).toBe(push.origin);
    expect(Number(message?.headers.ttl)).toBeGreaterThan(0);

    // Later that day, on any later run: nothing more.
    await t.app.reminders.runOnce(at(DAY, "22:01:00"));
    await t.app.reminders.runOnce(at(today, "14:59:00"));
    expect(messagesTo(browser)).toHaveLength(1);

    // The next local day it goes out again, for what is due then.
    const next = await t.app.reminders.runOnce(at(today, "22:00:00"));
    expect(next.reminded).toEqual([user.id]);
    const second = messagesTo(browser)[1]?.payload as Payload;
    expect(second.tasks.map((x) => x.title)).toEqual([
      "Oil the shears",
      "Water the tomato",
      "Sow radishes",
    ]);
  });

  it("catches up after downtime with today's reminder only, never yesterday's", async () => {
    const { user, api, browser } = await subscribedGardener({ reminderHour: 8 });
    await task(api, "Turn the compost", DAY);
    // Down from DAY 07:00 to DAY+1 23:30: the run then sends DAY+1's reminder, once.
    await t.app.reminders.runOnce(at(DAY, "07:00:00"));
    const late = await t.app.reminders.runOnce(at(shiftDate(DAY, 1), "23:30:00"));
    expect(late.reminded).toEqual([user.id]);
    const sends = await t.database.db
      .selectFrom("reminder_sends")
      .select("local_date")
      .where("user_id", "=", user.id)
      .execute();
    expect(sends.map((s) => s.local_date)).toEqual([shiftDate(DAY, 1)]);
    expect(messagesTo(browser)).toHaveLength(1);
    expect((messagesTo(browser)[0]?.payload as Payload | undefined)?.title).toBe(
      "1 garden task overdue",
    );
  });

  it("sends nothing when nothing is due, nor to a gardener without a subscription", async () => {
    const { user, api, browser } = await subscribedGardener();
    await task(api, "Next week", shiftDate(DAY, 7));
    const unsubscribed = await signUp(t.app);
    await task(client(t.app, unsubscribed.cookie), "Due", DAY);
    const run = await t.app.reminders.runOnce(at(DAY, "12:00:00"));
    expect(run.reminded).not.toContain(user.id);
    expect(run.reminded).not.toContain(unsubscribed.id);
    expect(messagesTo(browser)).toHaveLength(0);
  });

  it("lists 10 tasks and says how many more", async () => {
    const { api, browser } = await subscribedGardener();
    for (let i = 0; i < 12; i++) await task(api, `Task ${String(i).padStart(2, "0")}`, DAY);
    await t.app.reminders.runOnce(at(DAY, "09:00:00"));
    const payload = messagesTo(browser)[0]?.payload as Payload;
    expect(payload.tasks).toHaveLength(10);
    expect(payload.more).toBe(2);
    expect(payload.title).toBe("12 garden tasks today");
    expect(payload.body.split("\n").at(-1)).toBe("and 2 more");
  });

  it("deletes a subscription the push service reports gone (410) and keeps the others", async () => {
    const { user, api, browser } = await subscribedGardener();
    const laptop = push.browser();
    expect((await api.post("/api/push/subscriptions", laptop.subscription)).statusCode).toBe(201);
    push.respondWith(browser.subscription.endpoint, 410);
    await task(api, "Prune", DAY);
    const run = await t.app.reminders.runOnce(at(DAY, "10:00:00"));
    expect(run.gone).toBe(1);
    const left = await t.database.db
      .selectFrom("push_subscriptions")
      .select("endpoint")
      .where("user_id", "=", user.id)
      .execute();
    expect(left.map((s) => s.endpoint)).toEqual([laptop.subscription.endpoint]);
    expect(messagesTo(laptop)).toHaveLength(1);
  });

  it("keeps a subscription whose push service fails for another reason", async () => {
    const { user, api, browser } = await subscribedGardener();
    push.respondWith(browser.subscription.endpoint, 500);
    await task(api, "Mulch", DAY);
    const run = await t.app.reminders.runOnce(at(DAY, "10:00:00"));
    expect(run.failed).toBeGreaterThanOrEqual(1);
    const left = await t.database.db
      .selectFrom("push_subscriptions")
      .select("endpoint")
      .where("user_id", "=", user.id)
      .execute();
    expect(left).toHaveLength(1);
  });

  it("checks subscriptions: an https endpoint and the browser's real keys", async () => {
    const user = await signUp(t.app);
    const api = client(t.app, user.cookie);
    const good = push.browser().subscription;
    const cases: [string, unknown][] = [
      ["an http endpoint", { ...good, endpoint: "http://push.example/abc" }],
      ["no keys", { endpoint: good.endpoint }],
      ["a short p256dh", { ...good, keys: { ...good.keys, p256dh: "BAAA" } }],
      ["a p256dh off the curve", { ...good, keys: { ...good.keys, p256dh: `B${"A".repeat(86)}` } }],
      ["a long auth", { ...good, keys: { ...good.keys, auth: "A".repeat(40) } }],
      ["a field browsers do not send", { ...good, colour: "green" }],
    ];
    for (const [what, body] of cases) {
      const res = await api.post("/api/push/subscriptions", body);
      expect(res.statusCode, `${what}: ${res.body}`).toBe(400);
      expect(res.json().error.code).toBe("invalid_request");
    }
    const rows = await t.database.db
      .selectFrom("push_subscriptions")
      .selectAll()
      .where("user_id", "=", user.id)
      .execute();
    expect(rows).toEqual([]);
  });

  it("unsubscribes only the gardener's own endpoint; a browser that changes hands moves", async () => {
    const a = await subscribedGardener();
    const b = await signUp(t.app);
    const bApi = client(t.app, b.cookie);
    const owner = () =>
      t.database.db
        .selectFrom("push_subscriptions")
        .select("user_id")
        .where("endpoint", "=", a.browser.subscription.endpoint)
        .executeTakeFirst();
    const gone = await t.app.inject({
      method: "DELETE",
      url: "/api/push/subscriptions",
      headers: { cookie: b.cookie },
      payload: { endpoint: a.browser.subscription.endpoint },
    });
    expect(gone.statusCode).toBe(204);
    expect((await owner())?.user_id).toBe(a.user.id);
    // B signs in on A's browser, which subscribes again: the endpoint is B's now.
    expect((await bApi.post("/api/push/subscriptions", a.browser.subscription)).statusCode).toBe(
      201,
    );
    expect((await owner())?.user_id).toBe(b.id);
    const mine = await t.app.inject({
      method: "DELETE",
      url: "/api/push/subscriptions",
      headers: { cookie: b.cookie },
      payload: { endpoint: a.browser.subscription.endpoint },
    });
    expect(mine.statusCode).toBe(204);
    expect(await owner()).toBeUndefined();
  });
});

describe.each(bothEngines)("reminder settings and snooze on %s", (dialect) => {
  let t: TestApp;
  let user: SignedInUser;
  let api: ReturnType<typeof client>;
  beforeAll(async () => {
    t = await createTestApp({ dialect });
    user = await signUp(t.app);
    api = client(t.app, user.cookie);
  });
  afterAll(async () => {
    await t?.close();
  });

  it("starts at UTC, 8 o'clock, no e-mail, and saves the gardener's choices", async () => {
    expect((await api.get("/api/me")).json()).toMatchObject({
      timeZone: "UTC",
      reminderHour: 8,
      emailDigest: false,
    });
    const res = await api.patch("/api/me", {
      timeZone: "america/new_york",
      reminderHour: 23,
      emailDigest: true,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      timeZone: "America/New_York",
      reminderHour: 23,
      emailDigest: true,
    });
    expect((await api.patch("/api/me", { reminderHour: 0 })).json().reminderHour).toBe(0);
  });

  it("refuses a zone Intl does not know, an hour outside 0–23 and a digest that is not a boolean", async () => {
    for (const body of [
      { timeZone: "Mars/Olympus_Mons" },
      { timeZone: "" },
      { timeZone: "+05:00" },
      { reminderHour: 24 },
      { reminderHour: -1 },
      { reminderHour: 7.5 },
      { emailDigest: "yes" },
    ]) {
      const res = await api.patch("/api/me", body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().error.message).toMatch(/\S/);
    }
    expect((await api.get("/api/me")).json()).toMatchObject({
      timeZone: "America/New_York",
      reminderHour: 0,
    });
  });

  it("snoozes a task from the later of today and its due date; another's is 404", async () => {
    const today = utcToday();
    const make = async (dueDate: string) =>
      (await api.post("/api/tasks", { title: "Snooze me", dueDate })).json() as { id: string };
    const overdue = await make(shiftDate(today, -3));
    const ahead = await make(shiftDate(today, 2));
    const snooze = (id: string, body: unknown = { days: 1 }) =>
      api.post(`/api/tasks/${id}/snooze`, body);

    const a = await snooze(overdue.id);
    expect(a.statusCode, a.body).toBe(200);
    expect(a.json()).toMatchObject({
      id: overdue.id,
      dueDate: shiftDate(today, 1),
      status: "pending",
    });
    expect((await snooze(ahead.id, { days: 3 })).json().dueDate).toBe(shiftDate(today, 5));
    expect((await snooze(ahead.id, {})).json().dueDate).toBe(shiftDate(today, 6));

    for (const body of [{ days: 0 }, { days: 366 }, { days: 1.5 }, { days: "1" }, { weeks: 1 }]) {
      expect((await snooze(ahead.id, body)).statusCode, JSON.stringify(body)).toBe(400);
    }
    const other = await signUp(t.app);
    const theirs = await t.app.inject({
      method: "POST",
      url: `/api/tasks/${ahead.id}/snooze`,
      headers: { cookie: other.cookie },
      payload: { days: 1 },
    });
    expect(theirs.statusCode).toBe(404);
    expect((await api.get("/api/tasks?status=pending")).json().tasks).toContainEqual(
      expect.objectContaining({ id: ahead.id, dueDate: shiftDate(today, 6) }),
    );
  });

  it("leaves a task that was done meanwhile as it is", async () => {
    const made = (
      await api.post("/api/tasks", { title: "Done already", dueDate: utcToday() })
    ).json();
    await api.post(`/api/tasks/${made.id}/complete`);
    const res = await api.post(`/api/tasks/${made.id}/snooze`, { days: 1 });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: "completed", dueDate: utcToday() });
  });
});

describe("VAPID keys", () => {
  it("come from VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY when set", async () => {
    const keys = generateVapidKeys();
    const t = await createTestApp({
      env: { VAPID_PUBLIC_KEY: keys.publicKey, VAPID_PRIVATE_KEY: keys.privateKey },
    });
    try {
      const user = await signUp(t.app);
      expect((await client(t.app, user.cookie).get("/api/push/public-key")).json()).toEqual({
        publicKey: keys.publicKey,
      });
      const stored = await t.database.db.selectFrom("app_settings").selectAll().execute();
      expect(stored).toEqual([]);
    } finally {
      await t.close();
    }
  });

  it("refuse a malformed key, or one without the other, at start-up", () => {
    const keys = generateVapidKeys();
    expect(() =>
      loadConfig({ VAPID_PUBLIC_KEY: "short", VAPID_PRIVATE_KEY: keys.privateKey }),
    ).toThrow(/VAPID_PUBLIC_KEY/);
    expect(() => loadConfig({ VAPID_PUBLIC_KEY: keys.publicKey })).toThrow(
      /VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY must be set together/,
    );
    expect(() => loadConfig({ VAPID_SUBJECT: "gardener@example.com" })).toThrow(/VAPID_SUBJECT/);
    expect(() => loadConfig({ REMINDERS_INTERVAL_SECONDS: "-1" })).toThrow(
      /REMINDERS_INTERVAL_SECONDS/,
    );
    expect(loadConfig({}).reminders.intervalSeconds).toBe(60);
    expect(loadConfig({ REMINDERS_INTERVAL_SECONDS: "0" }).reminders.intervalSeconds).toBe(0);
    expect(loadConfig({ MAIL_FROM: "Garden <garden@example.org>" }).reminders.vapidSubject).toBe(
      "mailto:garden@example.org",
    );
    expect(loadConfig({ PUBLIC_URL: "https://garden.example" }).reminders.vapidSubject).toBe(
      "https://garden.example",
    );
  });

  it("are generated once and kept: a restart signs with the same pair", async () => {
    const t = await createTestApp();
    const first = await vapidKeys(t.database.db, undefined);
    const second = await vapidKeys(t.database.db, undefined);
    expect(second).toEqual(first);
    const user = await signUp(t.app);
    expect((await client(t.app, user.cookie).get("/api/push/public-key")).json().publicKey).toBe(
      first.publicKey,
    );
    await t.close();
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)(
  "reminders with two instances on one PostgreSQL",
  () => {
    it("agree on one VAPID key pair when they start at the same moment", async () => {
      const { url, release } = await createDatabase("migrated");
      const handles = [0, 1, 2, 3].map(() => openDatabase({ databaseUrl: url, dataDir: "/tmp" }));
      try {
        const pairs = await Promise.all(handles.map((h) => vapidKeys(h.db, undefined)));
        expect(new Set(pairs.map((p) => p.publicKey)).size).toBe(1);
        expect(new Set(pairs.map((p) => p.privateKey)).size).toBe(1);
      } finally {
        for (const h of handles) await h.db.destroy();
        await release();
      }
    });

    it("send each gardener's reminder exactly once when both run at the same moment", async () => {
      const push = await startFakePushService();
      const two = await twoInstancesOnPostgres({ pushAgent: push.agent });
      try {
        const [a, b] = two.apps;
        const browsers: FakeBrowser[] = [];
        for (let i = 0; i < 6; i++) {
          // Half sign up on A, half on B; each has a task due and a subscribed browser.
          const app = i % 2 === 0 ? a : b;
          const user = await signUp(app);
          const api = client(app, user.cookie);
          expect((await api.patch("/api/me", { emailDigest: i < 2 })).statusCode).toBe(200);
          await api.post("/api/tasks", { title: `Water bed ${i}`, dueDate: DAY });
          const browser = push.browser();
          expect((await api.post("/api/push/subscriptions", browser.subscription)).statusCode).toBe(
            201,
          );
          browsers.push(browser);
        }
        expect((await a.inject({ method: "GET", url: "/api/health" })).statusCode).toBe(200);
        const now = at(DAY, "09:00:00");
        for (let round = 0; round < 3; round++) {
          const runs = await Promise.all([
            a.reminders.runOnce(now),
            b.reminders.runOnce(now),
            a.reminders.runOnce(now),
            b.reminders.runOnce(now),
          ]);
          const reminded = runs.flatMap((r) => r.reminded);
          expect(reminded.length, `round ${round}`).toBe(round === 0 ? 6 : 0);
          expect(new Set(reminded).size).toBe(reminded.length);
        }
        expect(push.errors).toEqual([]);
        for (const browser of browsers) {
          expect(
            push.received.filter((m) => m.endpoint === browser.subscription.endpoint),
          ).toHaveLength(1);
        }
      } finally {
        await two.close();
        await push.close();
      }
    });
  },
);
