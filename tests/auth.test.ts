import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readOutbox, waitForMail } from "./support/outbox";
import { bothEngines, createTestApp, type TestApp } from "./support/test-app";
import { passwordResetToken, signIn, signUp } from "./support/users";

describe.each(bothEngines)("accounts on %s", (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ dialect });
  });
  afterAll(async () => {
    await t.close();
  });

  it("signs up, keeps a session cookie and creates the profile", async () => {
    const user = await signUp(t.app, { name: "Rosa" });
    expect(user.cookie).toMatch(/better-auth\.session_token=/);
    const me = await t.app.inject({
      method: "GET",
      url: "/api/me",
      headers: { cookie: user.cookie },
    });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({
      email: user.email,
      displayName: "Rosa",
      provider: "password",
    });
    expect(me.json().lastLoginAt).toMatch(/^\d{4}-\d\d-\d\dT/);
  });

  it("marks the session cookie HttpOnly and SameSite=Lax, not Secure over http", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/auth/sign-up/email",
      payload: { email: `cookie-${Date.now()}@example.com`, password: "long enough pw", name: "C" },
    });
    const session = ([] as string[])
      .concat(res.headers["set-cookie"] ?? [])
      .find((c) => c.startsWith("better-auth.session_token="));
    expect(session).toBeDefined();
    expect(session).toMatch(/HttpOnly/i);
    expect(session).toMatch(/SameSite=Lax/i);
    expect(session).not.toMatch(/Secure/i);
  });

  it("signs nobody in with a duplicate e-mail, and answers as for a new one (issue 20)", async () => {
    const user = await signUp(t.app);
    const again = await t.app.inject({
      method: "POST",
      url: "/api/auth/sign-up/email",
      payload: { email: user.email, password: "another password", name: "X" },
    });
    expect(again.statusCode).toBe(200);
    expect(again.headers["set-cookie"]).toBeUndefined();
    expect((await signIn(t.app, user.email, "another password")).statusCode).toBe(401);
  });

  it("signs in, answers 401 with a clear message on a wrong password", async () => {
    const user = await signUp(t.app);
    const ok = await signIn(t.app, user.email, user.password);
    expect(ok.statusCode).toBe(200);
    const wrong = await signIn(t.app, user.email, "not the password");
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().message).toBe("Invalid email or password");
  });

  it("updates last_login_at on every sign-in and recreates a missing profile", async () => {
    const user = await signUp(t.app);
    await t.database.db.deleteFrom("profile").where("user_id", "=", user.id).execute();
    const res = await signIn(t.app, user.email, user.password);
    expect(res.statusCode).toBe(200);
    const row = await t.database.db
      .selectFrom("profile")
      .selectAll()
      .where("user_id", "=", user.id)
      .executeTakeFirstOrThrow();
    expect(row.email).toBe(user.email);
    expect(row.provider).toBe("password");
    expect(Date.parse(row.last_login_at ?? "")).toBeGreaterThan(Date.now() - 60_000);
  });

  it("never blocks sign-in when the profile refresh fails", async () => {
    const user = await signUp(t.app);
    await sql`alter table profile rename to profile_away`.execute(t.database.db);
    try {
      const res = await signIn(t.app, user.email, user.password);
      expect(res.statusCode).toBe(200);
    } finally {
      await sql`alter table profile_away rename to profile`.execute(t.database.db);
    }
  });

  it("signs out: the session no longer works", async () => {
    const user = await signUp(t.app);
    const out = await t.app.inject({
      method: "POST",
      url: "/api/auth/sign-out",
      headers: { cookie: user.cookie, origin: "http://localhost:3000" },
    });
    expect(out.statusCode).toBe(200);
    // The browser drops every cookie sign-out expires; what it keeps must not authenticate.
    const expired = ([] as string[]).concat(out.headers["set-cookie"] ?? []);
    expect(expired.some((c) => c.startsWith("better-auth.session_token=;"))).toBe(true);
    const tokenOnly = user.cookie
      .split("; ")
      .filter((c) => c.startsWith("better-auth.session_token="))
      .join("; ");
    const me = await t.app.inject({
      method: "GET",
      url: "/api/me",
      headers: { cookie: tokenOnly },
    });
    expect(me.statusCode).toBe(401);
    expect(me.json()).toEqual({ error: { code: "unauthorized", message: "Sign in to continue." } });
  });

  it("stops trusting a session the moment it signs out, even one used just before", async () => {
    const user = await signUp(t.app);
    const tokenOnly = user.cookie
      .split("; ")
      .filter((c) => c.startsWith("better-auth.session_token="))
      .join("; ");
    const before = await t.app.inject({
      method: "GET",
      url: "/api/me",
      headers: { cookie: tokenOnly },
    });
    expect(before.statusCode).toBe(200);
    await t.app.inject({
      method: "POST",
      url: "/api/auth/sign-out",
      headers: { cookie: user.cookie, origin: "http://localhost:3000" },
    });
    const after = await t.app.inject({
      method: "GET",
      url: "/api/me",
      headers: { cookie: tokenOnly },
    });
    expect(after.statusCode).toBe(401);
  });

  it("sends a welcome e-mail on sign-up", async () => {
    const user = await signUp(t.app, { name: "Wren" });
    const mail = await waitForMail(
      t.dataDir,
      (eml) => eml.includes(`To: ${user.email}`) && eml.includes("Welcome to Tendril"),
    );
    expect(mail).toContain("Hi Wren,");
  });

  it("resets a forgotten password through the e-mailed link", async () => {
    const user = await signUp(t.app);
    const token = await passwordResetToken(t.app, t.dataDir, user.email);

    const reset = await t.app.inject({
      method: "POST",
      url: "/api/auth/reset-password",
      payload: { token, newPassword: "a brand new password" },
    });
    expect(reset.statusCode).toBe(200);
    expect((await signIn(t.app, user.email, user.password)).statusCode).toBe(401);
    expect((await signIn(t.app, user.email, "a brand new password")).statusCode).toBe(200);
  });

  it("does not reveal whether an e-mail has an account when asked for a reset", async () => {
    const before = (await readOutbox(t.dataDir)).length;
    const res = await t.app.inject({
      method: "POST",
      url: "/api/auth/request-password-reset",
      payload: { email: "nobody-here@example.com", redirectTo: "/auth" },
    });
    expect(res.statusCode).toBe(200);
    expect((await readOutbox(t.dataDir)).length).toBe(before);
  });

  it("refuses sign-in from another website's origin", async () => {
    const user = await signUp(t.app);
    const res = await t.app.inject({
      method: "POST",
      url: "/api/auth/sign-in/email",
      headers: { origin: "https://evil.example", cookie: user.cookie },
      payload: { email: user.email, password: user.password },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({
      code: "INVALID_ORIGIN",
      message:
        "Tendril does not accept sign-ins from https://evil.example. Open it at http://localhost:3000, or ask whoever runs it to add this address to TRUSTED_ORIGINS.",
    });
  });
});

