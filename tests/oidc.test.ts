import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type FakeOidcProvider, startOidcProvider } from "./fakes/oidc-provider";
import { bothEngines, createTestApp, type TestApp } from "./support/test-app";
import { cookieHeader } from "./support/users";

const TENDRIL_ORIGIN = "http://localhost:3000";
const REDIRECT_URI = `${TENDRIL_ORIGIN}/api/auth/callback/oidc`;
const CLIENT = { clientId: "tendril", clientSecret: "tendril-client-secret" };
const ACCOUNT = {
  sub: "gardener-42",
  email: "fern@example.org",
  name: "Fern Gully",
  picture: "https://idp.example.org/avatars/fern.png",
};

/**
 * Plays the browser at the provider: follows redirects and submits the login and consent forms of
 * oidc-provider's dev interactions, carrying the provider's cookies (path and expiry ignored, which
 * is enough here), until the provider redirects back to Tendril.
 */
async function authorizeAtProvider(authorizationUrl: string, login: string) {
  const cookies = new Map<string, string>();
  const prompts: string[] = [];

  const request = async (url: URL, form?: Record<string, string>) => {
    const response = await fetch(url, {
      method: form ? "POST" : "GET",
      redirect: "manual",
      headers: { cookie: [...cookies].map(([name, value]) => `${name}=${value}`).join("; ") },
      ...(form ? { body: new URLSearchParams(form) } : {}),
    });
    for (const setCookie of response.headers.getSetCookie()) {
      const pair = setCookie.split(";")[0] ?? "";
      const name = pair.slice(0, pair.indexOf("="));
      const value = pair.slice(pair.indexOf("=") + 1);
      if (value) cookies.set(name, value);
      else cookies.delete(name);
    }
    return response;
  };

  let url = new URL(authorizationUrl);
  let response = await request(url);
  for (let step = 0; step < 12; step++) {
    const location = response.headers.get("location");
    if (response.status >= 300 && response.status < 400 && location) {
      url = new URL(location, url);
      if (url.origin === TENDRIL_ORIGIN) return { callback: url, prompts };
      response = await request(url);
      continue;
    }
    const html = await response.text();
    if (response.status !== 200) {
      throw new Error(`provider answered ${response.status} at ${url}: ${html.slice(0, 500)}`);
    }
    const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
    const prompt = /name="prompt" value="([a-z]+)"/.exec(html)?.[1];
    if (!action || !prompt) throw new Error(`no interaction form at ${url}: ${html.slice(0, 500)}`);
    prompts.push(prompt);
    url = new URL(action, url);
    response = await request(
      url,
      prompt === "login" ? { prompt, login, password: "x" } : { prompt },
    );
  }
  throw new Error("the provider never redirected back to Tendril");
}

describe("federated sign-in without an OpenID Connect provider configured", () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp();
  });
  afterAll(async () => {
    await testApp?.close();
  });

  it("refuses to start an oidc sign-in: 404, no such provider", async () => {
    const res = await testApp.app.inject({
      method: "POST",
      url: "/api/auth/sign-in/social",
      payload: { provider: "oidc", callbackURL: "/" },
    });
    // better-auth's own answer for a provider it was not given (API.md: its routes and bodies).
    expect(res.statusCode).toBe(404);
    expect(res.json()).not.toHaveProperty("url");
  });
});

