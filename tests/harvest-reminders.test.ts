import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type FakePushService, startFakePushService } from "./fakes/push-service";
import { client, PLANTED, shiftDate, tomatoBody } from "./support/garden";
import { decodeQuotedPrintable, readOutbox } from "./support/outbox";
import {
  bothEngines,
  createTestApp,
  type TestApp,
  twoInstancesOnPostgres,
} from "./support/test-app";
import { signUp } from "./support/users";

const at = (date: string, time: string) => new Date(`${date}T${time}Z`);

/** A loopback webhook receiver: records each JSON body by path. */
async function startReceiver() {
  const received: { path: string; body: { type: string; title: string; url: string } }[] = [];
  const server: Server = createServer((req, res) => {
    let body = "";
    req.setEncoding("utf8");
    req.on("data", (chunk: string) => {
      body += chunk;
    });
    req.on("end", () => {
      received.push({ path: req.url ?? "/", body: JSON.parse(body) });
      res.end("{}");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    harvestCalls: (path: string) =>
      received.filter((r) => r.path === path && r.body.type === "tendril.harvest-due"),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
type Receiver = Awaited<ReturnType<typeof startReceiver>>;

let hooks = 0;

/**
 * A gardener reminded at 08:00 UTC by webhook (and, given a push service, a subscribed browser
 * and the e-mail digest), with a tomato planted on PLANTED; its harvest date from the plan.
 */
async function gardenerWithTomato(
  app: FastifyInstance,
  receiver: Receiver,
  push?: FakePushService,
) {
  const user = await signUp(app);
  const api = client(app, user.cookie);
  expect(
    (await api.patch("/api/me", { timeZone: "UTC", reminderHour: 8, emailDigest: !!push }))
      .statusCode,
  ).toBe(200);
  const hookPath = `/hook-${++hooks}`;
  const hook = await api.post("/api/me/reminder-channels", {
    kind: "webhook",
    url: `${receiver.url}${hookPath}`,
  });
  expect(hook.statusCode, hook.body).toBe(201);
  const browser = push?.browser();
  if (browser) {
    const res = await api.post("/api/push/subscriptions", browser.subscription);
    expect(res.statusCode, res.body).toBe(201);
  }
  const created = await api.post("/api/plants", tomatoBody({ name: "Tomato" }));
  expect(created.statusCode, created.body).toBe(201);
  const plant = created.json().plant as { id: string; timeline: { harvestDate: string } };
  expect(plant.timeline.harvestDate > PLANTED).toBe(true);
  return { user, api, hookPath, browser, plant, harvestDate: plant.timeline.harvestDate };
}

describe.each(bothEngines)("the first harvest due reminder on %s", (dialect) => {
  let push: FakePushService;
  let receiver: Receiver;
  let t: TestApp;

  beforeAll(async () => {
    push = await startFakePushService();
    receiver = await startReceiver();
    t = await createTestApp({ dialect, overrides: { pushAgent: push.agent } });
  });
  afterAll(async () => {
    await t?.close();
    await receiver?.close();
    await push?.close();
  });

  it("goes out once when the harvest stage starts, by push, e-mail and webhook", async () => {
    const g = await gardenerWithTomato(t.app, receiver, push);
    const H = g.harvestDate;
    const harvestPushes = () =>
      push.received.filter(
        (m) =>
          m.endpoint === g.browser?.subscription.endpoint &&
          String((m.payload as { title: string }).title).startsWith("First harvest due"),
      );
    const harvestMails = async () =>
      (await readOutbox(t.dataDir))
        .map(decodeQuotedPrintable)
        .filter((eml) => eml.includes(`To: ${g.user.email}`) && eml.includes("First harvest due"));

    // The day before, and on the day before the gardener's hour: nothing yet.
    expect((await t.app.reminders.runOnce(at(shiftDate(H, -1), "09:00:00"))).harvestsDue).toBe(0);
    expect((await t.app.reminders.runOnce(at(H, "07:59:00"))).harvestsDue).toBe(0);
    expect(receiver.harvestCalls(g.hookPath)).toHaveLength(0);

    const run = await t.app.reminders.runOnce(at(H, "08:00:00"));
    expect(run.harvestsDue).toBe(1);
    expect(push.errors).toEqual([]);
    expect(harvestPushes()).toHaveLength(1);
    expect(harvestPushes()[0]?.payload).toMatchObject({
      title: "First harvest due: Tomato",
      body: expect.stringContaining(`Tomato — ready to pick from ${H}`),
      url: `/plants/${g.plant.id}`,
    });
    const [call] = receiver.harvestCalls(g.hookPath);
    expect(call?.body).toMatchObject({
      type: "tendril.harvest-due",
      title: "First harvest due: Tomato",
      url: expect.stringMatching(new RegExp(`/plants/${g.plant.id}$`)),
    });
    const mails = await harvestMails();
    expect(mails).toHaveLength(1);
    expect(mails[0]).toContain("Subject: Tendril: First harvest due: Tomato");

    // Later runs that day and the next days send it no more.
    await t.app.reminders.runOnce(at(H, "08:30:00"));
    await t.app.reminders.runOnce(at(shiftDate(H, 1), "08:00:00"));
    await t.app.reminders.runOnce(at(shiftDate(H, 2), "08:00:00"));
    expect(harvestPushes()).toHaveLength(1);
    expect(receiver.harvestCalls(g.hookPath)).toHaveLength(1);
    expect(await harvestMails()).toHaveLength(1);
  });

  it("is not sent for a plant already harvested, nor a week after the stage began", async () => {
    const picked = await gardenerWithTomato(t.app, receiver);
    const logged = await picked.api.post(`/api/plants/${picked.plant.id}/harvests`, {
      date: PLANTED,
      weight: null,
      count: 2,
    });
    expect(logged.statusCode, logged.body).toBe(201);
    await t.app.reminders.runOnce(at(picked.harvestDate, "08:00:00"));
    expect(receiver.harvestCalls(picked.hookPath)).toHaveLength(0);

    const late = await gardenerWithTomato(t.app, receiver);
    await t.app.reminders.runOnce(at(shiftDate(late.harvestDate, 8), "08:00:00"));
    expect(receiver.harvestCalls(late.hookPath)).toHaveLength(0);
    // Within the week it still goes out.
    const lateButNotTooLate = await gardenerWithTomato(t.app, receiver);
    await t.app.reminders.runOnce(at(shiftDate(lateButNotTooLate.harvestDate, 7), "08:00:00"));
    expect(receiver.harvestCalls(lateButNotTooLate.hookPath)).toHaveLength(1);
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)("the first harvest due on two instances", () => {
  it("is sent exactly once when both instances run at the same moment", async () => {
    const receiver = await startReceiver();
    const two = await twoInstancesOnPostgres();
    try {
      const [a, b] = two.apps;
      const g = await gardenerWithTomato(a, receiver);
      const now = at(g.harvestDate, "08:00:00");
      await Promise.all([
        a.reminders.runOnce(now),
        b.reminders.runOnce(now),
        a.reminders.runOnce(now),
        b.reminders.runOnce(now),
      ]);
      expect(receiver.harvestCalls(g.hookPath)).toHaveLength(1);
    } finally {
      await two.close();
      await receiver.close();
    }
  });
});
