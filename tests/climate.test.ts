import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { plantingCalendar } from "../src/core/climate/planting-calendar";
import { catalogue } from "../src/server/features/catalogue/catalogue-read-model";
import { loadCropCalendars } from "../src/server/features/catalogue/crop-calendar-read-model";
import {
  ARCHIVE_RETRY_MS,
  ClimateService,
  climateKey,
} from "../src/server/features/climate/service";
import { OpenMeteo } from "../src/server/providers/weather";
import { type FakeOpenMeteo, startFakeOpenMeteo } from "./fakes/open-meteo";
import { bothEngines, createTestApp, type TestApp } from "./support/test-app";
import { signUp } from "./support/users";

const BENGALURU = { lat: 12.97, lon: 77.59 };
const MELBOURNE = { lat: -37.81, lon: 144.96 };
const TODAY = "2026-11-25";

describe.each(bothEngines)("the climate of a place (%s)", (dialect) => {
  let t: TestApp;
  let fake: FakeOpenMeteo;
  let climate: ClimateService;

  beforeAll(async () => {
    t = await createTestApp({ dialect });
    fake = await startFakeOpenMeteo();
    const archive = new OpenMeteo({
      baseUrl: fake.url,
      geocodingBaseUrl: fake.url,
      archiveBaseUrl: fake.url,
      timeoutMs: 5000,
    });
    climate = new ClimateService({ db: t.database.db, archive });
  });
  afterAll(async () => {
    await fake.close();
    await t.close();
  });

  it("computes a frost-free profile for Bengaluru from ten years of the archive", async () => {
    const { profile, estimate } = await climate.climateAt(BENGALURU, TODAY);
    expect(estimate).toBe(false);
    expect(profile).toMatchObject({
      source: "historical",
      lastFrost: null,
      firstFrost: null,
    });
    expect(profile?.monthlyMeanC).toHaveLength(12);
    expect(fake.last.archive?.get("start_date")).toBe("2016-01-01");
    expect(fake.last.archive?.get("end_date")).toBe("2025-12-31");
  });

  it("gives Melbourne southern-hemisphere frost dates and keeps the profile (one archive call)", async () => {
    const before = fake.requests.archive;
    const first = await climate.climateAt(MELBOURNE, TODAY);
    const again = await climate.climateAt(MELBOURNE, TODAY);
    expect(fake.requests.archive).toBe(before + 1);
    expect(again).toEqual(first);
    // The fake's Melbourne has frost while 12.9 + 9.3·cos(phase) − 5 ≤ 0: about 150 days either
    // side of its warmest day, 20 January, i.e. from mid June to late August, the southern winter.
    expect(first.profile?.firstFrost?.slice(0, 2)).toBe("06");
    expect(first.profile?.lastFrost?.slice(0, 2)).toBe("08");
    const row = await t.database.db
      .selectFrom("climate_profiles")
      .select("key")
      .where("key", "=", climateKey(MELBOURNE))
      .executeTakeFirst();
    expect(row?.key).toBe("-37.8,145.0");
  });

  it("plans the catalogue's tomato for November by the place's own season", async () => {
    const crops = catalogue();
    const tomato = crops.bySlug("tomato");
    const calendar = loadCropCalendars(crops).get("tomato");
    if (!tomato || !calendar) throw new Error("tomato is in the catalogue");
    const crop = { calendar, daysToMaturity: tomato.daysToMaturity };
    const melbourne = (await climate.climateAt(MELBOURNE, TODAY)).profile;
    if (!melbourne) throw new Error("Melbourne has a profile");
    expect(plantingCalendar(melbourne, crop, TODAY).verdict.status).not.toBe("not-now");
  });

  it("answers an estimate, never an error, when the archive cannot be reached", async () => {
    fake.failWith = 503;
    try {
      const somewhere = { lat: 51.5, lon: -0.1 };
      await expect(climate.climateAt(somewhere, TODAY)).resolves.toEqual({
        profile: null,
        estimate: true,
      });
      // A place already known keeps its profile while the archive is down.
      expect((await climate.climateAt(MELBOURNE, TODAY)).estimate).toBe(false);
    } finally {
      fake.failWith = null;
    }
  });
});

