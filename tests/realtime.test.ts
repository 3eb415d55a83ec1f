import type { AddressInfo } from "node:net";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BACKLOG_MS, REPLAY_LIMIT } from "../src/server/realtime/event-log";
import { type EventStream, openEventStream } from "./support/event-stream";
import { client, utcToday } from "./support/garden";
import {
  bothEngines,
  createTestApp,
  type TestApp,
  twoInstancesOnPostgres,
} from "./support/test-app";
import { type SignedInUser, signUp } from "./support/users";

async function listen(app: FastifyInstance): Promise<string> {
  await app.listen({ port: 0, host: "127.0.0.1" });
  return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
}

/** A stream's changes as id and event: what a reconnect is checked against. */
const changesOf = (stream: EventStream) =>
  stream.received
    .filter((e) => e.event !== "ready" && e.event !== "reset")
    .map((e) => ({ id: e.id, event: e.event, data: e.data }));

/** An API token of the user's, made through the session-only route. */
async function makeToken(app: FastifyInstance, user: SignedInUser) {
  const made = await client(app, user.cookie).post("/api/me/tokens", {
    name: "Dashboard",
    scope: "read",
  });
  expect(made.statusCode, made.body).toBe(201);
  return made.json() as { token: { id: string }; secret: string };
}

describe.each(bothEngines)(
  "live changes over Server-Sent Events on %s (one instance)",
  (dialect) => {
    let t: TestApp;
    let base: string;
    beforeAll(async () => {
      t = await createTestApp({ dialect });
      base = await listen(t.app);
    });
    afterAll(async () => {
      await t.close();
    });

    it("streams the signed-in user's changes and nobody else's", async () => {
      const ann = await signUp(t.app);
      const bob = await signUp(t.app);
      const stream = await openEventStream(`${base}/api/events`, ann.cookie);
      expect(stream.status).toBe(200);
      await t.app.changes.publish({ userId: bob.id, type: "plant.created", id: "bobs-plant" });
      await t.app.changes.publish({ userId: ann.id, type: "task.updated", id: "anns-task" });
      await t.app.changes.publish({ userId: ann.id, type: "plant.deleted", id: "anns-plant" });
      expect(await stream.waitFor(2)).toEqual([
        { event: "task.updated", data: { id: "anns-task" } },
        { event: "plant.deleted", data: { id: "anns-plant" } },
      ]);
      // Each change has an id, in order, after the position the stream opened at.
      const [ready, ...changes] = stream.received;
      expect(ready).toMatchObject({ event: "ready", data: { position: Number(ready?.id) } });
      const ids = changes.map((e) => Number(e.id));
      expect(ids[0]).toBeGreaterThan(Number(ready?.id));
      expect(ids[1]).toBeGreaterThan(ids[0] ?? Number.POSITIVE_INFINITY);
      stream.close();
    });

    it("keeps at most 10 streams open per user: the 11th is 429 rate_limited with Retry-After", async () => {
      const ann = await signUp(t.app);
      const bob = await signUp(t.app);
      const streams = [];
      for (let i = 0; i < 10; i++) {
        const stream = await openEventStream(`${base}/api/events`, ann.cookie);
        expect(stream.status).toBe(200);
        streams.push(stream);
      }
      const refused = await fetch(`${base}/api/events`, { headers: { cookie: ann.cookie } });
      expect(refused.status).toBe(429);
      expect(refused.headers.get("retry-after")).toBe("30");
      expect(((await refused.json()) as { error: { code: string } }).error.code).toBe(
        "rate_limited",
      );
      // Another gardener is not affected, and a closed stream frees its place.
      const bobs = await openEventStream(`${base}/api/events`, bob.cookie);
      expect(bobs.status).toBe(200);
      streams.pop()?.close();
      await expect
        .poll(async () => {
          const again = await openEventStream(`${base}/api/events`, ann.cookie);
          again.close();
          return again.status;
        })
        .toBe(200);
      for (const stream of [...streams, bobs]) stream.close();
    });

    it("closes the user's streams when their sessions end, and never sends that event", async () => {
      const ann = await signUp(t.app);
      const stream = await openEventStream(`${base}/api/events`, ann.cookie);
      await t.app.changes.publish({ userId: ann.id, type: "task.created", id: "t1" });
      await stream.waitFor(1);
      const out = await fetch(`${base}/api/auth/sign-out`, {
        method: "POST",
        headers: { cookie: ann.cookie, origin: "http://localhost:3000" },
      });
      expect(out.status).toBe(200);
      await stream.ended;
      expect(stream.events).toEqual([{ event: "task.created", data: { id: "t1" } }]);
    });

    it("answers 401 without a session", async () => {
      const res = await fetch(`${base}/api/events`);
      expect(res.status).toBe(401);
    });

    it("resumes after Last-Event-ID with exactly the changes missed, in order", async () => {
      const ann = await signUp(t.app);
      const bob = await signUp(t.app);
      const first = await openEventStream(`${base}/api/events`, ann.cookie);
      await t.app.changes.publish({ userId: ann.id, type: "task.created", id: "seen" });
      await first.waitFor(1);
      const lastSeen = first.received.at(-1)?.id ?? "";
      first.close();

      await t.app.changes.publish({ userId: ann.id, type: "task.updated", id: "missed-1" });
      await t.app.changes.publish({ userId: bob.id, type: "task.updated", id: "bobs" });
      await t.app.changes.publish({ userId: ann.id, type: "plant.deleted", id: "missed-2" });

      const again = await openEventStream(`${base}/api/events`, ann.cookie, {
        "last-event-id": lastSeen,
      });
      expect((await again.opened).event).toBe("ready");
      expect(again.events).toEqual([
        { event: "task.updated", data: { id: "missed-1" } },
        { event: "plant.deleted", data: { id: "missed-2" } },
      ]);
      // Then live again, with nothing sent twice.
      await t.app.changes.publish({ userId: ann.id, type: "task.deleted", id: "live" });
      await again.waitFor(3);
      const ids = changesOf(again).map((e) => Number(e.id));
      expect(new Set(ids).size).toBe(3);
      expect([...ids].sort((a, b) => a - b)).toEqual(ids);
      expect(ids[0]).toBeGreaterThan(Number(lastSeen));
      again.close();
    });

    it("sends what a page missed between its read and its stream (?since= its X-Event-Position)", async () => {
      const ann = await signUp(t.app);
      const api = client(t.app, ann.cookie);
      const read = await api.get("/api/tasks?status=pending");
      expect(read.statusCode).toBe(200);
      const position = String(read.headers["x-event-position"]);
      expect(position).toMatch(/^\d+$/);
      // The read's answer shows no task; this one is made before the page's stream is open.
      const made = await api.post("/api/tasks", { title: "Stake the beans", dueDate: utcToday() });
      expect(made.statusCode, made.body).toBe(201);
      const stream = await openEventStream(`${base}/api/events?since=${position}`, ann.cookie);
      expect(await stream.waitFor(1)).toEqual([
        { event: "task.created", data: { id: made.json().id } },
      ]);
      stream.close();
      // Without it, a stream starts from now.
      const fresh = await openEventStream(`${base}/api/events`, ann.cookie);
      await fresh.opened;
      expect(fresh.events).toEqual([]);
      fresh.close();
    });

    it("tells a stream to reset when its id is too old, unknown, not an id, or too far behind", async () => {
      const ann = await signUp(t.app);
      const stream = await openEventStream(`${base}/api/events`, ann.cookie);
      await t.app.changes.publish({ userId: ann.id, type: "task.created", id: "old" });
      await stream.waitFor(1);
      const old = Number(stream.received.at(-1)?.id);
      stream.close();
      await t.app.changes.publish({ userId: ann.id, type: "task.created", id: "newer" });
      const resumeWith = async (lastEventId: string) => {
        const s = await openEventStream(`${base}/api/events`, ann.cookie, {
          "last-event-id": lastEventId,
        });
        const opened = await s.opened;
        s.close();
        return { opened, events: s.events };
      };
      // Still kept: replayed.
      expect((await resumeWith(String(old))).events).toEqual([
        { event: "task.created", data: { id: "newer" } },
      ]);
      // Once the backlog has moved past it: reset, and nothing replayed.
      await t.app.eventLog.prune(new Date(Date.now() + BACKLOG_MS + 60_000));
      const tooOld = await resumeWith(String(old - 1));
      expect(tooOld.opened).toMatchObject({
        event: "reset",
        data: { position: expect.any(Number) },
      });
      expect(tooOld.opened.id).toBe(String((tooOld.opened.data as { position: number }).position));
      expect(tooOld.events).toEqual([]);
      expect((await resumeWith("99999999999")).opened.event).toBe("reset");
      expect((await resumeWith("not-an-id")).opened.event).toBe("reset");
      // The newest change is never pruned, so a stream that saw it resumes without a reset.
      const newest = String((tooOld.opened.data as { position: number }).position);
      expect((await resumeWith(newest)).opened.event).toBe("ready");

      // More changes missed than are replayed: reset.
      const since = (await resumeWith(newest)).opened.id ?? "";
      for (let i = 0; i <= REPLAY_LIMIT; i++) {
        await t.app.changes.publish({ userId: ann.id, type: "task.updated", id: `t${i}` });
      }
      const behind = await resumeWith(since);
      expect(behind.opened.event).toBe("reset");
      expect(behind.events).toEqual([]);
    });

    it("refuses a since that is not an event id with a 400 saying so", async () => {
      const ann = await signUp(t.app);
      const res = await fetch(`${base}/api/events?since=yesterday`, {
        headers: { cookie: ann.cookie },
      });
      expect(res.status).toBe(400);
      expect(((await res.json()) as { error: { message: string } }).error.message).toMatch(/since/);
    });

    it("ends a stream opened with an API token when that token is revoked, and no other", async () => {
      const ann = await signUp(t.app);
      const revoked = await makeToken(t.app, ann);
      const kept = await makeToken(t.app, ann);
      const bearer = (secret: string) => ({ authorization: `Bearer ${secret}` });
      const doomed = await openEventStream(`${base}/api/events`, undefined, bearer(revoked.secret));
      const other = await openEventStream(`${base}/api/events`, undefined, bearer(kept.secret));
      const session = await openEventStream(`${base}/api/events`, ann.cookie);
      expect([doomed.status, other.status, session.status]).toEqual([200, 200, 200]);
      await Promise.all([doomed.opened, other.opened, session.opened]);

      const res = await client(t.app, ann.cookie).del(`/api/me/tokens/${revoked.token.id}`);
      expect(res.statusCode).toBe(204);
      await doomed.ended;
      // The other streams stay open: they still hear the gardener's changes.
      await t.app.changes.publish({ userId: ann.id, type: "task.created", id: "after" });
      await other.waitFor(1);
      await session.waitFor(1);
      const refused = await fetch(`${base}/api/events`, { headers: bearer(revoked.secret) });
      expect(refused.status).toBe(401);
      other.close();
      session.close();
    });

    it("lets the server shut down while streams are open", async () => {
      const other = await createTestApp({ dialect });
      const url = await listen(other.app);
      const user = await signUp(other.app);
      const stream = await openEventStream(`${url}/api/events`, user.cookie);
      expect(stream.status).toBe(200);
      await other.close();
      stream.close();
    });
  },
);

