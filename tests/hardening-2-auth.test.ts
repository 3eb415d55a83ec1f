import { randomUUID } from "node:crypto";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Mailer, MailMessage } from "../src/server/providers/email";
import { decodeQuotedPrintable, waitForMail } from "./support/outbox";
import { bothEngines, createTestApp, type TestApp } from "./support/test-app";
import { signIn, signUp } from "./support/users";

const ORIGIN = "http://localhost:3000";

const rateLimitRows = async (t: TestApp) =>
  (
    await sql<{ key: string; count: number | string }>`select key, count from "rateLimit"`.execute(
      t.database.db,
    )
  ).rows;

const userByEmail = (t: TestApp, email: string) =>
  t.database.db.selectFrom("user").selectAll().where("email", "=", email).executeTakeFirst();

/** Issue 20 items 2, 4 and 10: auth hardening, each kept fixed by the test named after it. */
describe.each(bothEngines)("auth hardening, second round, on %s", (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ dialect });
  });
  afterAll(async () => {
    await t.close();
  });

  const post = (path: string, contentType: string, body: string, cookie?: string) =>
    t.app.inject({
      method: "POST",
      url: `/api/auth/${path}`,
      headers: { origin: ORIGIN, "content-type": contentType, ...(cookie ? { cookie } : {}) },
      payload: body,
    });

  describe("2. the account-field checks do not depend on how the content type is spelt", () => {
    const jsonTypes = [
      "Application/JSON",
      "APPLICATION/JSON; charset=UTF-8",
      "application/json ;charset=utf-8",
    ];

    it("sign-up and update-user refuse huge names, NUL and a javascript: image in any spelling of JSON", async () => {
      const user = await signUp(t.app, { name: "Ivy" });
      const before = await userByEmail(t, user.email);
      for (const type of jsonTypes) {
        for (const fields of [
          { name: "n".repeat(900_000) },
          { name: "Ro\u0000sa" },
          { name: "Rosa", image: `javascript:${"a".repeat(5_000)}` },
          { name: "Rosa", image: "javascript:alert(1)" },
        ]) {
          const email = `case-${randomUUID()}@example.com`;
          const signUpAnswer = await post(
            "sign-up/email",
            type,
            JSON.stringify({ email, password: "long enough password", ...fields }),
          );
          expect(signUpAnswer.statusCode, `${type} ${signUpAnswer.body.slice(0, 200)}`).toBe(400);
          expect(signUpAnswer.json().error.code).toBe("invalid_request");
          expect(await userByEmail(t, email)).toBeUndefined();

          const update = await post("update-user", type, JSON.stringify(fields), user.cookie);
          expect(update.statusCode, `${type} ${update.body.slice(0, 200)}`).toBe(400);
        }
        // The rest of the API parses media types the same way.
        const me = await t.app.inject({
          method: "PATCH",
          url: "/api/me",
          headers: { origin: ORIGIN, "content-type": type, cookie: user.cookie },
          payload: JSON.stringify({ displayName: "d".repeat(101) }),
        });
        expect(me.statusCode).toBe(400);
      }
      expect(await userByEmail(t, user.email)).toEqual(before);
    });

    it("a form body in any case is checked too, and other media types are 415 before better-auth", async () => {
      const email = `form-${randomUUID()}@example.com`;
      const form = new URLSearchParams({
        email,
        password: "long enough password",
        name: "n".repeat(200_000),
      }).toString();
      const upper = await post("sign-up/email", "Application/X-WWW-Form-Urlencoded", form);
      expect(upper.statusCode, upper.body.slice(0, 200)).toBe(400);

      const json = JSON.stringify({ email, password: "long enough password", name: "Rosa" });
      for (const type of [
        "text/plain",
        "application/vnd.api+json",
        "application/jsonx",
        "multipart/form-data; boundary=x",
      ]) {
        const refused = await post("sign-up/email", type, json);
        expect(refused.statusCode, type).toBe(415);
        expect(refused.json().error.code).toBe("unsupported_media_type");
      }
      expect(await userByEmail(t, email)).toBeUndefined();
    });

    it("sign-in/social refuses callback addresses past 2,048 characters", async () => {
      const res = await post(
        "sign-in/social",
        "application/json",
        JSON.stringify({ provider: "google", callbackURL: `/${"c".repeat(10_000)}` }),
      );
      expect(res.statusCode).toBe(400);
      expect(res.json().error.message).toContain("2048");
    });
  });

  describe("4. unauthenticated /api/auth/* requests cannot fill the database", () => {
    it("200 requests to distinct unknown auth paths answer 404 and add no rateLimit row", async () => {
      const before = await rateLimitRows(t);
      for (let i = 0; i < 200; i++) {
        const method = i % 2 === 0 ? "GET" : "POST";
        const res = await t.app.inject({
          method,
          url: `/api/auth/no-such-thing-${i}-${"x".repeat(i * 10)}`,
          headers: { origin: ORIGIN },
          ...(method === "POST" ? { payload: {} } : {}),
        });
        expect(res.statusCode).toBe(404);
        expect(res.json().error.code).toBe("not_found");
      }
      // A known path with a method it does not take, and a trailing slash, are unknown too.
      for (const [method, url] of [
        ["GET", "/api/auth/sign-in/email"],
        ["HEAD", "/api/auth/get-session"],
        ["GET", "/api/auth/get-session/"],
      ] as const) {
        expect((await t.app.inject({ method, url })).statusCode, `${method} ${url}`).toBe(404);
      }
      expect(await rateLimitRows(t)).toEqual(before);
    });

    it("a 10 KB path to a known endpoint stores a key of bounded length", async () => {
      const res = await t.app.inject({
        method: "GET",
        url: `/api/auth/reset-password/${"t".repeat(10_000)}?callbackURL=/auth`,
        remoteAddress: "10.4.4.4",
      });
      expect(res.statusCode).toBe(302);
      const keys = (await rateLimitRows(t)).map((row) => row.key);
      expect(keys).toContain("10.4.4.4|/reset-password/:token");
      expect(Math.max(...keys.map((key) => key.length))).toBeLessThanOrEqual(100);
    });

    it("stale rateLimit rows are pruned, current ones kept", async () => {
      const now = Date.now();
      const insert = (key: string, lastRequest: number) =>
        sql`insert into "rateLimit" (id, key, count, "lastRequest") values (${randomUUID()}, ${key}, 1, ${lastRequest})`.execute(
          t.database.db,
        );
      await insert("10.5.5.5|/sign-in/email", now - 24 * 3600_000);
      await insert("10.5.5.6|/sign-in/email", now - 3600_000);
      await insert("10.5.5.7|/sign-in/email", now);
      await t.app.authRateLimits.prune();
      const keys = (await rateLimitRows(t)).map((row) => row.key);
      expect(keys).not.toContain("10.5.5.5|/sign-in/email");
      expect(keys).not.toContain("10.5.5.6|/sign-in/email");
      expect(keys).toContain("10.5.5.7|/sign-in/email");
    });
  });

  describe("10. sign-up and password reset answer alike for taken and new e-mails", () => {
    it("sign-up with a taken e-mail answers as a new one, signs nobody in and e-mails the owner", async () => {
      const owner = await signUp(t.app, { name: "Owner" });
      const attempt = (email: string) =>
        t.app.inject({
          method: "POST",
          url: "/api/auth/sign-up/email",
          payload: { email, password: "someone else's password", name: "Mallory" },
        });
      const fresh = await attempt(`new-${randomUUID()}@example.com`);
      const taken = await attempt(owner.email.toUpperCase());
      expect(taken.statusCode).toBe(fresh.statusCode);
      expect(fresh.statusCode).toBe(200);
      const shape = (body: { token: unknown; user: Record<string, unknown> }) => ({
        token: body.token,
        user: Object.fromEntries(Object.entries(body.user).map(([k, v]) => [k, typeof v])),
      });
      expect(shape(taken.json())).toEqual(shape(fresh.json()));
      expect(taken.json().user).toMatchObject({ name: "Mallory", email: owner.email });
      expect(taken.json().user.id).not.toBe(owner.id);
      expect(String(fresh.headers["set-cookie"])).toMatch(/better-auth\.session_token=/);
      expect(String(taken.headers["set-cookie"] ?? "")).not.toMatch(/session_token/);

      // The account is untouched, and its owner hears about the attempt.
      expect((await signIn(t.app, owner.email, owner.password)).statusCode).toBe(200);
      expect((await signIn(t.app, owner.email, "someone else's password")).statusCode).toBe(401);
      const mail = decodeQuotedPrintable(
        await waitForMail(
          t.dataDir,
          (eml) => eml.includes(`To: ${owner.email}`) && eml.includes("sign up"),
        ),
      );
      expect(mail).toContain("Someone tried to sign up");
      expect(mail).toContain("reset your password");
    });
  });
});