describe("the archive's failures", () => {
  it("asks the archive again for a point only after a pause, unless the gardener asks", async () => {
    const fake = await startFakeOpenMeteo();
    const t = await createTestApp({ dialect: "sqlite" });
    try {
      let now = Date.parse("2026-11-25T12:00:00Z");
      const archive = new OpenMeteo({
        baseUrl: fake.url,
        geocodingBaseUrl: fake.url,
        archiveBaseUrl: fake.url,
        timeoutMs: 5000,
      });
      const climate = new ClimateService({ db: t.database.db, archive, now: () => new Date(now) });
      fake.failWith = 503;
      expect((await climate.climateAt(BENGALURU, TODAY)).estimate).toBe(true);
      expect((await climate.climateAt(BENGALURU, TODAY)).estimate).toBe(true);
      expect(fake.requests.archive).toBe(1);
      // The gardener asking (their climate, their calendar) asks again at once.
      expect((await climate.climateAt(BENGALURU, TODAY, true)).estimate).toBe(true);
      expect(fake.requests.archive).toBe(2);
      fake.failWith = null;
      expect((await climate.climateAt(BENGALURU, TODAY)).estimate).toBe(true);
      now += ARCHIVE_RETRY_MS + 1;
      expect((await climate.climateAt(BENGALURU, TODAY)).estimate).toBe(false);
      expect(fake.requests.archive).toBe(3);
    } finally {
      await t.close();
      await fake.close();
    }
  });
});

