import { randomUUID } from "node:crypto";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { UNAVAILABLE_SERVICE_TEXT } from "../src/core/schemas/chat";
import { openEventStream, parseEventStream } from "./support/event-stream";
import { client, tomatoBody, utcToday } from "./support/garden";
import { bothEngines, createTestApp, type TestApp } from "./support/test-app";
import { signUp } from "./support/users";

/** `count` user messages sent earlier today, written straight into a chat of the user. */
async function alreadySent(t: TestApp, userId: string, count: number) {
  const chatId = randomUUID();
  const at = new Date().toISOString();
  await t.database.db
    .insertInto("chats")
    .values({ id: chatId, user_id: userId, title: "Earlier", created_at: at, updated_at: at })
    .execute();
  for (let start = 0; start < count; start += 100) {
    const rows = Array.from({ length: Math.min(100, count - start) }, () => ({
      id: randomUUID(),
      chat_id: chatId,
      user_id: userId,
      role: "user",
      content: "earlier question",
      created_at: at,
    }));
    await t.database.db.insertInto("messages").values(rows).execute();
  }
}

const countRows = async (t: TestApp, table: "messages" | "tasks" | "chats", userId: string) =>
  Number(
    (
      await t.database.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .where("user_id", "=", userId)
        .executeTakeFirstOrThrow()
    ).n,
  );