describe.each(bothEngines)("federated sign-in through OpenID Connect (%s)", (dialect) => {
  let provider: FakeOidcProvider;
  let testApp: TestApp;

  beforeAll(async () => {
    provider = await startOidcProvider({
      ...CLIENT,
      redirectUris: [REDIRECT_URI],
      account: ACCOUNT,
    });
    // Start the provider first: better-auth fetches its discovery document as the app is built.
    testApp = await createTestApp({
      dialect,
      env: {
        OIDC_ISSUER: provider.issuer,
        OIDC_CLIENT_ID: CLIENT.clientId,
        OIDC_CLIENT_SECRET: CLIENT.clientSecret,
      },
    });
  });
  afterAll(async () => {
    await testApp?.close();
    await provider?.close();
  });

  /** The whole authorization-code flow; answers Tendril's session cookie. */
  async function signInWithOidc() {
    const { app } = testApp;
    const start = await app.inject({
      method: "POST",
      url: "/api/auth/sign-in/social",
      payload: { provider: "oidc", callbackURL: "/" },
    });
    expect(start.statusCode, start.body).toBe(200);
    const { url, redirect } = start.json() as { url: string; redirect: boolean };
    expect(redirect).toBe(true);
    const authorization = new URL(url);
    expect(authorization.origin).toBe(provider.issuer);
    expect(authorization.searchParams.get("client_id")).toBe(CLIENT.clientId);
    expect(authorization.searchParams.get("redirect_uri")).toBe(REDIRECT_URI);
    expect(authorization.searchParams.get("scope")?.split(" ").sort()).toEqual([
      "email",
      "openid",
      "profile",
    ]);
    expect(authorization.searchParams.get("code_challenge_method")).toBe("S256");
    const stateCookies = cookieHeader(start.headers["set-cookie"]);
    expect(stateCookies).not.toBe("");

    const { callback, prompts } = await authorizeAtProvider(url, ACCOUNT.sub);
    expect(`${callback.origin}${callback.pathname}`).toBe(REDIRECT_URI);
    expect(callback.searchParams.get("error")).toBeNull();
    expect(callback.searchParams.get("code")).toBeTruthy();
    expect(callback.searchParams.get("state")).toBe(authorization.searchParams.get("state"));

    const done = await app.inject({
      method: "GET",
      url: `${callback.pathname}${callback.search}`,
      headers: { cookie: stateCookies },
    });
    expect(done.statusCode, done.body).toBe(302);
    expect(done.headers.location).toBe("/");
    const cookie = cookieHeader(done.headers["set-cookie"]);
    expect(cookie).toMatch(/(^|; )better-auth\.session_token=[^;]+/);
    return { cookie, prompts };
  }

  async function me(cookie: string) {
    const res = await testApp.app.inject({ method: "GET", url: "/api/me", headers: { cookie } });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as Record<string, unknown>;
  }

  it("signs a gardener in with the provider's identity", async () => {
    const { cookie, prompts } = await signInWithOidc();
    expect(prompts).toEqual(["login", "consent"]);

    const profile = await me(cookie);
    expect(profile).toMatchObject({
      email: ACCOUNT.email,
      displayName: ACCOUNT.name,
      photoUrl: ACCOUNT.picture,
      provider: "oidc",
    });
    expect(profile.lastLoginAt).toMatch(/^\d{4}-\d\d-\d\dT/);
    // The provider vouched for the address: what lets ADMIN_EMAILS count it (issue 37).
    const user = await testApp.database.db
      .selectFrom("user")
      .select("emailVerified")
      .where("email", "=", ACCOUNT.email)
      .executeTakeFirstOrThrow();
    expect(Number(user.emailVerified)).toBe(1);
  });

  it("links a second sign-in to the same user instead of creating another", async () => {
    const first = await me((await signInWithOidc()).cookie);
    const second = await me((await signInWithOidc()).cookie);
    expect(second.id).toBe(first.id);

    const db = testApp.database.db.withTables<{
      account: { userId: string; providerId: string; accountId: string };
    }>();
    const users = await db
      .selectFrom("user")
      .select("id")
      .where("email", "=", ACCOUNT.email)
      .execute();
    expect(users).toEqual([{ id: first.id }]);
    const accounts = await db
      .selectFrom("account")
      .select(["userId", "providerId", "accountId"])
      .where("userId", "=", String(first.id))
      .execute();
    expect(accounts).toEqual([{ userId: first.id, providerId: "oidc", accountId: ACCOUNT.sub }]);
  });
});