describe.each(bothEngines)("the gardener's climate and planting calendar (%s)", (dialect) => {
  let t: TestApp;
  let fake: FakeOpenMeteo;

  beforeAll(async () => {
    fake = await startFakeOpenMeteo();
    t = await createTestApp({ dialect, env: { CLIMATE_BASE_URL: fake.url } });
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });

  /** A gardener who chose a place, and a way to call the API as them. */
  async function gardenerAt(place: Record<string, unknown> | null) {
    const { cookie } = await signUp(t.app);
    const call = (method: "GET" | "PATCH", url: string, payload?: unknown) =>
      t.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });
    if (place) expect((await call("PATCH", "/api/me", { place })).statusCode).toBe(200);
    return call;
  }
  const place = (name: string, countryCode: string, latitude: number, longitude: number) => ({
    name,
    admin1: null,
    country: null,
    countryCode,
    latitude,
    longitude,
  });

  it("gives a Bengaluru gardener a frost-free climate from the archive", async () => {
    const call = await gardenerAt(place("Bengaluru", "IN", 12.97, 77.59));
    const res = await call("GET", "/api/me/climate");
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      source: "historical",
      frostFree: true,
      lastFrost: null,
      growingSeasonDays: 365,
      hemisphere: "north",
    });
    expect(res.json().monthlyMeanC).toHaveLength(12);
  });

  it("plans Melbourne's November from its own southern season", async () => {
    const call = await gardenerAt(place("Melbourne", "AU", -37.81, 144.96));
    const res = await call("GET", "/api/planting-calendar?date=2026-11-25&crops=tomato,garlic");
    expect(res.statusCode).toBe(200);
    const body = res.json() as {
      climate: { hemisphere: string; lastFrost: string };
      crops: { slug: string; verdict: string; reason: string; windows: unknown[] }[];
    };
    expect(body.climate).toMatchObject({ hemisphere: "south", source: "historical" });
    const [tomato, garlic] = body.crops;
    expect(tomato).toMatchObject({ slug: "tomato", verdict: "now" });
    expect(tomato?.reason).toMatch(/now, until/);
    // Garlic goes in before the southern winter, months away in November.
    expect(garlic).toMatchObject({ slug: "garlic", verdict: "not-now" });
    expect(garlic?.windows.length).toBeGreaterThan(0);
  });

  it("lists What to Plant Now for the gardener's own date (the device's), by the calendar", async () => {
    const call = await gardenerAt(place("Melbourne", "AU", -37.81, 144.96));
    const names = async (date: string) => {
      const res = await call("GET", `/api/gardening/planting-suggestions?date=${date}`);
      expect(res.statusCode).toBe(200);
      const body = res.json() as { season: string; vegetables: { name: string }[] };
      return { season: body.season, vegetables: body.vegetables.map((v) => v.name) };
    };
    const spring = await names("2026-11-25");
    expect(spring.season).toBe("Spring");
    expect(spring.vegetables).toContain("Tomato");
    const winter = await names("2027-06-20");
    expect(winter.season).toBe("Winter");
    expect(winter.vegetables).not.toContain("Tomato");
    const bad = await call("GET", "/api/gardening/planting-suggestions?date=25/11/2026");
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toMatch(/YYYY-MM-DD/);
  });

  it("plans What to Plant Now by the gardener's own frost dates at their place, not elsewhere", async () => {
    const call = await gardenerAt(place("Melbourne", "AU", -37.81, 144.96));
    expect(
      (await call("PATCH", "/api/me/climate", { lastFrost: "09-20", firstFrost: "05-10" }))
        .statusCode,
    ).toBe(200);
    const summary = async (query: string) =>
      (await call("GET", `/api/gardening/planting-suggestions?date=2026-11-25${query}`)).json()
        .summary[0] as string;
    expect(await summary("")).toBe(
      "Planting calendar for your frost dates: last spring frost about 20 Sep, first autumn frost about 10 May.",
    );
    // A town looked up elsewhere keeps its own climate.
    expect(await summary("&lat=12.97&lon=77.59")).toMatch(/without frost/);
  });

  it("takes the gardener's own frost dates, and refuses a date it cannot read", async () => {
    const call = await gardenerAt(place("Melbourne", "AU", -37.81, 144.96));
    const own = await call("PATCH", "/api/me/climate", { lastFrost: "09-20", firstFrost: "05-10" });
    expect(own.json()).toMatchObject({
      source: "gardener",
      lastFrost: "09-20",
      firstFrost: "05-10",
    });
    const bad = await call("PATCH", "/api/me/climate", { lastFrost: "9/20", firstFrost: null });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toMatch(/MM-DD/);
    const back = await call("PATCH", "/api/me/climate", { lastFrost: null, firstFrost: null });
    expect(back.json()).toMatchObject({ source: "historical" });
  });

  it("keeps the gardener's frost dates while they stay, and drops them when they move", async () => {
    const melbourne = place("Melbourne", "AU", -37.81, 144.96);
    const call = await gardenerAt(melbourne);
    await call("PATCH", "/api/me/climate", { lastFrost: "09-20", firstFrost: "05-10" });
    // Saving the same place again (or anything else) keeps them.
    expect((await call("PATCH", "/api/me", { place: melbourne, units: "F" })).statusCode).toBe(200);
    expect((await call("GET", "/api/me/climate")).json()).toMatchObject({ source: "gardener" });
    const moved = await call("PATCH", "/api/me", { place: place("Pune", "IN", 18.52, 73.86) });
    expect(moved.statusCode).toBe(200);
    expect((await call("GET", "/api/me/climate")).json()).toMatchObject({
      source: "historical",
      frostFree: true,
    });
  });

  it("says plainly why it refuses frost dates: a day not in every year, one date alone, no place", async () => {
    const call = await gardenerAt(place("Melbourne", "AU", -37.81, 144.96));
    const refused = async (payload: unknown) => {
      const res = await call("PATCH", "/api/me/climate", payload);
      expect(res.statusCode).toBe(400);
      return res.json().error.message as string;
    };
    expect(await refused({ lastFrost: "02-30", firstFrost: "05-10" })).toBe(
      "Check lastFrost: That day is not in every year (no 30 February or 31 April; for the end of February use 02-28).",
    );
    expect(await refused({ lastFrost: "09-20", firstFrost: "04-31" })).toMatch(
      /^Check firstFrost:/,
    );
    expect(await refused({ lastFrost: "09-20", firstFrost: "02-29" })).toMatch(/not in every year/);
    expect(await refused({ lastFrost: "09-20", firstFrost: null })).toBe(
      "Give both frost dates, or neither (null for both) to go back to your place's dates.",
    );
    expect(await refused({ lastFrost: "09-20" })).toBe("firstFrost is required.");
    // Nothing refused was kept.
    expect((await call("GET", "/api/me/climate")).json()).toMatchObject({ source: "historical" });
    // No place, no climate to correct.
    const nowhere = await gardenerAt(null);
    const res = await nowhere("PATCH", "/api/me/climate", {
      lastFrost: "04-15",
      firstFrost: "10-20",
    });
    expect(res.statusCode).toBe(404);
    expect(res.json().error.message).toMatch(/choose a town or postcode in Settings/);
  });

  it("answers 404 while the gardener has no place, and for a crop it does not know", async () => {
    const nowhere = await gardenerAt(null);
    expect((await nowhere("GET", "/api/me/climate")).statusCode).toBe(404);
    const call = await gardenerAt(place("Bengaluru", "IN", 12.97, 77.59));
    expect((await call("GET", "/api/planting-calendar?crops=no-such-crop")).statusCode).toBe(404);
    expect((await call("GET", "/api/planting-calendar?date=tomorrow")).statusCode).toBe(400);
  });

  // Issue 37 item 7: with a climate known these dates reached the calendar's date arithmetic (500).
  it.each([
    "2026-02-30",
    "2026-02-29",
    "2026-13-45",
    "2026-00-10",
    "2026-04-31",
    "2026-01-32",
    "0000-00-00",
    "1899-12-31",
    "2200-01-01",
    "9999-12-31",
  ])(
    "refuses %s on the planting calendar and suggestions with a 400 that says why",
    async (date) => {
      const call = await gardenerAt(place("Melbourne", "AU", -37.81, 144.96));
      expect((await call("GET", "/api/me/climate")).json()).toMatchObject({ source: "historical" });
      for (const url of [
        `/api/planting-calendar?date=${date}`,
        `/api/gardening/planting-suggestions?date=${date}`,
      ]) {
        const res = await call("GET", url);
        expect(res.statusCode, `${url} ${res.body.slice(0, 200)}`).toBe(400);
        expect(res.json().error.message).toBe(
          "Check date: Use a real date as YYYY-MM-DD, between 1900 and 2199.",
        );
      }
    },
  );

  it.each(["2028-02-29", "1900-01-01", "2199-12-31"])(
    "plans %s, a real date at the edge of what Tendril keeps",
    async (date) => {
      const call = await gardenerAt(place("Melbourne", "AU", -37.81, 144.96));
      const calendar = await call("GET", `/api/planting-calendar?date=${date}&crops=tomato,garlic`);
      expect(calendar.statusCode, calendar.body.slice(0, 200)).toBe(200);
      expect(calendar.json().crops.map((c: { slug: string }) => c.slug)).toEqual([
        "tomato",
        "garlic",
      ]);
      const now = await call("GET", `/api/gardening/planting-suggestions?date=${date}`);
      expect(now.statusCode, now.body.slice(0, 200)).toBe(200);
    },
  );

  it("says 'estimate', never an error, when the archive cannot be reached for a new place", async () => {
    const call = await gardenerAt(place("Reykjavik", "IS", 64.15, -21.94));
    fake.failWith = 503;
    try {
      const climate = await call("GET", "/api/me/climate");
      expect(climate.statusCode).toBe(200);
      expect(climate.json()).toMatchObject({ source: "estimate", monthlyMeanC: null });
      const calendar = await call("GET", "/api/planting-calendar?crops=tomato");
      expect(calendar.statusCode).toBe(200);
      expect(calendar.json().crops).toEqual([]);
    } finally {
      fake.failWith = null;
    }
  });
});