describe("auth rate limits", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      env: { AUTH_RATE_LIMIT_MAX: "3", AUTH_RATE_LIMIT_WINDOW_SECONDS: "60" },
    });
  });
  afterAll(async () => {
    await t.close();
  });

  it("answers 429 past the limit for one address, and not for another", async () => {
    const attempt = (remoteAddress: string) =>
      t.app.inject({
        method: "POST",
        url: "/api/auth/sign-in/email",
        remoteAddress,
        payload: { email: "someone@example.com", password: "guessing 1234" },
      });
    const codes = [];
    for (let i = 0; i < 4; i++) codes.push((await attempt("10.1.1.1")).statusCode);
    expect(codes).toEqual([401, 401, 401, 429]);
    expect((await attempt("10.1.1.2")).statusCode).toBe(401);
  });

  it("applies to sign-up and reset requests too", async () => {
    const signUpAttempt = () =>
      t.app.inject({
        method: "POST",
        url: "/api/auth/sign-up/email",
        remoteAddress: "10.2.2.2",
        payload: { email: `r-${Math.random()}@example.com`, password: "long enough pw", name: "R" },
      });
    const codes = [];
    for (let i = 0; i < 4; i++) codes.push((await signUpAttempt()).statusCode);
    expect(codes).toEqual([200, 200, 200, 429]);
    const resetAttempt = () =>
      t.app.inject({
        method: "POST",
        url: "/api/auth/request-password-reset",
        remoteAddress: "10.3.3.3",
        payload: { email: "x@example.com", redirectTo: "/auth" },
      });
    const resets = [];
    for (let i = 0; i < 4; i++) resets.push((await resetAttempt()).statusCode);
    expect(resets).toEqual([200, 200, 200, 429]);
  });
});
