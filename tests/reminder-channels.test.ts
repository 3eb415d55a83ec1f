import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { client, shiftDate, utcToday } from "./support/garden";
import {
  bothEngines,
  createTestApp,
  type TestApp,
  twoInstancesOnPostgres,
} from "./support/test-app";
import { signUp } from "./support/users";

/** Well before any plan task, so the due list holds only the tasks each test makes. */
const DAY = shiftDate(utcToday(), -60);
const at = (date: string, time: string) => new Date(`${date}T${time}Z`);

interface Received {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}

/** A loopback HTTP server standing in for ntfy and webhooks: records each request. */
async function startReceiver() {
  const received: Received[] = [];
  /** Status to answer per path (200 when unset). */
  const status = new Map<string, number>();
  const server: Server = createServer((req, res) => {
    let body = "";
    req.setEncoding("utf8");
    req.on("data", (chunk: string) => {
      body += chunk;
    });
    req.on("end", () => {
      const path = req.url ?? "/";
      received.push({ path, headers: req.headers, body });
      res.statusCode = status.get(path) ?? 200;
      res.end("{}");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    received,
    status,
    to: (path: string) => received.filter((r) => r.path === path),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
type Receiver = Awaited<ReturnType<typeof startReceiver>>;

let topic = 0;
const nextPath = (name: string) => `/${name}-${++topic}`;

/** A gardener with a task due on DAY and, per channel, its path on the receiver. */
async function gardenerWithChannels(app: FastifyInstance, receiver: Receiver) {
  const user = await signUp(app);
  const api = client(app, user.cookie);
  expect(
    (await api.post("/api/tasks", { title: "Water the beans", dueDate: DAY })).statusCode,
  ).toBe(201);
  const ntfyPath = nextPath("ntfy");
  const webhookPath = nextPath("hook");
  const ntfy = await api.post("/api/me/reminder-channels", {
    kind: "ntfy",
    url: `${receiver.url}${ntfyPath}`,
    token: "tk_secret_token_1234",
  });
  expect(ntfy.statusCode, ntfy.body).toBe(201);
  const webhook = await api.post("/api/me/reminder-channels", {
    kind: "webhook",
    url: `${receiver.url}${webhookPath}`,
  });
  expect(webhook.statusCode, webhook.body).toBe(201);
  return {
    user,
    api,
    ntfyPath,
    webhookPath,
    ntfyId: ntfy.json().id as string,
    webhookId: webhook.json().id as string,
  };
}

describe.each(bothEngines)("ntfy and webhook reminder channels on %s", (dialect) => {
  let receiver: Receiver;
  let t: TestApp;

  beforeAll(async () => {
    receiver = await startReceiver();
    t = await createTestApp({ dialect });
  });
  afterAll(async () => {
    await t?.close();
    await receiver?.close();
  });
  beforeEach(() => {
    receiver.status.clear();
  });

  it("sends the day's reminder to each channel once, with ntfy's headers and the webhook's JSON", async () => {
    const g = await gardenerWithChannels(t.app, receiver);
    const listed = await g.api.get("/api/me/reminder-channels");
    expect(listed.statusCode).toBe(200);
    expect(listed.body).not.toContain("tk_secret_token_1234");
    expect(listed.json().channels).toEqual([
      expect.objectContaining({ id: g.ntfyId, kind: "ntfy", hasToken: true, lastSentOn: null }),
      expect.objectContaining({ id: g.webhookId, kind: "webhook", hasToken: false }),
    ]);

    expect((await t.app.reminders.runOnce(at(DAY, "07:59:00"))).channels).toBe(0);
    expect(receiver.to(g.ntfyPath)).toHaveLength(0);

    const run = await t.app.reminders.runOnce(at(DAY, "08:00:00"));
    expect(run.reminded).toContain(g.user.id);
    const [ntfy] = receiver.to(g.ntfyPath);
    expect(receiver.to(g.ntfyPath)).toHaveLength(1);
    expect(ntfy?.headers).toMatchObject({
      title: "1 garden task today",
      tags: "seedling",
      click: "http://localhost:3000/plants",
      authorization: "Bearer tk_secret_token_1234",
    });
    expect(ntfy?.body).toBe("Water the beans");

    expect(receiver.to(g.webhookPath)).toHaveLength(1);
    const [hook] = receiver.to(g.webhookPath);
    expect(hook?.headers["content-type"]).toBe("application/json");
    expect(hook?.headers.authorization).toBeUndefined();
    expect(JSON.parse(hook?.body ?? "")).toEqual({
      type: "tendril.reminder",
      date: DAY,
      title: "1 garden task today",
      body: "Water the beans",
      tasks: [{ title: "Water the beans", plant: null, dueDate: DAY }],
      url: "http://localhost:3000/plants",
    });

    // Later the same day, and again: nothing more.
    await t.app.reminders.runOnce(at(DAY, "08:01:00"));
    await t.app.reminders.runOnce(at(DAY, "20:00:00"));
    expect(receiver.to(g.ntfyPath)).toHaveLength(1);
    expect(receiver.to(g.webhookPath)).toHaveLength(1);
    const after = (await g.api.get("/api/me/reminder-channels")).json().channels;
    expect(after.map((c: { lastSentOn: string }) => c.lastSentOn)).toEqual([DAY, DAY]);

    // The next day's reminder goes out again (the task is now overdue).
    await t.app.reminders.runOnce(at(shiftDate(DAY, 1), "08:00:00"));
    expect(receiver.to(g.ntfyPath)).toHaveLength(2);
    expect(receiver.to(g.webhookPath)).toHaveLength(2);
  });

  it("tries a failed channel again 15 minutes on, until it gets through, without resending the others", async () => {
    const g = await gardenerWithChannels(t.app, receiver);
    receiver.status.set(g.webhookPath, 500);
    const first = await t.app.reminders.runOnce(at(DAY, "08:00:00"));
    expect(first.failed).toBeGreaterThanOrEqual(1);
    expect(receiver.to(g.ntfyPath)).toHaveLength(1);
    expect(receiver.to(g.webhookPath)).toHaveLength(1);
    const failed = (await g.api.get("/api/me/reminder-channels")).json().channels[1];
    expect(failed).toMatchObject({ lastSentOn: null, lastError: expect.stringContaining("500") });

    // The next runs leave it alone for 15 minutes after it failed.
    await t.app.reminders.runOnce(at(DAY, "08:01:00"));
    await t.app.reminders.runOnce(at(DAY, "08:14:59"));
    expect(receiver.to(g.webhookPath)).toHaveLength(1);
    await t.app.reminders.runOnce(at(DAY, "08:15:00"));
    expect(receiver.to(g.ntfyPath)).toHaveLength(1);
    expect(receiver.to(g.webhookPath)).toHaveLength(2);

    receiver.status.delete(g.webhookPath);
    await t.app.reminders.runOnce(at(DAY, "08:30:00"));
    expect(receiver.to(g.webhookPath)).toHaveLength(3);
    await t.app.reminders.runOnce(at(DAY, "08:45:00"));
    expect(receiver.to(g.webhookPath)).toHaveLength(3);
    expect(receiver.to(g.ntfyPath)).toHaveLength(1);
    const done = (await g.api.get("/api/me/reminder-channels")).json().channels[1];
    expect(done).toMatchObject({ lastSentOn: DAY, lastError: null });
  });

  it("sends a test message on request and says whether it got through", async () => {
    const g = await gardenerWithChannels(t.app, receiver);
    const ok = await g.api.post(`/api/me/reminder-channels/${g.ntfyId}/test`);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toEqual({ sent: true, error: null });
    expect(receiver.to(g.ntfyPath)[0]?.headers.title).toBe("Tendril test message");

    receiver.status.set(g.webhookPath, 403);
    const refused = await g.api.post(`/api/me/reminder-channels/${g.webhookId}/test`);
    expect(refused.statusCode).toBe(200);
    expect(refused.json()).toEqual({ sent: false, error: expect.stringContaining("403") });
    expect(JSON.parse(receiver.to(g.webhookPath)[0]?.body ?? "").type).toBe("tendril.test");
  });

  it("refuses URLs that are not http or https, tokens on webhooks, and a sixth channel", async () => {
    const user = await signUp(t.app);
    const api = client(t.app, user.cookie);
    for (const body of [
      { kind: "ntfy", url: "ftp://ntfy.example/garden" },
      { kind: "webhook", url: "file:///etc/passwd" },
      { kind: "webhook", url: "not a url" },
      { kind: "webhook", url: "https://hooks.example/x", token: "tk_1" },
      { kind: "email", url: "https://hooks.example/x" },
    ]) {
      const res = await api.post("/api/me/reminder-channels", body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().error.code).toBe("invalid_request");
    }
    for (let i = 0; i < 5; i++) {
      const res = await api.post("/api/me/reminder-channels", {
        kind: "webhook",
        url: `${receiver.url}/many-${i}`,
      });
      expect(res.statusCode, res.body).toBe(201);
    }
    const sixth = await api.post("/api/me/reminder-channels", {
      kind: "webhook",
      url: `${receiver.url}/many-6`,
    });
    expect(sixth.statusCode).toBe(409);
    expect(sixth.json().error.message).toMatch(/5 reminder channels/);
  });

  it("answers 404 for another gardener's channel, and leaves it in place", async () => {
    const g = await gardenerWithChannels(t.app, receiver);
    const other = client(t.app, (await signUp(t.app)).cookie);
    expect((await other.del(`/api/me/reminder-channels/${g.ntfyId}`)).statusCode).toBe(404);
    expect((await other.post(`/api/me/reminder-channels/${g.ntfyId}/test`)).statusCode).toBe(404);
    expect((await other.get("/api/me/reminder-channels")).json()).toEqual({ channels: [] });
    expect((await g.api.get("/api/me/reminder-channels")).json().channels).toHaveLength(2);
    expect(receiver.to(g.ntfyPath)).toHaveLength(0);
    const removed = await g.api.del(`/api/me/reminder-channels/${g.ntfyId}`);
    expect(removed.statusCode).toBe(204);
    expect((await g.api.get("/api/me/reminder-channels")).json().channels).toHaveLength(1);
  });
});

describe("reminder channels with OUTBOUND_ALLOW_PRIVATE=false", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { OUTBOUND_ALLOW_PRIVATE: "false" } });
  });
  afterAll(async () => {
    await t?.close();
  });

  it("refuses a loopback or private address with a message saying what to do", async () => {
    const api = client(t.app, (await signUp(t.app)).cookie);
    for (const url of ["http://127.0.0.1:8080/garden", "http://10.0.0.5/hook", "http://[::1]/x"]) {
      const res = await api.post("/api/me/reminder-channels", { kind: "ntfy", url });
      expect(res.statusCode, url).toBe(400);
      expect(res.json().error.message).toMatch(/OUTBOUND_ALLOW_PRIVATE=true/);
    }
    expect((await api.get("/api/me/reminder-channels")).json()).toEqual({ channels: [] });
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)("reminder channels on two instances", () => {
  it("sends each channel's reminder exactly once when both instances run at the same moment", async () => {
    const receiver = await startReceiver();
    const two = await twoInstancesOnPostgres();
    try {
      const [a, b] = two.apps;
      const gardeners = [];
      for (let i = 0; i < 4; i++) {
        gardeners.push(await gardenerWithChannels(i % 2 === 0 ? a : b, receiver));
      }
      // One webhook fails at first: retried once it answers, still once per success.
      const flaky = gardeners[0]?.webhookPath ?? "";
      receiver.status.set(flaky, 502);
      // Rounds 15 minutes apart: a failed channel waits that long before it is tried again.
      const rounds = ["09:00:00", "09:15:00", "09:30:00"];
      for (const [round, time] of rounds.entries()) {
        const now = at(DAY, time);
        if (round === 1) receiver.status.delete(flaky);
        await Promise.all([
          a.reminders.runOnce(now),
          b.reminders.runOnce(now),
          a.reminders.runOnce(now),
          b.reminders.runOnce(now),
        ]);
      }
      for (const g of gardeners) {
        expect(receiver.to(g.ntfyPath), g.ntfyPath).toHaveLength(1);
        if (g.webhookPath !== flaky)
          expect(receiver.to(g.webhookPath), g.webhookPath).toHaveLength(1);
      }
      // The flaky one: one failed call in round 0, exactly one success after.
      expect(receiver.to(flaky)).toHaveLength(2);
    } finally {
      await two.close();
      await receiver.close();
    }
  });
});
