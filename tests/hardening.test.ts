import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { client, gardenRows, tomatoBody } from "./support/garden";
import { bothEngines, createTestApp, type TestApp } from "./support/test-app";
import { cookieHeader, passwordResetToken, signIn, signUp } from "./support/users";

const ORIGIN = { origin: "http://localhost:3000" };

/** Issue 15's defects, each kept fixed by the test named after it. */
describe.each(bothEngines)("hardening on %s", (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ dialect });
  });
  afterAll(async () => {
    await t.close();
  });

  const me = (cookie: string) =>
    t.app.inject({ method: "GET", url: "/api/me", headers: { cookie } });
  const authPost = (path: string, cookie: string | null, payload: unknown = {}) =>
    t.app.inject({
      method: "POST",
      url: `/api/auth/${path}`,
      headers: { ...ORIGIN, ...(cookie ? { cookie } : {}) },
      payload: payload as object,
    });

  describe("1. ending a session ends every copy of its cookie at once", () => {
    it("sign-out: a copy of the whole cookie, used just before, answers 401 right after", async () => {
      const user = await signUp(t.app);
      const copy = user.cookie;
      expect((await me(copy)).statusCode).toBe(200);
      expect((await authPost("sign-out", user.cookie)).statusCode).toBe(200);
      expect((await me(copy)).statusCode).toBe(401);
    });

    it("revoking the other sessions ends them, and keeps this one", async () => {
      const user = await signUp(t.app);
      const laptop = cookieHeader(
        (await signIn(t.app, user.email, user.password)).headers["set-cookie"],
      );
      expect((await me(laptop)).statusCode).toBe(200);
      expect((await authPost("revoke-other-sessions", user.cookie)).statusCode).toBe(200);
      expect((await me(laptop)).statusCode).toBe(401);
      expect((await me(user.cookie)).statusCode).toBe(200);
    });

    it("a password reset ends every session of the account", async () => {
      const user = await signUp(t.app);
      expect((await me(user.cookie)).statusCode).toBe(200);
      const token = await passwordResetToken(t.app, t.dataDir, user.email);
      const reset = await t.app.inject({
        method: "POST",
        url: "/api/auth/reset-password",
        payload: { token, newPassword: "a brand new password" },
      });
      expect(reset.statusCode).toBe(200);
      expect((await me(user.cookie)).statusCode).toBe(401);
    });
  });

  describe("2. text with a NUL character is 400 on both engines", () => {
    it("in bodies, queries and ids of the API, and in sign-up and update-user", async () => {
      const user = await signUp(t.app);
      const api = client(t.app, user.cookie);
      const before = await gardenRows(t.database.db, user.id);
      const attempts = [
        api.post("/api/plants", tomatoBody({ name: "To\u0000mato" })),
        api.post("/api/tasks", { title: "Water", dueDate: "2026-12-01", notes: "a\u0000" }),
        api.patch("/api/me", { location: "Port\u0000land" }),
        api.get("/api/tasks?plantId=%00"),
        api.get("/api/plants/abc%00def"),
        api.get("/api/catalogue/crops?q=to%00"),
        authPost("update-user", user.cookie, { name: "Ivy\u0000" }),
        authPost("sign-up/email", null, {
          email: "nul@example.com",
          password: "long enough password",
          name: "N\u0000",
        }),
      ];
      for (const res of await Promise.all(attempts)) {
        expect(res.statusCode, res.body).toBe(400);
        expect(res.json().error.message).toContain("NUL character");
      }
      expect(await gardenRows(t.database.db, user.id)).toEqual(before);
      expect((await me(user.cookie)).json().displayName).toBe(user.name);
    });
  });

  describe("3. every text field has a length limit", () => {
    it("an account name of 100 characters is taken on sign-up and update, 101 is refused", async () => {
      const long = "n".repeat(101);
      const refused = await authPost("sign-up/email", null, {
        email: `long-${Date.now()}@example.com`,
        password: "long enough password",
        name: long,
      });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().error.message).toBe(
        "Check name: Your name must be text of 1 to 100 characters.",
      );

      const user = await signUp(t.app, { name: "n".repeat(100) });
      const update = await authPost("update-user", user.cookie, { name: "x".repeat(20_000) });
      expect(update.statusCode).toBe(400);
      // The gardener is not locked out (a huge name used to make every request answer 431).
      const after = await me(user.cookie);
      expect(after.statusCode).toBe(200);
      expect(after.json().displayName).toBe("n".repeat(100));
    });

    it("titles, names and notes past their limits are 400 with the limit in the message", async () => {
      const user = await signUp(t.app);
      const api = client(t.app, user.cookie);
      const title = await api.post("/api/tasks", { title: "t".repeat(201), dueDate: "2026-12-01" });
      expect(title.statusCode).toBe(400);
      expect(title.json().error.message).toBe(
        "Check title: Keep the title to 200 characters or fewer.",
      );
      const plant = await api.post("/api/plants", tomatoBody({ notes: "n".repeat(5001) }));
      expect(plant.statusCode).toBe(400);
      expect(plant.json().error.message).toMatch(/^Check notes: /);
    });
  });

  describe("4. update-user with a wrong type", () => {
    it('{"name":{}} is 400 naming the field, not 500', async () => {
      const user = await signUp(t.app);
      const res = await authPost("update-user", user.cookie, { name: {} });
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toMatchObject({ code: "invalid_request" });
      expect(res.json().error.message).toContain("name");
    });
  });

  describe("6. a request without a session is 401 before its body is looked at", () => {
    it("bad JSON, a wrong shape and a NUL all answer 401 to a stranger", async () => {
      const stranger = client(t.app, null);
      const answers = await Promise.all([
        stranger.post("/api/tasks", { title: 5 }),
        stranger.json("POST", "/api/plants", [1, 2]),
        stranger.patch("/api/me", { units: "kelvin\u0000" }),
        stranger.get("/api/tasks?limit=abc"),
        t.app.inject({
          method: "POST",
          url: "/api/tasks",
          headers: { "content-type": "application/json" },
          payload: "{not json",
        }),
      ]);
      for (const res of answers) {
        expect(res.statusCode, res.body).toBe(401);
        expect(res.json().error.code).toBe("unauthorized");
      }
    });
  });

  describe("7. sign-up and e-mail discovery (docs/decisions.md)", () => {
    it("sign-in answers an unknown e-mail exactly as a wrong password", async () => {
      const user = await signUp(t.app);
      const wrong = await signIn(t.app, user.email, "not the password");
      const unknown = await signIn(t.app, `nobody-${Date.now()}@example.com`, "not the password");
      expect(unknown.statusCode).toBe(wrong.statusCode);
      expect(unknown.body).toBe(wrong.body);
    });
  });

  describe("9. plant detail is bounded", () => {
    it("holds the first 100 pending tasks by due date, counts them all, and pages the rest", async () => {
      const user = await signUp(t.app);
      const api = client(t.app, user.cookie);
      const created = await api.post("/api/plants", tomatoBody());
      const plantId: string = created.json().plant.id;
      const planned: number = created.json().plant.taskCount;
      for (let i = 0; i < 120; i++) {
        const day = String(1 + (i % 28)).padStart(2, "0");
        const res = await api.post("/api/tasks", {
          title: `Check ${i}`,
          dueDate: `2027-0${1 + (i % 9)}-${day}`,
          plantId,
        });
        expect(res.statusCode).toBe(201);
      }
      const detail = (await api.get(`/api/plants/${plantId}`)).json();
      expect(detail.tasks).toHaveLength(100);
      expect(detail.taskCount).toBe(planned + 120);
      const dates = detail.tasks.map((task: { dueDate: string }) => task.dueDate);
      expect(dates).toEqual([...dates].sort());
      expect(detail.nextTask).toEqual(detail.tasks[0]);

      const rest = await api.get(
        `/api/tasks?plantId=${plantId}&status=pending&limit=500&cursor=${encodeURIComponent(detail.tasksNextCursor)}`,
      );
      const ids = [...detail.tasks, ...rest.json().tasks].map((task: { id: string }) => task.id);
      expect(new Set(ids).size).toBe(planned + 120);

      const patched = await api.patch(`/api/plants/${plantId}`, { notes: "staked" });
      expect(patched.json().tasks).toHaveLength(100);
    });
  });

  describe("10. messages name the field and what is accepted", () => {
    it("a wrong type is not reported as a missing value", async () => {
      const user = await signUp(t.app);
      const api = client(t.app, user.cookie);
      const wrongType = await api.post("/api/tasks", { title: 5, dueDate: "2026-12-01" });
      expect(wrongType.json().error.message).toBe("title must be text.");
      const missing = await api.post("/api/tasks", { dueDate: "2026-12-01" });
      expect(missing.json().error.message).toBe("Check title: Enter a title.");
      const extra = await api.post("/api/tasks", { title: "a", dueDate: "2026-12-01", colour: 1 });
      expect(extra.json().error.message).toBe('Remove "colour": this request takes no such field.');
      const long = await api.patch("/api/me", { displayName: "d".repeat(101) });
      expect(long.json().error.message).toBe("displayName must be at most 100 characters.");
      const bool = await api.patch("/api/me", { onboardingCompleted: "yes" });
      expect(bool.json().error.message).toBe("onboardingCompleted must be true or false.");
    });
  });
});
