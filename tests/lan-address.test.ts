import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { tomatoBody } from "./support/garden";
import { decodeQuotedPrintable, waitForMail } from "./support/outbox";
import { createTestApp, sqliteOnly, type TestApp } from "./support/test-app";
import { cookieHeader } from "./support/users";

/** Tendril as `npm start` runs it, opened from a phone by the machine's LAN address (issue 25). */
const LAN_HOST = "192.168.1.20:3000";
const LAN = `http://${LAN_HOST}`;
const lan = { host: LAN_HOST, origin: LAN };
const PASSWORD = "correct horse battery";

describe.each(sqliteOnly)("Tendril opened by a LAN address, no PUBLIC_URL, on %s", (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ dialect, env: { PUBLIC_URL: undefined } });
  });
  afterAll(async () => {
    await t.close();
  });

  const signUpFrom = (headers: Record<string, string>, email = `lan-${randomUUID()}@example.com`) =>
    t.app.inject({
      method: "POST",
      url: "/api/auth/sign-up/email",
      headers,
      payload: { email, password: PASSWORD, name: "Robin" },
    });

  it("signs a gardener up from the LAN address, and its welcome e-mail links there", async () => {
    const email = `lan-${randomUUID()}@example.com`;
    const res = await signUpFrom(lan, email);
    expect(res.statusCode, res.body).toBe(200);
    const welcome = decodeQuotedPrintable(
      await waitForMail(t.dataDir, (eml) => eml.includes(`To: ${email}`)),
    );
    expect(welcome).toContain(LAN);
    expect(welcome).not.toContain("http://localhost");

    // The garden's own routes take the same address as same-origin.
    const plant = await t.app.inject({
      method: "POST",
      url: "/api/plants",
      headers: { ...lan, cookie: cookieHeader(res.headers["set-cookie"]) },
      payload: tomatoBody(),
    });
    expect(plant.statusCode, plant.body).toBe(201);
  });

  it("still refuses a sign-up or a write from another website", async () => {
    const foreign = { host: LAN_HOST, origin: "http://evil.example" };
    const refused = await signUpFrom(foreign);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe("INVALID_ORIGIN");

    const user = await signUpFrom(lan);
    const write = await t.app.inject({
      method: "POST",
      url: "/api/plants",
      headers: { ...foreign, cookie: cookieHeader(user.headers["set-cookie"]) },
      payload: tomatoBody({ name: "Basil" }),
    });
    expect(write.statusCode).toBe(403);
    expect(write.json().error.code).toBe("forbidden_origin");
  });

  it("gives the calendar feed at the address asked from, and its events link there", async () => {
    const user = await signUpFrom(lan);
    const cookie = cookieHeader(user.headers["set-cookie"]);
    await t.app.inject({
      method: "POST",
      url: "/api/tasks",
      headers: { ...lan, cookie },
      payload: { title: "Water", dueDate: "2026-12-01" },
    });
    const { url } = (
      await t.app.inject({ method: "GET", url: "/api/me/calendar", headers: { ...lan, cookie } })
    ).json();
    expect(url).toMatch(new RegExp(`^${LAN}/api/calendar/[\\w-]+\\.ics$`));
    const feed = await t.app.inject({
      method: "GET",
      url: new URL(url).pathname,
      headers: { host: LAN_HOST },
    });
    expect(feed.statusCode).toBe(200);
    expect(feed.body).toContain(`URL;VALUE=URI:${LAN}/plants`);
  });

  it("sends a password reset to the address the gardener signed in by, whatever Host asked", async () => {
    const email = `lan-${randomUUID()}@example.com`;
    expect((await signUpFrom(lan, email)).statusCode).toBe(200);
    // Anyone can send any Host header; the link must not follow it.
    const res = await t.app.inject({
      method: "POST",
      url: "/api/auth/request-password-reset",
      headers: { host: "evil.example", origin: "http://evil.example" },
      payload: { email, redirectTo: "/auth" },
    });
    expect(res.statusCode, res.body).toBe(200);
    const mail = decodeQuotedPrintable(
      await waitForMail(
        t.dataDir,
        (eml) => eml.includes(`To: ${email}`) && eml.includes("Reset your Tendril password"),
      ),
    );
    expect(mail).toContain(`${LAN}/api/auth/reset-password/`);
    expect(mail).not.toContain("evil.example");
  });

  it("tells an account's owner of a sign-up attempt with a link to their own address", async () => {
    const email = `lan-${randomUUID()}@example.com`;
    expect((await signUpFrom(lan, email)).statusCode).toBe(200);
    await signUpFrom({ host: "evil.example", origin: "http://evil.example" }, email);
    const attempt = decodeQuotedPrintable(
      await waitForMail(
        t.dataDir,
        (eml) => eml.includes(`To: ${email}`) && !eml.includes("Welcome"),
      ),
    );
    expect(attempt).toContain(LAN);
    expect(attempt).not.toContain("evil.example");
  });
});

describe("with PUBLIC_URL set", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it("refuses sign-ups from any other address, the LAN's included", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/auth/sign-up/email",
      headers: lan,
      payload: { email: `lan-${randomUUID()}@example.com`, password: PASSWORD, name: "Robin" },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toContain("Open it at http://localhost:3000");
  });
});
