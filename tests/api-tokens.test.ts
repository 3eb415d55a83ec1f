import { createECDH, createHash, randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { API_TOKEN_LIMIT } from "../src/core/schemas/api-tokens";
import { tomatoBody } from "./support/garden";
import { bothEngines, createTestApp, type TestApp } from "./support/test-app";
import { type SignedInUser, signUp } from "./support/users";

// Issue 25 item 7: API tokens, sent as `Authorization: Bearer tdl_…`.

const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");
const bearer = (secret: string) => ({ authorization: `Bearer ${secret}` });

describe.each(bothEngines)("API tokens on %s", (dialect) => {
  let t: TestApp;
  let owner: SignedInUser;
  beforeAll(async () => {
    t = await createTestApp({ dialect });
    owner = await signUp(t.app, { name: "Hazel" });
  });
  afterAll(async () => {
    await t?.close();
  });

  const asUser = (
    user: SignedInUser,
    method: "GET" | "POST" | "PATCH" | "DELETE",
    url: string,
    payload?: object,
  ) =>
    t.app.inject({
      method,
      url,
      headers: { cookie: user.cookie },
      ...(payload ? { payload } : {}),
    });
  const withToken = (
    secret: string,
    method: "GET" | "POST" | "PATCH" | "DELETE",
    url: string,
    payload?: object,
    headers: Record<string, string> = {},
  ) =>
    t.app.inject({
      method,
      url,
      headers: { ...bearer(secret), ...headers },
      ...(payload ? { payload } : {}),
    });
  const create = async (user: SignedInUser, name: string, scope: "read" | "write") => {
    const res = await asUser(user, "POST", "/api/me/tokens", { name, scope });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as {
      token: { id: string; name: string; scope: string; prefix: string; lastUsedAt: null };
      secret: string;
    };
  };

  it("shows the secret once, lists the token without it, and stores only its hash", async () => {
    const made = await create(owner, "  Home Assistant ", "read");
    expect(made.secret).toMatch(/^tdl_[A-Za-z0-9_-]{43}$/);
    expect(made.token).toEqual({
      id: expect.any(String),
      name: "Home Assistant",
      scope: "read",
      prefix: made.secret.slice(0, 8),
      createdAt: expect.any(String),
      lastUsedAt: null,
    });
    const list = await asUser(owner, "GET", "/api/me/tokens");
    expect(list.statusCode).toBe(200);
    expect(list.json().tokens).toContainEqual(made.token);
    expect(list.body).not.toContain(made.secret);
    const row = await t.database.db
      .selectFrom("api_tokens")
      .selectAll()
      .where("id", "=", made.token.id)
      .executeTakeFirstOrThrow();
    expect(row.token_hash).toBe(sha256(made.secret));
    expect(JSON.stringify(row)).not.toContain(made.secret.slice(8));
    expect(row.user_id).toBe(owner.id);
  });

  it("lets a read token read but not write, and records when it was last used", async () => {
    const { token, secret } = await create(owner, "Reader", "read");
    const plants = await withToken(secret, "GET", "/api/plants");
    expect(plants.statusCode, plants.body).toBe(200);
    expect(plants.json()).toHaveProperty("plants");
    expect((await withToken(secret, "GET", "/api/me")).json().email).toBe(owner.email);
    const write = await withToken(secret, "POST", "/api/plants", tomatoBody());
    expect(write.statusCode).toBe(403);
    expect(write.json()).toEqual({
      error: { code: "forbidden", message: expect.stringContaining("read-only") },
    });
    for (const [method, url] of [
      ["PATCH", "/api/me"],
      ["DELETE", "/api/gardening/weather-cache"],
    ] as const) {
      const res = await withToken(
        secret,
        method,
        url,
        method === "PATCH" ? { units: "F" } : undefined,
      );
      expect(res.statusCode, `${method} ${url}`).toBe(403);
    }
    const listed = (await asUser(owner, "GET", "/api/me/tokens")).json().tokens as {
      id: string;
      lastUsedAt: string | null;
    }[];
    const lastUsed = listed.find((k) => k.id === token.id)?.lastUsedAt;
    expect(lastUsed).toEqual(expect.any(String));
    // Not written again within the minute.
    await withToken(secret, "GET", "/api/plants");
    const again = await t.database.db
      .selectFrom("api_tokens")
      .select("last_used_at")
      .where("id", "=", token.id)
      .executeTakeFirstOrThrow();
    expect(again.last_used_at).toBe(lastUsed);
  });

  it("lets a write token write, even from a script that sends an Origin", async () => {
    const { secret } = await create(owner, "Writer", "write");
    const res = await withToken(secret, "POST", "/api/plants", tomatoBody({ name: "Basil" }));
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().plant.name).toBe("Basil");
    const task = await withToken(secret, "POST", "/api/tasks", {
      title: "Water the basil",
      dueDate: "2026-05-01",
    });
    expect(task.statusCode, task.body).toBe(201);
    const foreign = await withToken(
      secret,
      "POST",
      "/api/tasks",
      { title: "From a dashboard", dueDate: "2026-05-01" },
      { origin: "https://dashboard.example" },
    );
    expect(foreign.statusCode, foreign.body).toBe(201);
    // A cookie-authenticated request from another site is still refused.
    const csrf = await t.app.inject({
      method: "POST",
      url: "/api/tasks",
      headers: { cookie: owner.cookie, origin: "https://evil.example" },
      payload: { title: "Nope", dueDate: "2026-05-01" },
    });
    expect(csrf.statusCode).toBe(403);
    expect(csrf.json().error.code).toBe("forbidden_origin");
  });

  it("never lets a token reach the token and account routes", async () => {
    const { secret } = await create(owner, "Sneaky", "write");
    const refusals = [
      ["GET", "/api/me/tokens", undefined],
      ["POST", "/api/me/tokens", { name: "Another", scope: "write" }],
      ["DELETE", "/api/me/tokens/00000000-0000-0000-0000-000000000000", undefined],
      ["GET", "/api/export", undefined],
      ["GET", "/api/export/plants.csv", undefined],
      ["POST", "/api/import", { version: 1 }],
      ["DELETE", "/api/me", { confirm: "delete my account" }],
    ] as const;
    for (const [method, url, body] of refusals) {
      const res = await withToken(secret, method, url, body);
      expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(403);
      expect(res.json().error).toEqual({ code: "forbidden", message: expect.stringMatching(/\S/) });
    }
    const count = await t.database.db
      .selectFrom("api_tokens")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("name", "=", "Another")
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(0);
    expect((await asUser(owner, "GET", "/api/me")).statusCode).toBe(200);
    // better-auth's routes do not take tokens either: no session is found.
    const session = await withToken(secret, "GET", "/api/auth/get-session");
    expect(session.body === "null" || session.statusCode === 401).toBe(true);
  });

  it("refuses every token on the operator's routes, which still answer the operator's session", async () => {
    // The owner is the instance's first account: an operator.
    expect((await asUser(owner, "GET", "/api/admin/accounts")).statusCode).toBe(200);
    for (const scope of ["read", "write"] as const) {
      const { secret } = await create(owner, `Operator ${scope}`, scope);
      for (const [method, url, body] of [
        ["GET", "/api/admin/accounts", undefined],
        ["GET", "/api/admin/contact-messages", undefined],
        ["PATCH", `/api/admin/accounts/${owner.id}`, { plan: "pro" }],
      ] as const) {
        const res = await withToken(secret, method, url, body);
        expect(res.statusCode, `${scope} ${method} ${url}: ${res.body}`).toBe(403);
        expect(res.json()).toEqual({
          error: {
            code: "forbidden",
            message: expect.stringMatching(
              /^Using the operator's pages needs a signed-in session: open Tendril in the browser/,
            ),
          },
        });
        expect(res.body).not.toContain(owner.email);
      }
    }
    expect((await asUser(owner, "GET", "/api/me")).json().plan).toBe("free");
  });

  it("lets no token fetch or replace the calendar address, add a reminder channel or push endpoint", async () => {
    const user = await signUp(t.app);
    const reader = await create(user, "Calendar reader", "read");
    const writer = await create(user, "Channel writer", "write");
    const ecdh = createECDH("prime256v1");
    const subscription = {
      endpoint: "https://127.0.0.1/push/token-made",
      keys: {
        p256dh: ecdh.generateKeys().toString("base64url"),
        auth: randomBytes(16).toString("base64url"),
      },
    };
    const refusals = [
      [reader.secret, "GET", "/api/me/calendar", undefined, "Seeing the calendar feed's address"],
      [writer.secret, "GET", "/api/me/calendar", undefined, "Seeing the calendar feed's address"],
      [writer.secret, "POST", "/api/me/calendar/rotate", undefined, "Replacing the calendar"],
      [
        writer.secret,
        "POST",
        "/api/me/reminder-channels",
        { kind: "webhook", url: "http://127.0.0.1:9/hook" },
        "Adding a reminder channel",
      ],
      [
        writer.secret,
        "POST",
        "/api/me/reminder-channels",
        { kind: "ntfy", url: "http://127.0.0.1:9/topic", token: "tk_from_a_token" },
        "Adding a reminder channel",
      ],
      [writer.secret, "POST", "/api/push/subscriptions", subscription, "Turning on push reminders"],
      [writer.secret, "POST", "/api/me/tokens", { name: "Child", scope: "write" }, "Managing API"],
    ] as const;
    for (const [secret, method, url, body, action] of refusals) {
      const res = await withToken(secret, method, url, body);
      expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(403);
      expect(res.json().error).toEqual({
        code: "forbidden",
        message: expect.stringMatching(
          new RegExp(`^${action}.* needs a signed-in session: open Tendril in the browser`),
        ),
      });
      expect(res.body).not.toMatch(/\/api\/calendar\//);
    }
    // Nothing was made that could outlive the tokens.
    const rows = async (table: "calendar_tokens" | "reminder_channels" | "push_subscriptions") =>
      t.database.db.selectFrom(table).select("user_id").where("user_id", "=", user.id).execute();
    expect(await rows("calendar_tokens")).toEqual([]);
    expect(await rows("reminder_channels")).toEqual([]);
    expect(await rows("push_subscriptions")).toEqual([]);
    const tokens = (await asUser(user, "GET", "/api/me/tokens")).json().tokens as unknown[];
    expect(tokens).toHaveLength(2);
    // The session still does all of it; a token still lists and removes channels.
    expect((await asUser(user, "GET", "/api/me/calendar")).json().url).toMatch(/\.ics$/);
    const added = await asUser(user, "POST", "/api/me/reminder-channels", {
      kind: "webhook",
      url: "http://127.0.0.1:9/hook",
    });
    expect(added.statusCode, added.body).toBe(201);
    const listed = await withToken(reader.secret, "GET", "/api/me/reminder-channels");
    expect(listed.statusCode).toBe(200);
    expect(listed.json().channels).toHaveLength(1);
    const removed = await withToken(
      writer.secret,
      "DELETE",
      `/api/me/reminder-channels/${added.json().id}`,
    );
    expect(removed.statusCode, removed.body).toBe(204);
  });

  it("answers 401 for a revoked, unknown or malformed token", async () => {
    const { token, secret } = await create(owner, "Short-lived", "write");
    expect((await withToken(secret, "GET", "/api/tasks")).statusCode).toBe(200);
    const revoked = await asUser(owner, "DELETE", `/api/me/tokens/${token.id}`);
    expect(revoked.statusCode).toBe(204);
    const list = (await asUser(owner, "GET", "/api/me/tokens")).json().tokens as { id: string }[];
    expect(list.map((k) => k.id)).not.toContain(token.id);
    for (const bad of [secret, `${secret}x`, "tdl_nothing", "not-even-a-token"]) {
      const res = await withToken(bad, "GET", "/api/tasks");
      expect(res.statusCode, bad).toBe(401);
      expect(res.json()).toEqual({
        error: {
          code: "unauthorized",
          message: "That API token is not valid (revoked or mistyped).",
        },
      });
    }
    expect((await asUser(owner, "DELETE", `/api/me/tokens/${token.id}`)).statusCode).toBe(404);
  });

  it("answers another gardener 404 for the owner's token, and leaves it working", async () => {
    const { token, secret } = await create(owner, "Mine", "read");
    const other = await signUp(t.app, { name: "Rowan" });
    const res = await asUser(other, "DELETE", `/api/me/tokens/${token.id}`);
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe("not_found");
    expect((await asUser(other, "GET", "/api/me/tokens")).json().tokens).toEqual([]);
    expect((await withToken(secret, "GET", "/api/me")).json().id).toBe(owner.id);
  });

  it("refuses bad names and scopes with 400, and more than the limit with 409", async () => {
    const user = await signUp(t.app);
    for (const body of [
      {},
      { name: "", scope: "read" },
      { name: "   ", scope: "read" },
      { name: "x".repeat(61), scope: "read" },
      { name: "Fine", scope: "admin" },
      { name: "Fine" },
      { name: 7, scope: "read" },
      { name: "Fine", scope: "read", extra: true },
    ]) {
      const res = await asUser(user, "POST", "/api/me/tokens", body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().error.code).toBe("invalid_request");
    }
    expect(
      (await asUser(user, "POST", "/api/me/tokens", { name: "x".repeat(60), scope: "read" }))
        .statusCode,
    ).toBe(201);
    for (let i = 1; i < API_TOKEN_LIMIT; i++) await create(user, `Token ${i}`, "read");
    const over = await asUser(user, "POST", "/api/me/tokens", { name: "One more", scope: "read" });
    expect(over.statusCode).toBe(409);
    expect(over.json().error.message).toMatch(/Revoke one/);
    // Revoking one makes room again.
    const first = (await asUser(user, "GET", "/api/me/tokens")).json().tokens[0];
    await asUser(user, "DELETE", `/api/me/tokens/${first.id}`);
    await create(user, "One more", "read");
  });

  it("lets no more than the limit through when many creations arrive at once", async () => {
    const user = await signUp(t.app);
    for (let i = 2; i < API_TOKEN_LIMIT; i++) await create(user, `Token ${i}`, "read");
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        asUser(user, "POST", "/api/me/tokens", { name: `Racer ${i}`, scope: "read" }),
      ),
    );
    expect(answers.map((res) => res.statusCode).sort()).toEqual([201, 201, 409, 409, 409, 409]);
    expect((await asUser(user, "GET", "/api/me/tokens")).json().tokens).toHaveLength(
      API_TOKEN_LIMIT,
    );
  });

  it("needs a session for the token routes", async () => {
    expect((await t.app.inject({ method: "GET", url: "/api/me/tokens" })).statusCode).toBe(401);
  });

  it("ends with the account: its tokens stop working when it is deleted", async () => {
    const user = await signUp(t.app);
    const { secret } = await create(user, "Doomed", "read");
    const res = await asUser(user, "DELETE", "/api/me", { confirm: "delete my account" });
    expect(res.statusCode, res.body).toBe(204);
    expect((await withToken(secret, "GET", "/api/plants")).statusCode).toBe(401);
    const rows = await t.database.db
      .selectFrom("api_tokens")
      .select("id")
      .where("user_id", "=", user.id)
      .execute();
    expect(rows).toEqual([]);
  });
});
