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
