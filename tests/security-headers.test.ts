import { afterEach, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "./support/test-app";

describe("security headers", () => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  const headersOf = async (env: Record<string, string>, url: string) => {
    t = await createTestApp({ env });
    return (await t.app.inject({ method: "GET", url })).headers;
  };

  it("sends a CSP with no inline script and no framing, and the helmet set, on every answer", async () => {
    for (const url of ["/api/health", "/api/me", "/api/no-such-route", "/some/page"]) {
      const headers = await headersOf({}, url);
      const csp = String(headers["content-security-policy"]);
      expect(csp, url).toContain("script-src 'self';");
      expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain("frame-src 'none'");
      expect(csp).not.toContain("upgrade-insecure-requests");
      expect(headers).toMatchObject({
        "x-content-type-options": "nosniff",
        "x-frame-options": "DENY",
        "referrer-policy": "strict-origin-when-cross-origin",
      });
      expect(headers["strict-transport-security"]).toBeUndefined();
      await t?.close();
      t = undefined;
    }
  });

  it("adds HSTS and upgrade-insecure-requests only when PUBLIC_URL is https", async () => {
    const headers = await headersOf({ PUBLIC_URL: "https://garden.example" }, "/api/health");
    expect(headers["strict-transport-security"]).toBe("max-age=15552000");
    expect(String(headers["content-security-policy"])).toContain("upgrade-insecure-requests");
  });

  it("lets the feedback form's origin, and only it, be framed", async () => {
    const headers = await headersOf(
      { FEEDBACK_FORM_URL: "https://forms.example.org/f/123?embed=1" },
      "/api/health",
    );
    expect(String(headers["content-security-policy"])).toContain(
      "frame-src https://forms.example.org;",
    );
  });

  it("lets Plant ID's report-issue and contact forms be framed too, each origin once", async () => {
    const headers = await headersOf(
      {
        FEEDBACK_FORM_URL: "https://forms.example.org/f/123",
        BUG_REPORT_URL: "https://forms.example.org/f/456",
        CONTACT_FORM_URL: "https://contact.example.net/form",
      },
      "/api/health",
    );
    expect(String(headers["content-security-policy"])).toContain(
      "frame-src https://forms.example.org https://contact.example.net;",
    );
  });
});
