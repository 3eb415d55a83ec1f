import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Client, client } from "./support/garden";
import { decodeQuotedPrintable } from "./support/outbox";
import { startSmtpServer } from "./support/smtp";
import { createTestApp, sqliteOnly, type TestApp } from "./support/test-app";
import { type SignedInUser, signUp } from "./support/users";

const INBOX = "operator@example.com";
const message = (extra: Record<string, unknown> = {}) => ({
  name: "Robin",
  email: "robin@example.com",
  message: "The tomato plan says to water daily in November.",
  ...extra,
});

async function waitFor<T>(read: () => T | undefined, timeoutMs = 5000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = read();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error("timed out");
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

describe.each(sqliteOnly)("contact inbox and the operator's page on %s", (dialect) => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let operator: SignedInUser;
  let gardener: SignedInUser;
  let named: SignedInUser;
  let asOperator: Client;
  let asGardener: Client;
  beforeAll(async () => {
    smtp = await startSmtpServer();
    t = await createTestApp({
      dialect,
      env: {
        SMTP_URL: smtp.url,
        CONTACT_EMAIL: INBOX,
        CONTACT_PER_HOUR: "3",
        ADMIN_EMAILS: "Helper@Example.com",
      },
    });
    // The instance's first account runs it.
    operator = await signUp(t.app, { name: "Operator" });
    gardener = await signUp(t.app, { name: "Ivy" });
    named = await signUp(t.app, { name: "Helper", email: "helper@example.com" });
    asOperator = client(t.app, operator.cookie);
    asGardener = client(t.app, gardener.cookie);
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  it("stores a gardener's message, e-mails it to CONTACT_EMAIL and lists it for the operator", async () => {
    const res = await asGardener.post("/api/contact", message());
    expect(res.statusCode, res.body).toBe(201);
    const { id } = res.json();

    const mail = await waitFor(() => smtp.received.find((m) => m.data.includes("November")));
    expect(mail.to).toEqual([INBOX]);
    const text = decodeQuotedPrintable(mail.data);
    expect(text).toMatch(/^Reply-To: robin@example\.com/m);
    expect(text).toContain("Tendril: Contact form from Robin");
    expect(text).toContain(`account ${gardener.email}`);

    const inbox = await asOperator.get("/api/admin/contact-messages");
    expect(inbox.statusCode).toBe(200);
    expect(inbox.json().messages[0]).toMatchObject({
      id,
      kind: "contact",
      name: "Robin",
      email: "robin@example.com",
      message: "The tomato plan says to water daily in November.",
      accountEmail: gardener.email,
    });
  });

  it("keeps Plant ID reports and Feedback apart by kind", async () => {
    for (const kind of ["report", "feedback"]) {
      expect((await asGardener.post("/api/contact", message({ kind }))).statusCode).toBe(201);
    }
    const kinds = (await asOperator.get("/api/admin/contact-messages"))
      .json()
      .messages.map((m: { kind: string }) => m.kind);
    expect(kinds.slice(0, 2)).toEqual(["feedback", "report"]);
  });

  it("refuses an incomplete message with a message for each field", async () => {
    const res = await asGardener.post("/api/contact", { name: " ", email: "nope", message: "" });
    expect(res.statusCode).toBe(400);
    const issues = res.json().error.issues.map((i: { path: string }) => i.path);
    expect(issues).toEqual(expect.arrayContaining(["name", "email", "message"]));
  });

  it("limits the messages an account may send in an hour", async () => {
    const sender = client(t.app, named.cookie);
    for (let i = 0; i < 3; i++) {
      expect((await sender.post("/api/contact", message())).statusCode).toBe(201);
    }
    const refused = await sender.post("/api/contact", message());
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error).toMatchObject({ code: "rate_limited" });
    expect(refused.json().error.message).toContain("3 messages in the last hour");
  });

  it("answers 404 on every /api/admin route to a gardener who is not an operator", async () => {
    for (const res of [
      await asGardener.get("/api/admin/accounts"),
      await asGardener.get("/api/admin/contact-messages"),
      await asGardener.patch(`/api/admin/accounts/${gardener.id}`, { plan: "pro" }),
      // Even a malformed request learns nothing more.
      await asGardener.patch(`/api/admin/accounts/${gardener.id}`, { plan: "platinum" }),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.json().error.code).toBe("not_found");
    }
    expect((await client(t.app, null).get("/api/admin/accounts")).statusCode).toBe(401);
    expect((await asGardener.get("/api/me/operator")).json()).toEqual({ operator: false });
    expect((await asOperator.get("/api/me/operator")).json()).toEqual({ operator: true });
    // The plan did not change.
    expect((await asGardener.get("/api/me/quota")).json().plan).toBe("free");
  });

  it("lists accounts with plan, dates, plants and messages today, and switches a plan", async () => {
    await asGardener.post("/api/plants", {
      name: "Tomato",
      medium: "soil",
      place: "outdoor",
      lights: "sun",
      plantingDate: "2026-05-01",
    });
    // Two messages today, one kept in a chat and one sent without: both count, as the quota does.
    const chat = (await asGardener.post("/api/chats", {})).json();
    for (const body of [
      { message: "When do I water basil?", chatId: chat.id },
      { message: "Hi" },
    ]) {
      const sent = await asGardener.post("/api/gardening/chat", body);
      expect(sent.statusCode, sent.body).toBe(200);
    }
    expect((await asGardener.get("/api/me/quota")).json().usedToday).toBe(2);
    const { accounts } = (await asOperator.get("/api/admin/accounts")).json();
    expect(accounts.map((a: { email: string }) => a.email)).toEqual([
      operator.email,
      gardener.email,
      named.email,
    ]);
    const ivy = accounts[1];
    expect(ivy).toMatchObject({
      name: "Ivy",
      plan: "free",
      plants: 1,
      messagesToday: 2,
      operator: false,
    });
    expect(accounts[0].messagesToday).toBe(0);
    expect(ivy.lastSignInAt).not.toBeNull();
    expect(accounts[0].operator).toBe(true);
    // ADMIN_EMAILS names Helper's address, but nobody verified it (issue 37).
    expect(accounts[2].operator).toBe(false);

    const switched = await asOperator.patch(`/api/admin/accounts/${gardener.id}`, { plan: "pro" });
    expect(switched.statusCode, switched.body).toBe(200);
    expect(switched.json()).toMatchObject({ id: gardener.id, plan: "pro" });
    expect((await asGardener.get("/api/me/quota")).json()).toMatchObject({
      plan: "pro",
      dailyLimit: 500,
    });
    expect((await asOperator.patch("/api/admin/accounts/nobody", { plan: "pro" })).statusCode).toBe(
      404,
    );
  });

  it("makes an account ADMIN_EMAILS names an operator too, once a provider verified its address", async () => {
    const sender = client(t.app, named.cookie);
    expect((await sender.get("/api/me/operator")).json()).toEqual({ operator: false });
    await t.database.db
      .updateTable("user")
      .set({ emailVerified: dialect === "postgres" ? true : 1 })
      .where("id", "=", named.id)
      .execute();
    expect((await sender.get("/api/me/operator")).json()).toEqual({ operator: true });
    expect((await sender.get("/api/admin/accounts")).statusCode).toBe(200);
  });
});
