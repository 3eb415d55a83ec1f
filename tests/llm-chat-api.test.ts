import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { PLAN_FAILED_MESSAGE } from "../src/core/schemas/error";
import {
  type FakeOpenAiCompatible,
  hang,
  httpError,
  startFakeOpenAiCompatible,
  text,
  toolCall,
} from "./fakes/openai-compatible";
import { parseEventStream } from "./support/event-stream";
import { client, gardenRows, tomatoBody, utcToday } from "./support/garden";
import { createTestApp, sqliteOnly, type TestApp } from "./support/test-app";
import { type SignedInUser, signUp } from "./support/users";

/** The LLM engine through the HTTP API, with AI_BASE_URL pointing at a fake on loopback. */
describe.each(sqliteOnly)("the assistant on an OpenAI-compatible endpoint, on %s", (dialect) => {
  let fake: FakeOpenAiCompatible;
  let t: TestApp;
  let user: SignedInUser;

  beforeAll(async () => {
    fake = await startFakeOpenAiCompatible();
    t = await createTestApp({
      dialect,
      env: { AI_BASE_URL: fake.baseUrl, AI_MODEL: "fake-model", AI_TIMEOUT_MS: "500" },
    });
    user = await signUp(t.app, { name: "Kai" });
  });
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });
  beforeEach(() => fake.reset());

  const stream = (payload: object) =>
    t.app.inject({
      method: "POST",
      url: "/api/gardening/chat",
      headers: { cookie: user.cookie, accept: "text/event-stream" },
      payload,
    });

  it("streams the model's words as delta events and stores the reply as engine llm", async () => {
    const api = client(t.app, user.cookie);
    const chat = (await api.post("/api/chats", {})).json();
    fake.enqueue(text("Water ", "tomatoes ", "deeply."));
    const res = await stream({ message: "When should I water my tomato?", chatId: chat.id });
    const events = parseEventStream(res.body);
    const deltas = events.filter((e) => e.event === "delta");
    expect(deltas.length).toBeGreaterThanOrEqual(4);
    const done = events.at(-1)?.data as { reply: string };
    expect(done).toMatchObject({ engine: "llm", reply: "Hi Kai,\n\nWater tomatoes deeply." });
    const prompt = JSON.stringify(fake.requests[0]?.body.messages);
    expect(prompt).toContain("When should I water my tomato?");
    expect(prompt).toMatch(/Water tomatoes deeply at the base/);
    const stored = (await api.get(`/api/chats/${chat.id}/messages`)).json().messages;
    expect(stored[1]).toMatchObject({ role: "assistant", engine: "llm", content: done.reply });
  });

  it("sends a chat's earlier turns with a follow-up, and reads the follow-up against them", async () => {
    const api = client(t.app, user.cookie);
    const chat = (await api.post("/api/chats", {})).json();
    fake.enqueue(text("Water tomatoes deeply twice a week."), text("Once a week in winter."));
    const first = await api.post("/api/gardening/chat", {
      message: "How often should I water my tomato?",
      chatId: chat.id,
    });
    expect(first.json().engine).toBe("llm");
    const second = await api.post("/api/gardening/chat", {
      message: "And in winter?",
      chatId: chat.id,
    });
    expect(second.json().engine).toBe("llm");
    expect(fake.requests).toHaveLength(2);
    const messages = fake.requests[1]?.body.messages ?? [];
    const turns = messages.filter((m) => m.role !== "system");
    expect(turns.map((m) => m.role)).toEqual(["user", "assistant", "user"]);
    expect(String(turns[0]?.content)).toContain("How often should I water my tomato?");
    expect(String(turns[1]?.content)).toContain("Water tomatoes deeply twice a week.");
    expect(String(turns[2]?.content)).toContain("And in winter?");
    const system = String(messages[0]?.content);
    expect(system).toContain("Plants asked about: Tomato");
    expect(system).toContain("season winter");
  });

  it("adds the task the model asks for through its tool, once", async () => {
    const api = client(t.app, user.cookie);
    const before = (await gardenRows(t.database.db, user.id)).tasks.length;
    fake.enqueue(
      toolCall("add_task", { title: "Feed the roses", dueDate: utcToday(), plantId: null }),
      text("Added."),
    );
    const res = (
      await api.post("/api/gardening/chat", { message: "Remind me to feed the roses today" })
    ).json();
    expect(res.engine).toBe("llm");
    expect(res.actions).toEqual([
      expect.objectContaining({
        kind: "task.created",
        title: "Feed the roses",
        dueDate: utcToday(),
      }),
    ]);
    expect((await gardenRows(t.database.db, user.id)).tasks.length).toBe(before + 1);
  });

  it("answers with the built-in engine, and says so, when the endpoint fails or times out", async () => {
    const api = client(t.app, user.cookie);
    fake.enqueue(httpError(500));
    const failed = (
      await api.post("/api/gardening/chat", { message: "How far apart should I plant garlic?" })
    ).json();
    expect(failed.engine).toBe("built-in");
    expect(failed.reply).toContain("could not be reached, so the built-in assistant answered");
    expect(failed.reply).toMatch(/garlic cloves 15 cm/i);
    fake.enqueue(hang());
    const slow = (
      await api.post("/api/gardening/chat", { message: "How far apart should I plant garlic?" })
    ).json();
    expect(slow.engine).toBe("built-in");
    expect(slow.reply).toContain("built-in assistant answered");
  });

  it("saves nothing when the model's grow plan is malformed (502), and the plant when it is valid", async () => {
    const api = client(t.app, user.cookie);
    const before = await gardenRows(t.database.db, user.id);
    fake.enqueue(text('{"plant": "Tomato", "stages": "soon"}'));
    const bad = await api.post("/api/plants", tomatoBody());
    expect(bad.statusCode).toBe(502);
    expect(bad.json().error).toEqual({ code: "plan_failed", message: PLAN_FAILED_MESSAGE });
    expect(await gardenRows(t.database.db, user.id)).toEqual(before);
    const plan = {
      plant: "Tomato",
      stages: [
        { name: "Seedling", durationDays: 20 },
        { name: "Fruiting", durationDays: 60 },
      ],
      tasks: [
        { title: "Water deeply", dueInDays: 0, repeat: true, repeatEveryDays: 7 },
        { title: "Stake the stem", dueInDays: 14, repeat: false, repeatEveryDays: null },
      ],
      tips: ["Mulch once the soil warms."],
    };
    fake.enqueue(text(JSON.stringify(plan)));
    const good = await api.post("/api/plants", tomatoBody());
    expect(good.statusCode, good.body).toBe(201);
    expect(good.json().tasks.map((task: { title: string }) => task.title)).toContain(
      "Stake the stem",
    );
  });
});