describe.runIf(process.env.TEST_DATABASE_URL)(
  "live changes across two instances on PostgreSQL",
  () => {
    let two: Awaited<ReturnType<typeof twoInstancesOnPostgres>>;
    let bases: [string, string];
    beforeAll(async () => {
      two = await twoInstancesOnPostgres();
      bases = [await listen(two.apps[0]), await listen(two.apps[1])];
    });
    afterAll(async () => {
      await two?.close();
    });

    it("delivers a change published on one instance to a stream on the other", async () => {
      const [a, b] = two.apps;
      const user = await signUp(a);
      const stream = await openEventStream(`${bases[0]}/api/events`, user.cookie);
      expect(stream.status).toBe(200);
      await b.changes.publish({ userId: user.id, type: "plant.created", id: "from-b" });
      expect(await stream.waitFor(1)).toEqual([{ event: "plant.created", data: { id: "from-b" } }]);
      stream.close();
    });

    it("replays on B, after Last-Event-ID, exactly what was published on A and B meanwhile", async () => {
      const [a, b] = two.apps;
      const user = await signUp(a);
      const onA = await openEventStream(`${bases[0]}/api/events`, user.cookie);
      await b.changes.publish({ userId: user.id, type: "task.created", id: "seen" });
      await onA.waitFor(1);
      const lastSeen = onA.received.at(-1)?.id ?? "";
      onA.close();

      await a.changes.publish({ userId: user.id, type: "task.updated", id: "from-a" });
      await b.changes.publish({ userId: user.id, type: "plant.updated", id: "from-b" });
      await a.changes.publish({ userId: user.id, type: "task.deleted", id: "from-a-again" });

      const onB = await openEventStream(`${bases[1]}/api/events`, user.cookie, {
        "last-event-id": lastSeen,
      });
      expect((await onB.opened).event).toBe("ready");
      expect(onB.events).toEqual([
        { event: "task.updated", data: { id: "from-a" } },
        { event: "plant.updated", data: { id: "from-b" } },
        { event: "task.deleted", data: { id: "from-a-again" } },
      ]);
      const ids = changesOf(onB).map((e) => Number(e.id));
      expect([...ids].sort((x, y) => x - y)).toEqual(ids);
      // A change published while it replays arrives once, live.
      await a.changes.publish({ userId: user.id, type: "task.created", id: "live" });
      await onB.waitFor(4);
      expect(onB.events.filter((e) => (e.data as { id: string }).id === "live")).toHaveLength(1);
      onB.close();
    });

    it("numbers changes published on both instances at once in one order, everywhere", async () => {
      const [a, b] = two.apps;
      const user = await signUp(a);
      const onA = await openEventStream(`${bases[0]}/api/events`, user.cookie);
      const onB = await openEventStream(`${bases[1]}/api/events`, user.cookie);
      await Promise.all([onA.opened, onB.opened]);
      await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          (i % 2 ? a : b).changes.publish({ userId: user.id, type: "task.updated", id: `c${i}` }),
        ),
      );
      await Promise.all([onA.waitFor(20), onB.waitFor(20)]);
      const idsA = changesOf(onA).map((e) => Number(e.id));
      expect([...idsA].sort((x, y) => x - y)).toEqual(idsA);
      expect(changesOf(onB)).toEqual(changesOf(onA));
      onA.close();
      onB.close();
    });

    it("ends a token's stream on A when the token is revoked on B", async () => {
      const [a, b] = two.apps;
      const user = await signUp(a);
      const made = await makeToken(a, user);
      const stream = await openEventStream(`${bases[0]}/api/events`, undefined, {
        authorization: `Bearer ${made.secret}`,
      });
      await stream.opened;
      const res = await client(b, user.cookie).del(`/api/me/tokens/${made.token.id}`);
      expect(res.statusCode).toBe(204);
      await stream.ended;
    });
  },
);