describe.each(bothEngines)("chat and quotas on %s", (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ dialect });
  });
  afterAll(async () => {
    await t.close();
  });

  it("streams chat.updated on /api/events when a chat is made, answered, renamed and deleted", async () => {
    if (!t.app.server.listening) await t.app.listen({ port: 0, host: "127.0.0.1" });
    const base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    const user = await signUp(t.app);
    const other = await signUp(t.app);
    const api = client(t.app, user.cookie);
    const stream = await openEventStream(`${base}/api/events`, user.cookie);
    const elsewhere = await openEventStream(`${base}/api/events`, other.cookie);
    try {
      const chat = (await api.post("/api/chats", {})).json();
      await api.post("/api/gardening/chat", { message: "When do I sow peas?", chatId: chat.id });
      // A message without a chat stores nothing, so no chat changes.
      await api.post("/api/gardening/chat", { message: "And beans?" });
      await api.patch(`/api/chats/${chat.id}`, { title: "Peas" });
      await api.del(`/api/chats/${chat.id}`);
      const event = { event: "chat.updated", data: { id: chat.id } };
      expect(await stream.waitFor(4)).toEqual([event, event, event, event]);
      expect(elsewhere.events).toEqual([]);
    } finally {
      stream.close();
      elsewhere.close();
    }
  });

  it("creates, lists newest first, renames and deletes chats with their messages", async () => {
    const user = await signUp(t.app);
    const api = client(t.app, user.cookie);
    const first = await api.post("/api/chats", {});
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({ title: "Untitled chat", plantId: null });
    const second = (await api.post("/api/chats", { title: "Peppers" })).json();
    expect((await api.get("/api/chats")).json().chats.map((c: { id: string }) => c.id)).toEqual([
      second.id,
      first.json().id,
    ]);

    expect((await api.patch(`/api/chats/${second.id}`, { title: "   " })).statusCode).toBe(400);
    expect((await api.patch(`/api/chats/${second.id}`, { title: "x".repeat(61) })).statusCode).toBe(
      400,
    );
    const renamed = await api.patch(`/api/chats/${second.id}`, { title: "Hot peppers" });
    expect(renamed.json()).toMatchObject({ id: second.id, title: "Hot peppers" });

    await api.post("/api/gardening/chat", {
      message: "How deep do I plant garlic?",
      chatId: second.id,
    });
    expect((await api.get(`/api/chats/${second.id}/messages`)).json().messages).toHaveLength(2);
    expect((await api.del(`/api/chats/${second.id}`)).statusCode).toBe(204);
    expect((await api.get(`/api/chats/${second.id}/messages`)).statusCode).toBe(404);
    expect(
      await t.database.db
        .selectFrom("messages")
        .select("id")
        .where("chat_id", "=", second.id)
        .execute(),
    ).toEqual([]);
  });

  it("titles an Untitled chat with the first 60 characters of its first message, and stores both turns", async () => {
    const user = await signUp(t.app, { name: "Ada" });
    const api = client(t.app, user.cookie);
    const chat = (await api.post("/api/chats", {})).json();
    const question = `When should I water my tomato? ${"It is very hot here and the pots dry out. ".repeat(3)}`;
    const res = await api.post("/api/gardening/chat", { message: question, chatId: chat.id });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.engine).toBe("built-in");
    expect(body.reply.startsWith("Hi Ada,\n\n")).toBe(true);
    expect(body.chatId).toBe(chat.id);
    expect(body.message).toMatchObject({ role: "assistant", chatId: chat.id, content: body.reply });
    expect(body.sources.map((s: { ref: string }) => s.ref)).toContain("crops/tomato#water");
    const [listed] = (await api.get("/api/chats")).json().chats;
    expect(listed.title).toBe(question.slice(0, 60).trim());
    const messages = (await api.get(`/api/chats/${chat.id}/messages`)).json().messages;
    expect(messages.map((m: { role: string }) => m.role)).toEqual(["user", "assistant"]);
    expect(messages[1].sources).toEqual(body.sources);
    // A second message leaves the title alone.
    await api.post("/api/gardening/chat", { message: "And basil?", chatId: chat.id });
    expect((await api.get("/api/chats")).json().chats[0].title).toBe(question.slice(0, 60).trim());
  });

  it("answers from the gardener's own garden: the plant in focus, today's tasks", async () => {
    const user = await signUp(t.app);
    const api = client(t.app, user.cookie);
    const plant = (
      await api.post(
        "/api/plants",
        tomatoBody({ name: "Big Tom", cropSlug: "tomato", plantingDate: utcToday() }),
      )
    ).json().plant;
    await api.post("/api/tasks", { title: "Net the strawberries", dueDate: utcToday() });
    const water = (
      await api.post("/api/gardening/chat", { message: "When should I water my tomato?" })
    ).json();
    expect(water.reply).toContain("**Big Tom**");
    expect(water.reply).toMatch(/Your tomato \*\*Big Tom\*\*: water tomatoes deeply/);
    expect(water.sources).toContainEqual({
      title: "Your plant Big Tom",
      ref: `plants/${plant.id}`,
    });
    const today = (
      await api.post("/api/gardening/chat", { message: "What tasks do I have today?" })
    ).json();
    expect(today.reply).toContain("Net the strawberries");
    const unknown = (
      await api.post("/api/gardening/chat", { message: "Who won the 1998 World Cup?" })
    ).json();
    // Out of scope entirely: what it can help with, in one sentence (issue 22).
    expect(unknown.reply).toContain("I can only help with gardening");
    expect(unknown.sources).toEqual([]);
  });

  it("'remind me' creates exactly one task, on the plant named, and says so", async () => {
    const user = await signUp(t.app);
    const api = client(t.app, user.cookie);
    const plant = (await api.post("/api/plants", tomatoBody({ cropSlug: "tomato" }))).json().plant;
    const chat = (await api.post("/api/chats", {})).json();
    const before = await countRows(t, "tasks", user.id);
    const res = (
      await api.post("/api/gardening/chat", {
        message: "Remind me to feed the tomatoes next Friday",
        chatId: chat.id,
      })
    ).json();
    expect(await countRows(t, "tasks", user.id)).toBe(before + 1);
    expect(res.actions).toHaveLength(1);
    const [action] = res.actions;
    expect(action).toMatchObject({
      kind: "task.created",
      title: "Feed the tomatoes",
      plantId: plant.id,
    });
    expect(new Date(`${action.dueDate}T00:00:00Z`).getUTCDay()).toBe(5);
    expect(res.reply).toContain("Feed the tomatoes");
    const task = (await api.get(`/api/tasks?plantId=${plant.id}`))
      .json()
      .tasks.find((x: { id: string }) => x.id === action.id);
    expect(task).toMatchObject({ title: "Feed the tomatoes", dueDate: action.dueDate });
    expect((await api.get(`/api/chats/${chat.id}/messages`)).json().messages[1].actions).toEqual([
      action,
    ]);
  });

  it("streams delta events then one done event; a refusal before the stream is plain JSON", async () => {
    const user = await signUp(t.app, { name: "Sam" });
    const send = (payload: object) =>
      t.app.inject({
        method: "POST",
        url: "/api/gardening/chat",
        headers: { cookie: user.cookie, accept: "text/event-stream" },
        payload,
      });
    const res = await send({ message: "How far apart should I plant garlic?" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toMatch(/^text\/event-stream/);
    const list = parseEventStream(res.body);
    const deltas = list.filter((e) => e.event === "delta");
    expect(deltas.length).toBeGreaterThan(2);
    expect(list.at(-1)?.event).toBe("done");
    const done = list.at(-1)?.data as { reply: string; quota: { usedToday: number } };
    expect(deltas.map((e) => (e.data as { text: string }).text).join("")).toBe(done.reply);
    expect(done.reply).toMatch(/^Hi Sam,\n\n/);
    expect(done.quota.usedToday).toBe(1);
    const missing = await send({ message: "hello", chatId: randomUUID() });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.code).toBe("not_found");
  });

  it("refuses an empty or over-long message, stores nothing and counts nothing", async () => {
    const user = await signUp(t.app);
    const api = client(t.app, user.cookie);
    const chat = (await api.post("/api/chats", {})).json();
    for (const message of ["", "   ", "x".repeat(4001)]) {
      const res = await api.post("/api/gardening/chat", { message, chatId: chat.id });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.message).toMatch(/message/i);
    }
    expect(await countRows(t, "messages", user.id)).toBe(0);
    expect((await api.get("/api/me/quota")).json().usedToday).toBe(0);
  });

  it("counts a message sent without a chat, though nothing is stored", async () => {
    const user = await signUp(t.app);
    const api = client(t.app, user.cookie);
    const res = (await api.post("/api/gardening/chat", { message: "What is damping off?" })).json();
    expect(res).toMatchObject({ chatId: null, message: null });
    expect(await countRows(t, "messages", user.id)).toBe(0);
    expect((await api.get("/api/me/quota")).json()).toMatchObject({
      usedToday: 1,
      usedThisMonth: 1,
    });
  });

  it("Free: accepts the 50th message of the day and refuses the 51st with 429, storing nothing", async () => {
    const user = await signUp(t.app);
    const api = client(t.app, user.cookie);
    await alreadySent(t, user.id, 49);
    const chat = (await api.post("/api/chats", {})).json();
    const fiftieth = await api.post("/api/gardening/chat", {
      message: "How do I start seeds?",
      chatId: chat.id,
    });
    expect(fiftieth.statusCode).toBe(200);
    expect(fiftieth.json().quota).toMatchObject({ usedToday: 50, remainingToday: 0 });
    const stored = await countRows(t, "messages", user.id);
    const over = await api.post("/api/gardening/chat", { message: "One more?", chatId: chat.id });
    expect(over.statusCode).toBe(429);
    expect(over.json().error.code).toBe("quota_exceeded");
    expect(over.json().error.message).toMatch(
      /all 50 messages of the Free plan.*resets at 00:00 UTC/,
    );
    expect(Number(over.headers["retry-after"])).toBeGreaterThan(0);
    expect(await countRows(t, "messages", user.id)).toBe(stored);
    const streamed = await t.app.inject({
      method: "POST",
      url: "/api/gardening/chat",
      headers: { cookie: user.cookie, accept: "text/event-stream" },
      payload: { message: "And without a chat?" },
    });
    expect(streamed.statusCode).toBe(429);
    expect((await api.get("/api/me/quota")).json().usedToday).toBe(50);
  });

  it("Pro: accepts the 500th message and refuses the 501st", async () => {
    const user = await signUp(t.app);
    const api = client(t.app, user.cookie);
    await t.database.db
      .updateTable("profile")
      .set({ plan: "pro" })
      .where("user_id", "=", user.id)
      .execute();
    await alreadySent(t, user.id, 499);
    const ok = await api.post("/api/gardening/chat", { message: "What is leaf spot?" });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().quota).toMatchObject({ plan: "pro", dailyLimit: 500, usedToday: 500 });
    const over = await api.post("/api/gardening/chat", { message: "And mildew?" });
    expect(over.statusCode).toBe(429);
    expect(over.json().error.message).toContain("500 messages of the Pro plan");
  });

  it("accepts exactly 5 of 60 messages sent at once by a gardener who has used 45", async () => {
    const user = await signUp(t.app);
    const api = client(t.app, user.cookie);
    await alreadySent(t, user.id, 45);
    const chat = (await api.post("/api/chats", {})).json();
    const answers = await Promise.all(
      Array.from({ length: 60 }, (_, i) =>
        api.post("/api/gardening/chat", {
          message: `Question ${i}: how do I water seedlings?`,
          ...(i % 2 === 0 ? { chatId: chat.id } : {}),
        }),
      ),
    );
    const codes = answers.map((a) => a.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(5);
    expect(codes.filter((c) => c === 429)).toHaveLength(55);
    expect((await api.get("/api/me/quota")).json()).toMatchObject({
      usedToday: 50,
      remainingToday: 0,
    });
  });

  it("filters out and purges stored 'Chat service is temporarily unavailable' replies", async () => {
    const user = await signUp(t.app);
    const api = client(t.app, user.cookie);
    const chat = (await api.post("/api/chats", {})).json();
    await api.post("/api/gardening/chat", { message: "What is mulch?", chatId: chat.id });
    const badId = randomUUID();
    await t.database.db
      .insertInto("messages")
      .values({
        id: badId,
        chat_id: chat.id,
        user_id: user.id,
        role: "assistant",
        content: `Sorry! ${UNAVAILABLE_SERVICE_TEXT}. Please retry.`,
        created_at: new Date().toISOString(),
      })
      .execute();
    const messages = (await api.get(`/api/chats/${chat.id}/messages`)).json().messages;
    expect(messages).toHaveLength(2);
    expect(messages.some((m: { id: string }) => m.id === badId)).toBe(false);
    expect(
      await t.database.db.selectFrom("messages").select("id").where("id", "=", badId).execute(),
    ).toEqual([]);
  });

  it("answers another gardener's chat 404 on every chat route, and changes nothing", async () => {
    const owner = await signUp(t.app);
    const other = await signUp(t.app);
    const mine = client(t.app, owner.cookie);
    const theirs = client(t.app, other.cookie);
    const chat = (await mine.post("/api/chats", { title: "Mine" })).json();
    await mine.post("/api/gardening/chat", { message: "What is compost?", chatId: chat.id });
    const plant = (await mine.post("/api/plants", tomatoBody())).json().plant;
    const attempts = [
      theirs.get(`/api/chats/${chat.id}/messages`),
      theirs.patch(`/api/chats/${chat.id}`, { title: "Stolen" }),
      theirs.del(`/api/chats/${chat.id}`),
      theirs.post("/api/gardening/chat", { message: "hi", chatId: chat.id }),
      theirs.post("/api/chats", { plantId: plant.id }),
      theirs.post("/api/gardening/chat", { message: "hi", plantId: plant.id }),
    ];
    for (const res of await Promise.all(attempts)) {
      expect(res.statusCode, res.body).toBe(404);
      expect(res.json().error.code).toBe("not_found");
    }
    expect((await theirs.get("/api/chats")).json().chats).toEqual([]);
    expect((await mine.get("/api/chats")).json().chats[0].title).toBe("Mine");
    expect((await mine.get(`/api/chats/${chat.id}/messages`)).json().messages).toHaveLength(2);
    expect((await theirs.get("/api/me/quota")).json().usedToday).toBe(0);
  });
});

describe("signed-out chat", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { ANONYMOUS_CHAT_PER_HOUR: "2" } });
  });
  afterAll(async () => {
    await t.close();
  });

  it("answers with the built-in engine, stores nothing, and is limited per address", async () => {
    const ask = (message: string) =>
      t.app.inject({ method: "POST", url: "/api/gardening/chat/anonymous", payload: { message } });
    const first = await ask("How much sun does basil need?");
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ engine: "built-in" });
    expect(first.json().reply).toMatch(/^Hi there,\n\n[\s\S]*basil/i);
    const remind = await ask("Remind me to water the basil tomorrow");
    expect(remind.json().reply).toMatch(/Sign in/);
    const third = await ask("And parsley?");
    expect(third.statusCode).toBe(429);
    expect(third.json().error.code).toBe("rate_limited");
    expect(await t.database.db.selectFrom("messages").select("id").execute()).toEqual([]);
    expect(await t.database.db.selectFrom("tasks").select("id").execute()).toEqual([]);
  });
});
