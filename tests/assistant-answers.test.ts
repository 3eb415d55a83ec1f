import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays } from "../src/core/garden/dates";
import { client, tomatoBody, utcToday } from "./support/garden";
import { createTestApp, sqliteOnly, type TestApp } from "./support/test-app";
import { signUp } from "./support/users";

/** The built-in assistant through the API, as issue 22 asks it to answer. */
describe.each(sqliteOnly)("the assistant's answers on %s", (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ dialect });
  });
  afterAll(async () => {
    await t.close();
  });

  it("answers a follow-up in one chat about the earlier plant, greeting only once", async () => {
    const user = await signUp(t.app);
    const api = client(t.app, user.cookie);
    const chat = (await api.post("/api/chats", {})).json();
    const ask = async (message: string) =>
      (await api.post("/api/gardening/chat", { message, chatId: chat.id })).json().reply as string;
    const first = await ask("How often should I water a monstera?");
    expect(first).toMatch(/^Hi /);
    expect(first).toMatch(/monstera/i);
    const winter = await ask("And in winter?");
    expect(winter).not.toMatch(/^Hi /);
    expect(winter).toMatch(/monstera/i);
    expect(winter).toMatch(/winter/i);
    const basil = await ask("what about basil?");
    expect(basil).toMatch(/basil/i);
    expect(basil).not.toMatch(/monstera/i);
  });

  it("lists the week's tasks, overdue first, grouped by plant", async () => {
    const user = await signUp(t.app);
    const api = client(t.app, user.cookie);
    const today = utcToday();
    await api.post("/api/tasks", { title: "Turn the compost", dueDate: addDays(today, -3) });
    await api.post("/api/tasks", { title: "Net the strawberries", dueDate: addDays(today, 2) });
    await api.post("/api/tasks", { title: "Order seed potatoes", dueDate: addDays(today, 20) });
    const reply = (
      await api.post("/api/gardening/chat", { message: "What do I need to do this week?" })
    ).json().reply as string;
    expect(reply.indexOf("Turn the compost")).toBeGreaterThan(-1);
    expect(reply.indexOf("Net the strawberries")).toBeGreaterThan(
      reply.indexOf("Turn the compost"),
    );
    expect(reply).toMatch(/Overdue/);
    expect(reply).not.toContain("Order seed potatoes");
  });

  it("gives a hydroponic plant solution advice, never soil advice", async () => {
    const user = await signUp(t.app);
    const api = client(t.app, user.cookie);
    await api.post(
      "/api/plants",
      tomatoBody({
        name: "Butterhead",
        cropSlug: "lettuce",
        medium: "hydroponics",
        place: "indoor",
        lights: "led",
      }),
    );
    for (const message of [
      "How often should I water my lettuce?",
      "What should I feed my lettuce?",
      "what pH does my lettuce need?",
    ]) {
      const reply = (await api.post("/api/gardening/chat", { message })).json().reply as string;
      expect(reply, message).toMatch(/\b(EC|pH|solution|reservoir)\b/);
      expect(reply, message).not.toMatch(/\bsoil\b|compost|mulch|potting mix/i);
    }
  });

  it("answers 'what can I plant now' from the planting calendar of the gardener's place", async () => {
    const user = await signUp(t.app);
    const api = client(t.app, user.cookie);
    // A US place: the bundled NOAA frost dates give its calendar with no network.
    const place = {
      name: "Minneapolis",
      admin1: "Minnesota",
      country: "United States",
      countryCode: "US",
      latitude: 44.98,
      longitude: -93.27,
      postcode: "55401",
    };
    expect((await api.patch("/api/me", { place })).statusCode).toBe(200);
    const res = await api.post("/api/gardening/chat", { message: "What can I plant now?" });
    const { reply, sources } = res.json() as { reply: string; sources: { ref: string }[] };
    expect(reply).toContain("Minneapolis, Minnesota, United States");
    expect(reply).toMatch(/last spring frost about \d+ \w{3}, first autumn frost about \d+ \w{3}/);
    expect(sources.map((s) => s.ref)).toContain("garden:planting-calendar");
  });
});
