import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, sqliteOnly, type TestApp } from "./support/test-app";
import { type SignedInUser, signUp } from "./support/users";

describe.each(sqliteOnly)("profile API on %s", (dialect) => {
  let t: TestApp;
  let user: SignedInUser;
  const me = (cookie = user.cookie) =>
    t.app.inject({ method: "GET", url: "/api/me", headers: { cookie } });
  const patch = (payload: unknown, cookie = user.cookie) =>
    t.app.inject({
      method: "PATCH",
      url: "/api/me",
      headers: { cookie },
      payload: payload as object,
    });

  beforeAll(async () => {
    t = await createTestApp({ dialect });
    user = await signUp(t.app, { name: "Fern" });
  });
  afterAll(async () => {
    await t.close();
  });

  it("needs a session", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/me" });
    expect(res.statusCode).toBe(401);
    expect(res.json().error.code).toBe("unauthorized");
  });

  it("starts with the defaults", async () => {
    expect((await me()).json()).toMatchObject({
      displayName: "Fern",
      units: "C",
      plan: "free",
      onboardingCompleted: false,
      zip: null,
      zone: null,
    });
  });

  it("saves preferences, accepting the spec's labels in any case", async () => {
    const res = await patch({
      displayName: "Fern Gully",
      units: "f",
      location: "Portland, OR",
      experience: "Intermediate",
      preference: "Indoor Plants",
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      displayName: "Fern Gully",
      units: "F",
      location: "Portland, OR",
      experience: "intermediate",
      preference: "indoor-plants",
    });
    expect((await me()).json().displayName).toBe("Fern Gully");
    const row = await t.database.db
      .selectFrom("user")
      .select("name")
      .where("id", "=", user.id)
      .executeTakeFirstOrThrow();
    expect(row.name).toBe("Fern Gully");
  });

  it("fills zone, title and range from the ZIP", async () => {
    const res = await patch({ zip: "94110" });
    expect(res.json()).toMatchObject({
      zip: "94110",
      zone: "10b",
      zoneTitle: "10b: 35 to 40",
      tempRange: "35 to 40",
    });
    const cleared = await patch({ zip: null });
    expect(cleared.json()).toMatchObject({
      zip: null,
      zone: null,
      zoneTitle: null,
      tempRange: null,
    });
  });

  it("keeps an unknown but well-formed ZIP without inventing a zone", async () => {
    const res = await patch({ zip: "00000" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ zip: "00000", zone: null });
  });

  it("records when onboarding was completed", async () => {
    const res = await patch({ onboardingCompleted: true });
    expect(res.json().onboardingCompleted).toBe(true);
    const completedAt = res.json().completedAt;
    expect(completedAt).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect((await patch({ onboardingCompleted: true })).json().completedAt).toBe(completedAt);
  });

  it("answers 400 with an actionable message for bad input and changes nothing", async () => {
    const before = (await me()).json();
    const cases: [unknown, string][] = [
      [{ zip: "9411" }, "A US ZIP code has 5 digits, like 94110."],
      [{ units: "K" }, "Use C or F."],
      [{ experience: "guru" }, "Use one of: beginner, intermediate, advanced."],
      [{ displayName: "   " }, "Enter a display name."],
      [{ favouriteColour: "green" }, "favouriteColour"],
    ];
    for (const [payload, message] of cases) {
      const res = await patch(payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().error.code).toBe("invalid_request");
      expect(res.json().error.message).toContain(message);
    }
    expect((await me()).json()).toEqual(before);
  });

  it("never answers 5xx to arbitrary JSON and never changes the profile when it refuses", async () => {
    const before = (await me()).json();
    await fc.assert(
      fc.asyncProperty(fc.jsonValue(), async (payload) => {
        const res = await t.app.inject({
          method: "PATCH",
          url: "/api/me",
          headers: { cookie: user.cookie, "content-type": "application/json" },
          payload: JSON.stringify(payload),
        });
        expect(res.statusCode).toBeLessThan(500);
        if (res.statusCode >= 400) {
          expect(res.json().error.message.length).toBeGreaterThan(0);
          expect((await me()).json()).toEqual(before);
        }
      }),
      { numRuns: 60 },
    );
  });

  it("refuses a non-JSON body with 415 and a broken one with 400", async () => {
    const text = await t.app.inject({
      method: "PATCH",
      url: "/api/me",
      headers: { cookie: user.cookie, "content-type": "text/plain" },
      payload: "units=F",
    });
    expect(text.statusCode).toBe(415);
    expect(text.json().error.code).toBe("unsupported_media_type");
    const broken = await t.app.inject({
      method: "PATCH",
      url: "/api/me",
      headers: { cookie: user.cookie, "content-type": "application/json" },
      payload: "{units:",
    });
    expect(broken.statusCode).toBe(400);
    expect(broken.json().error.message).toBe("The request body is not valid JSON.");
  });

  it("refuses a change sent from another website", async () => {
    const res = await t.app.inject({
      method: "PATCH",
      url: "/api/me",
      headers: { cookie: user.cookie, origin: "https://evil.example" },
      payload: { units: "C" },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe("forbidden_origin");
    const same = await t.app.inject({
      method: "PATCH",
      url: "/api/me",
      headers: { cookie: user.cookie, origin: "http://localhost:3000" },
      payload: { units: "C" },
    });
    expect(same.statusCode).toBe(200);
  });

  it("keeps each gardener's profile their own", async () => {
    const other = await signUp(t.app, { name: "Other" });
    await patch({ location: "Other town" }, other.cookie);
    expect((await me()).json().location).not.toBe("Other town");
    expect((await me(other.cookie)).json()).toMatchObject({ id: other.id, location: "Other town" });
  });
});

describe("zones API", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it("answers a lower-48 ZIP from the 2023 map, with its town, without a session", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/zones/10001" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      zipcode: "10001",
      zone: "7b",
      trange: "5 to 10",
      zonetitle: "7b: 5 to 10",
      map: "2023",
      place: "New York, NY",
    });
  });

  it("answers Alaska, Hawaii and Puerto Rico from the 2012 map", async () => {
    const hawaii = await t.app.inject({ method: "GET", url: "/api/zones/96813" });
    expect(hawaii.statusCode).toBe(200);
    expect(hawaii.json().map).toBe("2012");
    expect(hawaii.json().zonetitle).toBe(`${hawaii.json().zone}: ${hawaii.json().trange}`);
    expect(hawaii.json().place).toBe("Honolulu, HI");
  });

  it("answers 404 for an unknown ZIP and 400 for a malformed one", async () => {
    const unknown = await t.app.inject({ method: "GET", url: "/api/zones/00000" });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error).toEqual({
      code: "not_found",
      message: "ZIP code 00000 was not found.",
    });
    const bad = await t.app.inject({ method: "GET", url: "/api/zones/12ab" });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toContain("A US ZIP code has 5 digits");
  });
});
