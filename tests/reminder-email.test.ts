import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { client, shiftDate, utcToday } from "./support/garden";
import { decodeQuotedPrintable, readOutbox } from "./support/outbox";
import { type ReceivedMail, startSmtpServer } from "./support/smtp";
import { bothEngines, createTestApp, type TestApp } from "./support/test-app";
import { signUp } from "./support/users";

const DAY = shiftDate(utcToday(), -60);
const at = (date: string, time: string) => new Date(`${date}T${time}Z`);

/** The message's header block, unfolded, as name → value. */
function headersOf(data: string): Map<string, string> {
  const head = data.split(/\r?\n\r?\n/)[0] ?? "";
  const lines = head.replace(/\r?\n[ \t]+/g, " ").split(/\r?\n/);
  return new Map(
    lines.map((line) => {
      const at = line.indexOf(":");
      return [line.slice(0, at).toLowerCase(), line.slice(at + 1).trim()] as const;
    }),
  );
}

describe.each(bothEngines)("the e-mail digest through SMTP on %s", (dialect) => {
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let received: ReceivedMail[];
  let t: TestApp;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    received = smtp.received;
    t = await createTestApp({
      dialect,
      env: { SMTP_URL: smtp.url, MAIL_FROM: "Tendril <garden@example.org>" },
    });
  });
  afterAll(async () => {
    await t?.close();
    await smtp.close();
  });

  const digestsTo = (email: string) =>
    received.filter((r) => r.to.includes(email) && r.data.includes("Subject: Tendril:"));

  it("mails the day's list in text and HTML with a one-click unsubscribe that turns it off", async () => {
    const user = await signUp(t.app, { name: "Rowan" });
    const api = client(t.app, user.cookie);
    expect(
      (
        await api.patch("/api/me", {
          emailDigest: true,
          timeZone: "Europe/Berlin",
          reminderHour: 6,
        })
      ).statusCode,
    ).toBe(200);
    const tomato = await api.post("/api/plants", {
      name: "Tomato",
      medium: "soil",
      place: "outdoor",
      lights: "sun",
      plantingDate: shiftDate(utcToday(), 30),
    });
    const plantId = tomato.json().plant.id as string;
    await api.post("/api/tasks", { title: "Stake <the> tomato & tie", dueDate: DAY, plantId });
    await api.post("/api/tasks", { title: "Clean pots", dueDate: shiftDate(DAY, -4) });
    await api.post("/api/tasks", { title: "Not yet", dueDate: shiftDate(DAY, 1) });

    // Berlin is UTC+2 in summer, UTC+1 in winter: 06:00 there is 04:00 or 05:00 UTC.
    const run = await t.app.reminders.runOnce(at(DAY, "05:00:00"));
    expect(run.reminded).toContain(user.id);
    expect(run.emails).toBe(1);
    const [mail] = digestsTo(user.email);
    expect(mail, "the digest reached the SMTP server").toBeDefined();
    const data = decodeQuotedPrintable(mail?.data ?? "");
    const headers = headersOf(mail?.data ?? "");
    expect(headers.get("subject")).toBe("Tendril: 2 garden tasks: 1 due today, 1 overdue");
    // Plain text and HTML, the markup of a title escaped in the HTML.
    expect(data).toContain("Content-Type: text/plain");
    expect(data).toContain("Content-Type: text/html");
    expect(data).toContain(`- Clean pots (overdue since ${shiftDate(DAY, -4)})`);
    expect(data).toContain("- Stake <the> tomato & tie — Tomato");
    expect(data).toContain("<li>Stake &lt;the&gt; tomato &amp; tie — Tomato</li>");
    expect(data).not.toContain("Not yet");
    // RFC 8058 headers, pointing at the link in the body.
    const link = /^<(http:\/\/localhost:3000\/api\/reminders\/unsubscribe\?token=[^>]+)>$/.exec(
      headers.get("list-unsubscribe") ?? "",
    )?.[1];
    expect(link, headers.get("list-unsubscribe")).toBeDefined();
    expect(headers.get("list-unsubscribe-post")).toBe("List-Unsubscribe=One-Click");
    expect(data).toContain(`Stop these e-mails: ${link}`);

    // Once a day: another run that day sends nothing.
    await t.app.reminders.runOnce(at(DAY, "18:00:00"));
    expect(digestsTo(user.email)).toHaveLength(1);

    // The link works without a session and turns the digest off.
    const url = new URL(link ?? "");
    const page = await t.app.inject({ method: "GET", url: `${url.pathname}${url.search}` });
    expect(page.statusCode).toBe(200);
    expect(page.headers["content-type"]).toMatch(/^text\/html/);
    expect(page.body).toContain("unsubscribed");
    expect((await api.get("/api/me")).json().emailDigest).toBe(false);
    await t.app.reminders.runOnce(at(shiftDate(DAY, 1), "05:00:00"));
    expect(digestsTo(user.email)).toHaveLength(1);

    // Turned back on, the mail client's one-click POST (a form body) turns it off again.
    await api.patch("/api/me", { emailDigest: true });
    const oneClick = await t.app.inject({
      method: "POST",
      url: `${url.pathname}${url.search}`,
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: "List-Unsubscribe=One-Click",
    });
    expect(oneClick.statusCode, oneClick.body).toBe(200);
    expect((await api.get("/api/me")).json().emailDigest).toBe(false);
    expect(await readOutbox(t.dataDir)).toEqual([]);
  });

  it("answers 404 for a token nobody has, and changes nothing", async () => {
    const user = await signUp(t.app);
    const api = client(t.app, user.cookie);
    await api.patch("/api/me", { emailDigest: true });
    for (const token of ["nope", "x".repeat(40), ""]) {
      const res = await t.app.inject({
        method: "GET",
        url: `/api/reminders/unsubscribe?token=${token}`,
      });
      expect(res.statusCode, token).toBe(404);
      expect(res.json().error.code).toBe("not_found");
    }
    expect(
      (await t.app.inject({ method: "GET", url: "/api/reminders/unsubscribe" })).statusCode,
    ).toBe(400);
    expect((await api.get("/api/me")).json().emailDigest).toBe(true);
  });

  it("sends the digest to a gardener without a push subscription only when it is on", async () => {
    const off = await signUp(t.app);
    await client(t.app, off.cookie).post("/api/tasks", { title: "Weed", dueDate: DAY });
    await t.app.reminders.runOnce(at(DAY, "12:00:00"));
    expect(digestsTo(off.email)).toEqual([]);
  });
});

describe("the e-mail digest without SMTP", () => {
  it("is written to the outbox", async () => {
    const t = await createTestApp();
    try {
      const user = await signUp(t.app);
      const api = client(t.app, user.cookie);
      await api.patch("/api/me", { emailDigest: true });
      await api.post("/api/tasks", { title: "Harvest beans", dueDate: DAY });
      await t.app.reminders.runOnce(at(DAY, "08:00:00"));
      const digest = (await readOutbox(t.dataDir)).find((eml) => eml.includes("Subject: Tendril:"));
      expect(digest).toContain("Harvest beans");
      expect(digest).toContain("List-Unsubscribe-Post: List-Unsubscribe=One-Click");
    } finally {
      await t.close();
    }
  });
});