describe("10. a password-reset request answers before any mail work", () => {
  let t: TestApp;
  let release: () => void = () => {};
  const sent: MailMessage[] = [];
  beforeAll(async () => {
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const mailer: Mailer = {
      kind: "outbox",
      async send(message) {
        sent.push(message);
        await gate;
      },
    };
    t = await createTestApp({ overrides: { mailer } });
  });
  afterAll(async () => {
    release();
    await t.close();
  });

  it("answers the same for an existing and a missing e-mail, while the reset e-mail is still on its way", async () => {
    const user = await signUp(t.app);
    const ask = (email: string) =>
      t.app.inject({
        method: "POST",
        url: "/api/auth/request-password-reset",
        payload: { email, redirectTo: "/auth" },
      });
    // The mailer never finishes until released: an answer that waited for it would never come.
    const existing = await ask(user.email);
    const missing = await ask(`nobody-${randomUUID()}@example.com`);
    expect(existing.statusCode).toBe(200);
    expect(missing.statusCode).toBe(200);
    expect(existing.body).toBe(missing.body);
    expect(sent.some((m) => m.to === user.email && /reset/i.test(m.subject))).toBe(true);
  }, 10_000);
});

describe("4. a flood from one address", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { API_RATE_LIMIT_MAX: "20" } });
  });
  afterAll(async () => {
    await t.close();
  });

  it("gets 429 from the in-memory limiter before better-auth counts it in the database", async () => {
    const codes: number[] = [];
    for (let i = 0; i < 30; i++) {
      const res = await t.app.inject({
        method: "POST",
        url: "/api/auth/sign-in/email",
        remoteAddress: "10.9.9.9",
        payload: { email: "someone@example.com", password: "guessing 1234" },
      });
      codes.push(res.statusCode);
      if (res.statusCode === 429) expect(res.json().error.code).toBe("rate_limited");
    }
    expect(codes).toEqual([...Array(20).fill(401), ...Array(10).fill(429)]);
    const rows = (await rateLimitRows(t)).filter((row) => row.key.startsWith("10.9.9.9|"));
    expect(rows.map((row) => Number(row.count))).toEqual([20]);
  });
});
