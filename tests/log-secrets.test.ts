import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { captureLog, type LogLine } from "./support/capture-log";
import { createTestApp, sqliteOnly, type TestApp } from "./support/test-app";
import { type SignedInUser, signUp } from "./support/users";

// Issue 37 item 7: a secret in a request's address (the calendar feed's token, the digest's
// unsubscribe token) is never written to the log in full.

const secret = () => randomBytes(24).toString("base64url");

describe.each(sqliteOnly)("secrets kept out of the access log on %s", (dialect) => {
  let t: TestApp;
  let capture: ReturnType<typeof captureLog>;
  let user: SignedInUser;
  beforeAll(async () => {
    capture = captureLog();
    t = await createTestApp({
      dialect,
      env: { LOG_LEVEL: "info" },
      overrides: { logStream: capture.stream },
    });
    user = await signUp(t.app);
  });
  afterAll(async () => {
    await t?.close();
  });

  /** The access log's line of the request with this id, once it is written. */
  const lineOf = async (requestId: string) => {
    await expect
      .poll(() => capture.lines().some((l) => l.reqId === requestId && "res" in l))
      .toBe(true);
    const line = capture.lines().find((l) => l.reqId === requestId && "res" in l);
    return line as LogLine & { req: { method: string; url: string } };
  };
  const get = (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: "GET", url, headers });

  it("logs the calendar feed's address without its token, whether the token is right or not", async () => {
    const made = await get("/api/me/calendar", { cookie: user.cookie });
    const feed = new URL(made.json().url as string);
    const token = /^\/api\/calendar\/(.+)\.ics$/.exec(feed.pathname)?.[1] ?? "";
    expect(token.length).toBeGreaterThan(20);
    const ok = await get(feed.pathname);
    expect(ok.statusCode, ok.body).toBe(200);
    const wrong = secret();
    const missing = await get(`/api/calendar/${wrong}.ics?x=1`);
    expect(missing.statusCode).toBe(404);
    const bare = await get(`/api/calendar/${wrong}`);

    expect(await lineOf(String(ok.headers["x-request-id"]))).toMatchObject({
      msg: "request completed",
      req: { method: "GET", url: "/api/calendar/[redacted].ics" },
    });
    expect((await lineOf(String(missing.headers["x-request-id"]))).req.url).toBe(
      "/api/calendar/[redacted].ics?x=1",
    );
    expect((await lineOf(String(bare.headers["x-request-id"]))).req.url).toBe(
      "/api/calendar/[redacted]",
    );
    expect(capture.text()).not.toContain(token);
    expect(capture.text()).not.toContain(wrong);
  });

  it("logs the unsubscribe link and other secret query values without them", async () => {
    const digest = secret();
    await t.database.db
      .updateTable("profile")
      .set({ digest_token: digest })
      .where("user_id", "=", user.id)
      .execute();
    const page = await get(`/api/reminders/unsubscribe?token=${digest}`);
    expect(page.statusCode, page.body).toBe(200);
    const oneClick = await t.app.inject({
      method: "POST",
      url: `/api/reminders/unsubscribe?token=${digest}&source=mail`,
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: "List-Unsubscribe=One-Click",
    });
    expect(oneClick.statusCode, oneClick.body).toBe(200);
    const others = [secret(), secret(), secret()];
    const query = await get(
      `/api/no-such-route?q=tomato&api_key=${others[0]}&Client%5FSecret=${others[1]}`,
    );
    const reset = await get(`/api/auth/reset-password/${others[2]}?callbackURL=%2Freset-password`);

    expect((await lineOf(String(page.headers["x-request-id"]))).req.url).toBe(
      "/api/reminders/unsubscribe?token=[redacted]",
    );
    expect((await lineOf(String(oneClick.headers["x-request-id"]))).req).toMatchObject({
      method: "POST",
      url: "/api/reminders/unsubscribe?token=[redacted]&source=mail",
    });
    expect((await lineOf(String(query.headers["x-request-id"]))).req.url).toBe(
      "/api/no-such-route?q=tomato&api_key=[redacted]&Client%5FSecret=[redacted]",
    );
    expect((await lineOf(String(reset.headers["x-request-id"]))).req.url).toBe(
      "/api/auth/reset-password/[redacted]?callbackURL=%2Freset-password",
    );
    for (const value of [digest, ...others]) expect(capture.text()).not.toContain(value);
  });
});
