import type { AddressInfo } from "node:net";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openEventStream } from "./support/event-stream";
import { tomatoBody } from "./support/garden";
import { twoInstancesOnPostgres } from "./support/test-app";
import { cookieHeader, type SignedInUser, signIn, signUp } from "./support/users";

/** testConfig's PUBLIC_URL: better-auth wants it as the Origin of a sign-out. */
const ORIGIN = "http://localhost:3000";

async function listen(app: FastifyInstance): Promise<string> {
  await app.listen({ port: 0, host: "127.0.0.1" });
  return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
}

const me = (app: FastifyInstance, cookie: string) =>
  app.inject({ method: "GET", url: "/api/me", headers: { cookie } });

describe.runIf(process.env.TEST_DATABASE_URL)("two instances on one PostgreSQL", () => {
  let two: Awaited<ReturnType<typeof twoInstancesOnPostgres>>;
  let a: FastifyInstance;
  let b: FastifyInstance;
  beforeAll(async () => {
    two = await twoInstancesOnPostgres();
    [a, b] = two.apps;
  });
  afterAll(async () => {
    await two?.close();
  });

  // tests/realtime.test.ts checks that an event published on one instance reaches a stream on the
  // other (through the bus itself); this one goes end to end, from the route that makes the change.
  it("streams a plant added through A to the gardener's live-changes stream on B", async () => {
    const user = await signUp(a);
    const stream = await openEventStream(`${await listen(b)}/api/events`, user.cookie);
    try {
      expect(stream.status).toBe(200);
      const res = await a.inject({
        method: "POST",
        url: "/api/plants",
        headers: { cookie: user.cookie },
        payload: tomatoBody(),
      });
      expect(res.statusCode, res.body).toBe(201);
      const plantId = res.json().plant.id as string;
      await stream.waitFor(1, 3000);
      expect(stream.events).toContainEqual({ event: "plant.created", data: { id: plantId } });
    } finally {
      stream.close();
    }
  });

  /** B has just verified the cookie (so any per-instance cache holds it); A ends the session. */
  async function endOnAThenAskB(user: SignedInUser, end: () => Promise<number>) {
    expect((await me(b, user.cookie)).statusCode, "B before").toBe(200);
    expect(await end(), "ending the session on A").toBe(200);
    await expect
      .poll(async () => (await me(b, user.cookie)).statusCode, {
        timeout: 1000,
        interval: 25,
        message:
          "GET /api/me on B with the ended session's cookie, polled for 1 s after A ended it",
      })
      .toBe(401);
    const res = await me(b, user.cookie);
    expect(res.json()).toEqual({ error: { code: "unauthorized", message: expect.any(String) } });
    expect((await me(a, user.cookie)).statusCode, "A after").toBe(401);
  }

  it("ends the session on B within a second of signing out on A", async () => {
    const user = await signUp(a);
    await endOnAThenAskB(user, async () => {
      const out = await a.inject({
        method: "POST",
        url: "/api/auth/sign-out",
        headers: { cookie: user.cookie, origin: ORIGIN },
      });
      return out.statusCode;
    });
  });

  it("ends the session on B within a second of revoking every session on A", async () => {
    const user = await signUp(a);
    // A second device: its session is the one revoked from the first.
    const other = await signIn(a, user.email, user.password);
    expect(other.statusCode).toBe(200);
    const device = { ...user, cookie: cookieHeader(other.headers["set-cookie"]) };
    await endOnAThenAskB(device, async () => {
      const out = await a.inject({
        method: "POST",
        url: "/api/auth/revoke-sessions",
        headers: { cookie: user.cookie, origin: ORIGIN, "content-type": "application/json" },
        payload: "{}",
      });
      return out.statusCode;
    });
  });
});
