import type { AddressInfo } from "node:net";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openEventStream } from "./support/event-stream";
import { createTestApp, type TestApp, twoInstancesOnPostgres } from "./support/test-app";
import { signUp } from "./support/users";

async function listen(app: FastifyInstance): Promise<string> {
  await app.listen({ port: 0, host: "127.0.0.1" });
  return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
}

describe("live changes over Server-Sent Events (one instance)", () => {
  let t: TestApp;
  let base: string;
  beforeAll(async () => {
    t = await createTestApp();
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
    expect(((await refused.json()) as { error: { code: string } }).error.code).toBe("rate_limited");
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

  it("lets the server shut down while streams are open", async () => {
    const other = await createTestApp();
    const url = await listen(other.app);
    const user = await signUp(other.app);
    const stream = await openEventStream(`${url}/api/events`, user.cookie);
    expect(stream.status).toBe(200);
    await other.close();
    stream.close();
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)(
  "live changes across two instances on PostgreSQL",
  () => {
    let two: Awaited<ReturnType<typeof twoInstancesOnPostgres>>;
    beforeAll(async () => {
      two = await twoInstancesOnPostgres();
    });
    afterAll(async () => {
      await two?.close();
    });

    it("delivers a change published on one instance to a stream on the other", async () => {
      const [a, b] = two.apps;
      const user = await signUp(a);
      const stream = await openEventStream(`${await listen(a)}/api/events`, user.cookie);
      expect(stream.status).toBe(200);
      await b.changes.publish({ userId: user.id, type: "plant.created", id: "from-b" });
      expect(await stream.waitFor(1)).toEqual([{ event: "plant.created", data: { id: "from-b" } }]);
      stream.close();
    });
  },
);
