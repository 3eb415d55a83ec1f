import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { decodeQuotedPrintable, readOutbox } from "./support/outbox";
import { type ReceivedMail, startSmtpServer } from "./support/smtp";
import { createTestApp, type TestApp } from "./support/test-app";
import { signUp } from "./support/users";

describe("e-mail through SMTP_URL", () => {
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let received: ReceivedMail[];
  let t: TestApp;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    received = smtp.received;
    t = await createTestApp({
      env: { SMTP_URL: smtp.url, MAIL_FROM: "Tendril <garden@example.org>" },
    });
  });

  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  const waitFor = async (match: (r: ReceivedMail) => boolean) => {
    for (let i = 0; i < 100; i++) {
      const found = received.find(match);
      if (found) return found;
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error("the SMTP server received no matching message");
  };

  it("delivers the welcome and reset e-mails to the SMTP server, not the outbox", async () => {
    const user = await signUp(t.app);
    const welcome = await waitFor(
      (r) => r.to.includes(user.email) && r.data.includes("Welcome to Tendril"),
    );
    expect(welcome.from).toBe("garden@example.org");

    await t.app.inject({
      method: "POST",
      url: "/api/auth/request-password-reset",
      payload: { email: user.email, redirectTo: "/auth" },
    });
    const reset = await waitFor(
      (r) => r.to.includes(user.email) && r.data.includes("Reset your Tendril password"),
    );
    expect(decodeQuotedPrintable(reset.data)).toMatch(
      /http:\/\/localhost:3000\/api\/auth\/reset-password\/\S+/,
    );
    expect(await readOutbox(t.dataDir)).toEqual([]);
  });
});
