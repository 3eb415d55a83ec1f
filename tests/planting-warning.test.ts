import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type FakeOpenMeteo, startFakeOpenMeteo } from "./fakes/open-meteo";
import { client, shiftDate, tomatoBody, utcToday } from "./support/garden";
import { createTestApp, sqliteOnly, type TestApp } from "./support/test-app";
import { signUp } from "./support/users";

const MELBOURNE = {
  name: "Melbourne",
  admin1: "Victoria",
  country: "Australia",
  countryCode: "AU",
  latitude: -37.81,
  longitude: 144.96,
  timeZone: "Australia/Melbourne",
};

/** The next day at or after today with this month and day: the verdict depends on the season. */
function next(monthDay: string): string {
  const today = utcToday();
  const year = Number(today.slice(0, 4));
  const thisYear = `${year}-${monthDay}`;
  return thisYear >= today ? thisYear : `${year + 1}-${monthDay}`;
}

/** The Grow Along form as the web sends it. */
const FORM = {
  plant: "Tomato",
  cropSlug: "tomato",
  location: "Melbourne",
  medium: "Soil",
  gardenType: "In-Ground",
  lighting: "Full Sun",
  experience: "Intermediate",
  climate: "Temperate",
};

describe.each(sqliteOnly)("the out-of-window planting warning (%s)", (dialect) => {
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

  async function gardener(place: typeof MELBOURNE | null) {
    const { cookie } = await signUp(t.app);
    const api = client(t.app, cookie);
    if (place) expect((await api.patch("/api/me", { place })).statusCode).toBe(200);
    return api;
  }

  it("warns of tomatoes planted out in a Melbourne June, and saves them all the same", async () => {
    const api = await gardener(MELBOURNE);
    const winter = next("06-01");
    const res = await api.post(
      "/api/plants",
      tomatoBody({ cropSlug: "tomato", startMethod: "seedling", plantingDate: winter }),
    );
    expect(res.statusCode).toBe(201);
    const body = res.json() as { plant: { id: string }; plantingWarning: string | null };
    expect(body.plantingWarning).toMatch(/^Tomato planted out on 1 Jun in zone \d+[ab]: /);
    expect(body.plantingWarning).toMatch(/Plant out from \d+ \w{3} instead\.$/);
    expect((await api.get(`/api/plants/${body.plant.id}`)).statusCode).toBe(200);

    // The same question before saving, as Add Plant asks it.
    const check = await api.get(
      `/api/planting-warning?crop=tomato&date=${winter}&place=outdoor&startMethod=seedling`,
    );
    expect(check.statusCode).toBe(200);
    expect(check.json()).toEqual({ plantingWarning: body.plantingWarning });
  });

  it("says nothing in the window, or indoors", async () => {
    const api = await gardener(MELBOURNE);
    const spring = next("11-25");
    const inWindow = await api.get(
      `/api/planting-warning?crop=tomato&date=${spring}&place=outdoor`,
    );
    expect(inWindow.json()).toEqual({ plantingWarning: null });
    const indoors = await api.post(
      "/api/plants",
      tomatoBody({ cropSlug: "tomato", place: "indoor", plantingDate: next("06-01") }),
    );
    expect(indoors.json().plantingWarning).toBeNull();
  });

  it("says nothing without a place, and refuses a crop or date it cannot read", async () => {
    const nowhere = await gardener(null);
    const res = await nowhere.post(
      "/api/plants",
      tomatoBody({ cropSlug: "tomato", plantingDate: next("06-01") }),
    );
    expect(res.statusCode).toBe(201);
    expect(res.json().plantingWarning).toBeNull();
    const api = await gardener(MELBOURNE);
    const unknown = await api.get(
      `/api/planting-warning?crop=moon-melon&date=${utcToday()}&place=outdoor`,
    );
    expect(unknown.statusCode).toBe(404);
    const badDate = await api.get("/api/planting-warning?crop=tomato&date=June&place=outdoor");
    expect(badDate.statusCode).toBe(400);
    expect(badDate.json().error.message).toMatch(/YYYY-MM-DD/);
  });

  it("carries the warning on a Grow Along guide, which can still be tracked", async () => {
    // A summer of two weeks between frosts: no day of the year is a time to sow tomatoes outside.
    const api = await gardener({ ...MELBOURNE, name: "Reykjavik", latitude: 64.15 });
    const own = await api.patch("/api/me/climate", { lastFrost: "07-10", firstFrost: "07-25" });
    expect(own.statusCode).toBe(200);
    const guide = await api.post("/api/gardening/grow-guide", FORM);
    expect(guide.statusCode).toBe(200);
    expect(guide.json().plantingWarning).toMatch(/^Tomato sown on \d+ \w{3} in zone \w+: /);
    const indoor = await api.post("/api/gardening/grow-guide", { ...FORM, gardenType: "Indoor" });
    expect(indoor.json().plantingWarning).toBeNull();
    const tracked = await api.post(
      "/api/plants",
      tomatoBody({ cropSlug: "tomato", plantingDate: utcToday(), guide: guide.json() }),
    );
    expect(tracked.statusCode).toBe(201);
    expect(tracked.json().plantingWarning).toBe(guide.json().plantingWarning);
    // A plant dated a month back is a record of one already growing, not a planting to warn of.
    const record = await api.post(
      "/api/plants",
      tomatoBody({ cropSlug: "tomato", plantingDate: shiftDate(utcToday(), -30) }),
    );
    expect(record.json().plantingWarning).toBeNull();
  });
});
