import ical, { type VEvent } from "node-ical";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { client, shiftDate, tomatoBody, utcToday } from "./support/garden";
import { createTestApp, sqliteOnly, type TestApp } from "./support/test-app";
import { signUp } from "./support/users";

const pathOf = (url: string) => new URL(url).pathname;

describe.each(sqliteOnly)("the private calendar feed on %s", (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ dialect });
  });
  afterAll(async () => {
    await t?.close();
  });

  const feed = (url: string) => t.app.inject({ method: "GET", url: pathOf(url) });
  const events = (body: string) =>
    Object.values(ical.sync.parseICS(body)).filter((c): c is VEvent => c?.type === "VEVENT");

  it("has one all-day event per pending task, with a stable UID and RRULE for repeats", async () => {
    const user = await signUp(t.app);
    const api = client(t.app, user.cookie);
    const tomato = (await api.post("/api/plants", tomatoBody({ name: "Tomato" }))).json();
    const planTasks = (
      tomato.tasks as { id: string; status: string; dueDate: string | null }[]
    ).filter((task) => task.status === "pending" && task.dueDate);
    const today = utcToday();
    const water = (
      await api.post("/api/tasks", {
        title: "Water, then; feed",
        dueDate: today,
        plantId: tomato.plant.id,
        repeatEveryDays: 3,
        notes: "Deep watering\nat the base",
      })
    ).json();
    const shears = (
      await api.post("/api/tasks", { title: "Oil the shears", dueDate: shiftDate(today, 2) })
    ).json();
    const done = (await api.post("/api/tasks", { title: "Done", dueDate: today })).json();
    await api.post(`/api/tasks/${done.id}/complete`);
    const otherUser = await signUp(t.app);
    await client(t.app, otherUser.cookie).post("/api/tasks", {
      title: "Someone else's",
      dueDate: today,
    });

    const got = await api.get("/api/me/calendar");
    expect(got.statusCode).toBe(200);
    const { url } = got.json();
    expect(url).toMatch(/^http:\/\/localhost:3000\/api\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
    expect((await api.get("/api/me/calendar")).json().url, "the same URL on every call").toBe(url);

    const res = await feed(url);
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("text/calendar; charset=utf-8");
    expect(res.body.startsWith("BEGIN:VCALENDAR\r\n")).toBe(true);
    const parsed = events(res.body);
    expect(parsed.map((e) => e.uid).sort()).toEqual(
      [water.id, shears.id, ...planTasks.map((task) => task.id)]
        .map((id) => `${id}@tendril`)
        .sort(),
    );
    const waterEvent = parsed.find((e) => e.uid === `${water.id}@tendril`);
    expect(waterEvent?.summary).toBe("Water, then; feed (Tomato)");
    expect(waterEvent?.description).toBe("Deep watering\nat the base");
    expect(waterEvent?.datetype).toBe("date");
    expect(waterEvent?.start.toISOString().slice(0, 10)).toBe(today);
    expect(res.body).toContain("RRULE:FREQ=DAILY;INTERVAL=3");
    expect(waterEvent?.rrule?.toString()).toContain("INTERVAL=3");
    const shearsEvent = parsed.find((e) => e.uid === `${shears.id}@tendril`);
    expect(shearsEvent?.rrule).toBeUndefined();
    expect(shearsEvent?.summary).toBe("Oil the shears");
    expect(res.body).not.toContain("Someone else");
    expect(res.body).not.toContain(`${done.id}@tendril`);

    // Completing a repeating task: its event goes, its repeat's event comes, UIDs stay stable.
    const completed = (await api.post(`/api/tasks/${water.id}/complete`)).json();
    const after = events((await feed(url)).body).map((e) => e.uid);
    expect(after).not.toContain(`${water.id}@tendril`);
    expect(after).toContain(`${completed.next.id}@tendril`);
    expect(after).toContain(`${shears.id}@tendril`);
  });

  it("rotates: the new URL works and the old one answers 404", async () => {
    const user = await signUp(t.app);
    const api = client(t.app, user.cookie);
    await api.post("/api/tasks", { title: "Sow", dueDate: utcToday() });
    const old = (await api.get("/api/me/calendar")).json().url as string;
    const rotated = await api.post("/api/me/calendar/rotate");
    expect(rotated.statusCode).toBe(200);
    const fresh = rotated.json().url as string;
    expect(fresh).not.toBe(old);
    const gone = await feed(old);
    expect(gone.statusCode).toBe(404);
    expect(gone.json().error.code).toBe("not_found");
    expect(events((await feed(fresh)).body)).toHaveLength(1);
    expect((await api.get("/api/me/calendar")).json().url).toBe(fresh);
  });

  it("answers 404 for a token nobody has, and needs no session for a real one", async () => {
    for (const path of [
      "/api/calendar/nope.ics",
      "/api/calendar/.ics",
      `/api/calendar/${"x".repeat(43)}.ics`,
    ]) {
      const res = await t.app.inject({ method: "GET", url: path });
      expect(res.statusCode, path).toBe(404);
      expect(res.json().error.code).toBe("not_found");
    }
    const res = await t.app.inject({ method: "GET", url: "/api/me/calendar" });
    expect(res.statusCode).toBe(401);
  });

  it("gives each gardener a feed of their own", async () => {
    const a = await signUp(t.app);
    const b = await signUp(t.app);
    await client(t.app, a.cookie).post("/api/tasks", { title: "A's task", dueDate: utcToday() });
    const aUrl = (await client(t.app, a.cookie).get("/api/me/calendar")).json().url;
    const bUrl = (await client(t.app, b.cookie).get("/api/me/calendar")).json().url;
    expect(aUrl).not.toBe(bUrl);
    expect((await feed(bUrl)).body).not.toContain("A's task");
    expect(events((await feed(bUrl)).body)).toEqual([]);
  });
});
