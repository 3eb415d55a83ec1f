import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { decodeQuotedPrintable, readOutbox } from "./support/outbox";
import { createTestApp, type TestApp } from "./support/test-app";
import { signUp } from "./support/users";

interface Received {
  from: string;
  to: string[];
  data: string;
}

describe("e-mail through SMTP_URL", () => {
  const received: Received[] = [];
  let server: SMTPServer;
  let t: TestApp;

  beforeAll(async () => {
    server = new SMTPServer({
      authOptional: true,
      disabledCommands: ["STARTTLS"],
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on("data", (chunk: Buffer) => chunks.push(chunk));
        stream.on("end", () => {
          received.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
            to: session.envelope.rcptTo.map((r) => r.address),
            data: Buffer.concat(chunks).toString("utf8"),
          });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.server.address() as AddressInfo;
    t = await createTestApp({
      env: { SMTP_URL: `smtp://127.0.0.1:${port}`, MAIL_FROM: "Tendril <garden@example.org>" },
    });
  });

  afterAll(async () => {
    await t.close();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  const waitFor = async (match: (r: Received) => boolean) => {
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
