import { describe, expect, it } from "vitest";
import { redactUrl } from "./log-redaction";

describe("redactUrl", () => {
  it("leaves an address without secrets as it is, its encoding included", () => {
    for (const url of [
      "/api/plants",
      "/api/places?q=San+Jos%C3%A9&country=US",
      "/api/tasks?status=pending&postcode=94110&token",
      "/api/me/calendar",
      "/?",
    ]) {
      expect(redactUrl(url)).toBe(url);
    }
  });

  it("replaces the value of every token, secret, key, password, signature or code parameter", () => {
    expect(redactUrl("/api/reminders/unsubscribe?token=abc")).toBe(
      "/api/reminders/unsubscribe?token=[redacted]",
    );
    expect(
      redactUrl("/x?a=1&access_token=t1&API-Key=k1&client%5Fsecret=s1&code=c1&sig=g1&b=&password="),
    ).toBe(
      "/x?a=1&access_token=[redacted]&API-Key=[redacted]&client%5Fsecret=[redacted]&code=[redacted]&sig=[redacted]&b=&password=[redacted]",
    );
    // A value holding "=" or "&" encoded is replaced whole; a malformed name is judged as sent.
    expect(redactUrl("/x?token=a=b%26c&%E0%A4%A=1&%ZZkey=2")).toBe(
      "/x?token=[redacted]&%E0%A4%A=1&%ZZkey=[redacted]",
    );
  });

  it("replaces the calendar feed's token and the password-reset token in the path", () => {
    expect(redactUrl("/api/calendar/AbC-123_x.ics")).toBe("/api/calendar/[redacted].ics");
    expect(redactUrl("/api/calendar/AbC-123_x.ics?token=t")).toBe(
      "/api/calendar/[redacted].ics?token=[redacted]",
    );
    expect(redactUrl("/api/calendar/a/b%2F.ics.txt")).toBe("/api/calendar/[redacted]");
    expect(redactUrl("/api/auth/reset-password/r3set?callbackURL=%2Freset")).toBe(
      "/api/auth/reset-password/[redacted]?callbackURL=%2Freset",
    );
  });
});
