import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MAX_NESTING } from "../src/server/lib/refuse-nul";
import { client, tomatoBody } from "./support/garden";
import { createTestApp, dialects, type TestApp } from "./support/test-app";
import { signUp } from "./support/users";

/** Issue 20's items 5–9 (requests from outside), each kept fixed by the test named after it. */
describe.each(dialects)("hardening, second round: requests, on %s", (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ dialect });
  });
  afterAll(async () => {
    await t.close();
  });

  describe("8. deeply nested JSON is 400, not a stack overflow", () => {
    const deep = {
      arrays: "[".repeat(100_000) + "]".repeat(100_000),
      objects: `${'{"a":'.repeat(100_000)}1${"}".repeat(100_000)}`,
    };
    const tooDeep = `The request body is nested too deeply (more than ${MAX_NESTING} levels).`;

    it.each(Object.keys(deep) as (keyof typeof deep)[])(
      "100,000 levels of %s to an API route and to sign-up",
      async (kind) => {
        const user = await signUp(t.app);
        for (const [url, cookie] of [
          ["/api/plants", user.cookie],
          ["/api/auth/sign-up/email", undefined],
        ] as const) {
          const res = await t.app.inject({
            method: "POST",
            url,
            headers: {
              "content-type": "application/json",
              origin: "http://localhost:3000",
              ...(cookie ? { cookie } : {}),
            },
            payload: deep[kind],
          });
          expect(res.statusCode, `${url}: ${res.body}`).toBe(400);
          expect(res.json().error.message).toBe(tooDeep);
        }
      },
    );
  });

  describe("9. the server never writes a due date its own import refuses", () => {
    it("snooze refuses, a repeat ends, a plan is refused near 2199; the export re-imports", async () => {
      const user = await signUp(t.app);
      const api = client(t.app, user.cookie);
      const add = async (dueDate: string, repeatEveryDays: number | null = null) => {
        const res = await api.post("/api/tasks", { title: "Water", dueDate, repeatEveryDays });
        expect(res.statusCode, res.body).toBe(201);
        return res.json().id as string;
      };

      const lastDay = await add("2199-12-31");
      const snoozed = await api.post(`/api/tasks/${lastDay}/snooze`, { days: 1 });
      expect(snoozed.statusCode, snoozed.body).toBe(400);
      expect(snoozed.json().error.message).toBe(
        "Snoozing this task by 1 day would make it due after 31 December 2199, the last date Tendril keeps; snooze it for fewer days.",
      );
      const fits = await api.post(`/api/tasks/${await add("2199-12-25")}/snooze`, { days: 6 });
      expect(fits.json().dueDate).toBe("2199-12-31");

      const repeating = await add("2199-12-30", 3);
      const done = await api.post(`/api/tasks/${repeating}/complete`);
      expect(done.statusCode, done.body).toBe(200);
      expect(done.json()).toMatchObject({ task: { status: "completed" }, next: null });

      const late = await api.post("/api/plants", tomatoBody({ plantingDate: "2199-12-01" }));
      expect(late.statusCode, late.body).toBe(400);
      expect(late.json().error.message).toMatch(/^Check plantingDate: this plant's plan would/);
      const plant = await api.post("/api/plants", tomatoBody());
      expect(plant.statusCode, plant.body).toBe(201);
      const moved = await api.patch(`/api/plants/${plant.json().plant.id}`, {
        plantingDate: "2199-12-01",
      });
      expect(moved.statusCode, moved.body).toBe(400);

      const file = await api.get("/api/export");
      expect(file.statusCode).toBe(200);
      const dates = (file.json().tasks as { dueDate: string }[]).map((task) => task.dueDate);
      expect(dates.every((date) => date <= "2199-12-31")).toBe(true);
      const restorer = await signUp(t.app);
      const restored = await client(t.app, restorer.cookie).post("/api/import", file.json());
      expect(restored.statusCode, restored.body).toBe(200);
    });
  });
});
