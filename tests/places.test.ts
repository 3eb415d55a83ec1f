import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migrateToLatest, migrateUpTo } from "../src/server/db/migrate";
import { type FakeOpenMeteo, startFakeOpenMeteo } from "./fakes/open-meteo";
import { bothEngines, createTestApp, openTestDatabase, type TestApp } from "./support/test-app";
import { signUp } from "./support/users";

const BENGALURU = {
  name: "Bengaluru",
  admin1: "Karnataka",
  country: "India",
  countryCode: "IN",
  latitude: 12.97194,
  longitude: 77.59369,
  timeZone: "Asia/Kolkata",
  postcode: null,
};

describe.each(bothEngines)("places anywhere (%s)", (dialect) => {
  let offline: TestApp;
  let online: TestApp;
  let fake: FakeOpenMeteo;

  beforeAll(async () => {
    // The test app's weather services point at a closed port: the bundled places answer.
    offline = await createTestApp({ dialect });
    fake = await startFakeOpenMeteo();
    online = await createTestApp({
      dialect,
      env: { GEOCODING_BASE_URL: fake.url, WEATHER_BASE_URL: fake.url },
    });
  });
  afterAll(async () => {
    await offline.close();
    await online.close();
    await fake.close();
  });

  const search = async (t: TestApp, q: string) => {
    const res = await t.app.inject({
      method: "GET",
      url: `/api/places?q=${encodeURIComponent(q)}`,
    });
    expect(res.statusCode).toBe(200);
    return (res.json() as { places: { name: string; countryCode: string | null }[] }).places;
  };

  it("finds a town anywhere offline, from the bundled towns, without a session", async () => {
    const [first] = await search(offline, "Bengaluru");
    expect(first).toMatchObject({ name: "Bengaluru", country: "India", countryCode: "IN" });
    expect((await search(offline, "Bengaluru, India"))[0]?.countryCode).toBe("IN");
    expect(await search(offline, "Bengaluru, France")).toEqual([]);
  });

  it("gives a US ZIP code's town, and nothing for one letter", async () => {
    expect((await search(offline, "94110"))[0]).toMatchObject({
      name: "San Francisco",
      admin1: "CA",
      countryCode: "US",
      postcode: "94110",
    });
    expect(await search(offline, "b")).toEqual([]);
  });

  it("finds places online with their region and time zone, ten at most", async () => {
    const places = await search(online, "Pune");
    expect(places[0]).toMatchObject({
      name: "Pune",
      admin1: "Maharashtra",
      country: "India",
      timeZone: "Asia/Kolkata",
    });
    expect((await search(online, "Springfield")).length).toBeLessThanOrEqual(10);
  });

  it("keeps a place on the profile, with its location and time zone", async () => {
    const { cookie } = await signUp(offline.app, { email: `bengaluru-${dialect}@example.com` });
    const res = await offline.app.inject({
      method: "PATCH",
      url: "/api/me",
      headers: { cookie },
      payload: { place: BENGALURU, onboardingCompleted: true },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      place: BENGALURU,
      location: "Bengaluru, Karnataka, India",
      timeZone: "Asia/Kolkata",
      onboardingCompleted: true,
    });
  });

  it("takes a US place's ZIP code and zone from its postcode", async () => {
    const { cookie } = await signUp(offline.app, { email: `mission-${dialect}@example.com` });
    const [place] = await search(offline, "94110");
    const res = await offline.app.inject({
      method: "PATCH",
      url: "/api/me",
      headers: { cookie },
      payload: { place },
    });
    expect(res.json()).toMatchObject({ zip: "94110", zone: "10b" });
  });

  it("answers 400 naming the field for a place it cannot accept, and changes nothing", async () => {
    const { cookie } = await signUp(offline.app, { email: `nowhere-${dialect}@example.com` });
    const res = await offline.app.inject({
      method: "PATCH",
      url: "/api/me",
      headers: { cookie },
      payload: { place: { ...BENGALURU, latitude: 200 } },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toMatch(/Latitude is between −90 and 90/);
    const me = await offline.app.inject({ method: "GET", url: "/api/me", headers: { cookie } });
    expect(me.json().place).toBeNull();
  });
});

describe.each(bothEngines)("an old profile after the place migration (%s)", (dialect) => {
  it("keeps its ZIP and location and has no place", async () => {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), "tendril-place-"));
    const { database, release } = await openTestDatabase(dialect, dataDir, "empty");
    try {
      await migrateUpTo(database.db, "0008-climate-profiles");
      const now = new Date().toISOString();
      await database.db
        .insertInto("user")
        .values({
          id: "u-old",
          name: "Old",
          email: "old@example.com",
          emailVerified: 0,
          createdAt: now,
          updatedAt: now,
        } as never)
        .execute();
      await database.db
        .insertInto("profile")
        .values({
          user_id: "u-old",
          zip: "94110",
          zone: "10b",
          location: "San Francisco",
          created_at: now,
          updated_at: now,
        } as never)
        .execute();
      // The place migration runs first; later ones (0010 on) may follow it.
      expect((await migrateToLatest(database.db))[0]).toBe("0009-profile-place");
      const row = await database.db
        .selectFrom("profile")
        .select(["zip", "zone", "location", "place_name", "place_lat"])
        .where("user_id", "=", "u-old")
        .executeTakeFirstOrThrow();
      expect(row).toEqual({
        zip: "94110",
        zone: "10b",
        location: "San Francisco",
        place_name: null,
        place_lat: null,
      });
    } finally {
      await database.db.destroy();
      await release();
      await fs.rm(dataDir, { recursive: true, force: true });
    }
  });
});
