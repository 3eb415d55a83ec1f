import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, sqliteOnly, type TestApp } from "./support/test-app";
import { type SignedInUser, signUp } from "./support/users";

describe.each(sqliteOnly)("quota, weather cache and app config on %s", (dialect) => {
  let t: TestApp;
  let user: SignedInUser;
  beforeAll(async () => {
    t = await createTestApp({
      dialect,
      env: {
        FEEDBACK_FORM_URL: "https://forms.example/feedback",
        SOCIAL_LINKS: "Instagram=https://instagram.example/tendril,YouTube=https://video.example/t",
        UPGRADE_EMAIL: "pro@tendril.example",
      },
    });
    user = await signUp(t.app);
  });
  afterAll(async () => {
    await t.close();
  });

  async function addMessages(userId: string, role: string, createdAt: string[]) {
    const chatId = randomUUID();
    const at = new Date().toISOString();
    await t.database.db
      .insertInto("chats")
      .values({ id: chatId, user_id: userId, title: "Quota", created_at: at, updated_at: at })
      .execute();
    for (const created of createdAt) {
      await t.database.db
        .insertInto("messages")
        .values({
          id: randomUUID(),
          chat_id: chatId,
          user_id: userId,
          role,
          content: "hi",
          created_at: created,
        })
        .execute();
    }
  }

  it("counts the user's own messages today and this month against the plan", async () => {
    const now = new Date();
    const today = now.toISOString();
    const monthStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1)).toISOString();
    const lastMonth = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 0)).toISOString();
    await addMessages(user.id, "user", [today, today, monthStart, lastMonth]);
    await addMessages(user.id, "assistant", [today]);
    const other = await signUp(t.app);
    await addMessages(other.id, "user", [today]);

    const res = await t.app.inject({
      method: "GET",
      url: "/api/me/quota",
      headers: { cookie: user.cookie },
    });
    expect(res.statusCode).toBe(200);
    const sameDay = now.getUTCDate() === 1 ? 3 : 2;
    expect(res.json()).toMatchObject({
      plan: "free",
      dailyLimit: 50,
      usedToday: sameDay,
      remainingToday: 50 - sameDay,
      usedThisMonth: 3,
    });
    expect(Date.parse(res.json().resetsAt)).toBeGreaterThan(now.getTime());

    await t.database.db
      .updateTable("profile")
      .set({ plan: "pro" })
      .where("user_id", "=", user.id)
      .execute();
    const pro = await t.app.inject({
      method: "GET",
      url: "/api/me/quota",
      headers: { cookie: user.cookie },
    });
    expect(pro.json()).toMatchObject({ plan: "pro", dailyLimit: 500 });
  });

  it("needs a session for the quota", async () => {
    expect((await t.app.inject({ method: "GET", url: "/api/me/quota" })).statusCode).toBe(401);
  });

  it("clears only the signed-in user's cached weather", async () => {
    const other = await signUp(t.app);
    const at = new Date().toISOString();
    await t.database.db
      .insertInto("weather_cache")
      .values([
        { key: `mine-${user.id}`, user_id: user.id, payload: "{}", fetched_at: at },
        { key: `theirs-${other.id}`, user_id: other.id, payload: "{}", fetched_at: at },
      ])
      .execute();
    const res = await t.app.inject({
      method: "DELETE",
      url: "/api/gardening/weather-cache",
      headers: { cookie: user.cookie },
    });
    expect(res.statusCode).toBe(204);
    const left = await t.database.db.selectFrom("weather_cache").select("key").execute();
    expect(left.map((r) => r.key)).toEqual([`theirs-${other.id}`]);
  });

  it("publishes the sign-in providers and links without a session", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/app-config" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      auth: { google: false, oidc: null },
      links: {
        videoCourse: null,
        crowdfunding: null,
        bugReport: null,
        contactForm: null,
        feedbackForm: "https://forms.example/feedback",
        plantSupport: null,
        social: [
          { label: "Instagram", url: "https://instagram.example/tendril" },
          { label: "YouTube", url: "https://video.example/t" },
        ],
      },
      upgradeEmail: "pro@tendril.example",
    });
  });
});
