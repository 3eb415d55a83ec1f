import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { closedPortUrl, type FakeOpenMeteo, startFakeOpenMeteo } from "./fakes/open-meteo";
import { bothEngines, createTestApp, type TestApp } from "./support/test-app";
import { type SignedInUser, signUp } from "./support/users";

// The spec's seasons (§9), restated here by month so the test does not lean on the code it checks.
const NORTH = [
  "Winter",
  "Winter",
  "Spring",
  "Spring",
  "Spring",
  "Summer",
  "Summer",
  "Summer",
  "Autumn",
  "Autumn",
  "Autumn",
  "Winter",
];
const INDIA = [
  "Winter",
  "Winter",
  "Summer",
  "Summer",
  "Summer",
  "Monsoon",
  "Monsoon",
  "Monsoon",
  "Monsoon",
  "Post-monsoon",
  "Post-monsoon",
  "Winter",
];

describe.each(bothEngines)("weather, insights and planting suggestions on %s", (dialect) => {
  let fake: FakeOpenMeteo;
  let t: TestApp;
  let user: SignedInUser;

  /** The fake's local date, i + days from today, as the service sees it. */
  const localDate = (i = 0) =>
    new Date(Date.now() + fake.zone.offsetSeconds * 1000 + i * 86_400_000)
      .toISOString()
      .slice(0, 10);
  const localMonth = () => Number(localDate().slice(5, 7)) - 1;

  const get = (url: string, who: SignedInUser | null = user, app = t) =>
    app.app.inject({ method: "GET", url, headers: who ? { cookie: who.cookie } : {} });

  beforeAll(async () => {
    fake = await startFakeOpenMeteo();
    t = await createTestApp({
      dialect,
      env: { WEATHER_BASE_URL: fake.url, GEOCODING_BASE_URL: fake.url },
    });
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });
  beforeEach(async () => {
    fake.fixture = "mild";
    fake.failWith = null;
    fake.delayMs = 0;
    fake.ignoreUnitParams = false;
    // A fresh user per test: their cache starts empty.
    user = await signUp(t.app);
  });

  it("reports the weather through Open-Meteo in °C and °F, mph and %, with the season", async () => {
    const res = await get("/api/gardening/weather?location=San%20Francisco");
    expect(res.statusCode).toBe(200);
    const weather = res.json();
    expect(weather).toMatchObject({
      location: "San Francisco, CA",
      season: NORTH[localMonth()],
      temperature: 18.5,
      temperatureF: 65.3,
      conditions: "Partly cloudy",
      windSpeed: 7.5,
      humidity: 62,
      latitude: 37.77493,
      longitude: -122.41942,
      countryCode: "US",
      weatherCode: 2,
      hemisphere: "north",
      timezone: "America/Los_Angeles",
      geocodedBy: "geocoder",
    });
    expect(Date.now() - Date.parse(weather.fetchedAt)).toBeLessThan(60_000);

    const asked = fake.last.forecast;
    expect(asked?.get("latitude")).toBe("37.77");
    expect(asked?.get("longitude")).toBe("-122.42");
    expect(asked?.get("wind_speed_unit")).toBe("mph");
    expect(asked?.get("timezone")).toBe("auto");
    expect(asked?.get("current")?.split(",").sort()).toEqual([
      "relative_humidity_2m",
      "temperature_2m",
      "weather_code",
      "wind_speed_10m",
    ]);
    expect(fake.last.search?.get("name")).toBe("San Francisco");
  });

  it("converts km/h to mph when the server answers in its default units", async () => {
    fake.ignoreUnitParams = true;
    fake.fixture = "stormy";
    const res = await get("/api/gardening/weather?location=San%20Francisco");
    // 45 km/h = 27.96 mph
    expect(res.json()).toMatchObject({ windSpeed: 28, temperature: 16, temperatureF: 60.8 });
  });

  it("gives insights: 7 days with advice, recommendations, watering, and no alerts when mild", async () => {
    const res = await get("/api/gardening/insights?location=San%20Francisco");
    expect(res.statusCode).toBe(200);
    const insights = res.json();
    expect(insights.currentConditions).toMatchObject({
      location: "San Francisco, CA",
      temperature: 18.5,
      windSpeed: 7.5,
    });
    expect(insights.forecast).toHaveLength(7);
    expect(insights.forecast.map((day: { date: string }) => day.date)).toEqual(
      [0, 1, 2, 3, 4, 5, 6].map(localDate),
    );
    expect(insights.forecast[0]).toEqual({
      date: localDate(0),
      temperature: { min: 12.4, max: 21.2 },
      conditions: "Partly cloudy",
      humidity: 65,
      precipitation: 0,
      gardeningAdvice: "Good growing weather: a fine day to sow, plant out or weed.",
      weatherCode: 2,
    });
    expect(insights.forecast[2]).toMatchObject({
      conditions: "Slight rain",
      precipitation: 1.2,
      gardeningAdvice: "Some rain: water only if the soil is still dry.",
    });
    // The model had no humidity for day 7: null, not a made-up number.
    expect(insights.forecast[6].humidity).toBeNull();
    expect(insights.alerts).toEqual([]);
    expect(insights.wateringAdvice).toBe(
      "Water when the top 2–3 cm of soil feels dry, aiming for about 2.5 cm of water a week.",
    );
    expect(insights.gardeningRecommendations).toHaveLength(3);
    // Mean of (min + max) / 2 over the 7 days is 16.5 °C: the mild band.
    expect(insights.plantingAdvice[0]).toBe(
      "Average forecast 16.5 °C is mild: most seeds germinate well; plant out frost-tender crops only after the last frost.",
    );
    expect(insights.plantingAdvice[1]).toMatch(/^Vegetables to plant now: /);
  });

  it("raises the heat and hot alerts on a hot forecast", async () => {
    fake.fixture = "hot";
    const insights = (await get("/api/gardening/insights?location=San%20Francisco")).json();
    expect(insights.alerts.map((alert: { kind: string }) => alert.kind)).toEqual(["heat", "hot"]);
    expect(insights.alerts[0].message).toBe(
      "A high of 38.4 °C is forecast: heat can scorch leaves and make flowers drop.",
    );
    expect(insights.alerts[1].action).toMatch(/5–7 cm of mulch/);
    expect(insights.wateringAdvice).toMatch(/^Hot and dry:/);
    expect(insights.forecast[0].gardeningAdvice).toBe(
      "Very hot: water deeply in the early morning and shade seedlings in the afternoon.",
    );
  });

  it("raises fungal, wind and drainage alerts in a storm, and frost in the cold", async () => {
    fake.fixture = "stormy";
    const stormy = (await get("/api/gardening/insights?location=San%20Francisco")).json();
    expect(stormy.currentConditions).toMatchObject({ conditions: "Thunderstorm", windSpeed: 28 });
    expect(stormy.alerts.map((alert: { kind: string }) => alert.kind)).toEqual([
      "fungal",
      "wind",
      "drainage",
    ]);
    expect(stormy.wateringAdvice).toMatch(/^Rain is on the way \(about 34\.6 mm/);
    // The payload keeps mph (API.md); the sentence follows the reader: 28 mph is 45 km/h.
    expect(stormy.alerts[1].message).toMatch(/^Wind is 45 km\/h: /);
    const inF = (await get("/api/gardening/insights?location=San%20Francisco&units=F")).json();
    expect(inF.alerts[1].message).toMatch(/^Wind is 28 mph: /);
    expect(inF.alerts[2].message).toMatch(/^Heavy rain \(over ¼ in\)/);
    expect(inF.wateringAdvice).toMatch(/^Rain is on the way \(about 1½ in in the next two days/);

    const other = await signUp(t.app);
    fake.fixture = "frosty";
    const frosty = (await get("/api/gardening/insights?location=San%20Francisco", other)).json();
    expect(frosty.alerts.map((alert: { kind: string }) => alert.kind)).toEqual(["frost"]);
    expect(frosty.currentConditions.temperatureF).toBe(34.7);
  });

  it("answers a second call from the cache, and refetches after Reset Weather Cache", async () => {
    const before = { ...fake.requests };
    const first = (await get("/api/gardening/weather?location=San%20Francisco")).json();
    expect(fake.requests).toEqual({
      forecast: before.forecast + 1,
      search: before.search + 1,
      archive: before.archive,
    });

    // The fake now reports other weather; the cached answer must not change.
    fake.fixture = "hot";
    const second = (await get("/api/gardening/weather?location=San%20Francisco")).json();
    const insights = (await get("/api/gardening/insights?location=San%20Francisco")).json();
    const planting = (
      await get("/api/gardening/planting-suggestions?location=San%20Francisco")
    ).json();
    expect(fake.requests).toEqual({
      forecast: before.forecast + 1,
      search: before.search + 1,
      archive: before.archive,
    });
    expect(second).toEqual(first);
    expect(insights.currentConditions.temperature).toBe(18.5);
    expect(planting.averageC).toBe(16.5);

    const reset = await t.app.inject({
      method: "DELETE",
      url: "/api/gardening/weather-cache",
      headers: { cookie: user.cookie },
    });
    expect(reset.statusCode).toBe(204);
    const rows = await t.database.db
      .selectFrom("weather_cache")
      .select("key")
      .where("user_id", "=", user.id)
      .execute();
    expect(rows).toEqual([]);

    const third = (await get("/api/gardening/weather?location=San%20Francisco")).json();
    expect(fake.requests).toEqual({
      forecast: before.forecast + 2,
      search: before.search + 2,
      archive: before.archive,
    });
    expect(third.temperature).toBe(36.2);
  });

  it("writes temperatures in the gardener's units, from one cached forecast", async () => {
    fake.fixture = "hot";
    const before = { ...fake.requests };
    const place = "location=San%20Francisco";
    const insights = async (extra = "") =>
      (await get(`/api/gardening/insights?${place}${extra}`)).json();
    const planting = async (extra = "") =>
      (await get(`/api/gardening/planting-suggestions?${place}${extra}`)).json();
    const cucumbers = (body: { vegetables: { name: string; notes: string }[] }) =>
      body.vegetables.find((item) => item.name === "Cucumbers")?.notes;

    // A new profile reads °C.
    const inC = await insights();
    expect(inC.alerts.map((alert: { message: string }) => alert.message)).toEqual([
      "A high of 38.4 °C is forecast: heat can scorch leaves and make flowers drop.",
      "It is 36.2 °C: plants lose water fast in this heat.",
    ]);
    const plantC = await planting();
    expect(plantC.band).toBe("warm");
    expect(plantC.summary[0]).toMatch(
      new RegExp(`^Average forecast ${plantC.averageC} °C is warm: `),
    );
    expect(cucumbers(plantC)).toBe(
      "Sow in warm soil (above 18 °C) and water evenly for sweet fruit.",
    );

    const patch = await t.app.inject({
      method: "PATCH",
      url: "/api/me",
      headers: { cookie: user.cookie },
      payload: { units: "F" },
    });
    expect(patch.statusCode).toBe(200);

    const inF = await insights();
    expect(inF.alerts.map((alert: { message: string }) => alert.message)).toEqual([
      "A high of 101 °F is forecast: heat can scorch leaves and make flowers drop.",
      "It is 97 °F: plants lose water fast in this heat.",
    ]);
    expect(inF.alerts[1].action).toContain("2–3 in of mulch");
    const averageF = Math.round((plantC.averageC * 9) / 5 + 32);
    expect(inF.plantingAdvice[0]).toMatch(new RegExp(`^Average forecast ${averageF} °F is warm: `));
    expect(JSON.stringify(inF)).not.toContain("°C");
    expect(JSON.stringify(inF)).not.toMatch(/\d\s?(?:cm|mm)\b/);
    // The numbers stay °C (and temperatureF); only the sentences change.
    expect(inF.currentConditions).toMatchObject({ temperature: 36.2, temperatureF: 97.2 });
    expect(inF.forecast).toEqual(
      inC.forecast.map((day: object) => ({ ...day, gardeningAdvice: expect.any(String) })),
    );

    const plantF = await planting();
    expect(plantF).toMatchObject({ averageC: plantC.averageC, band: "warm" });
    expect(plantF.summary[0]).toMatch(new RegExp(`^Average forecast ${averageF} °F is warm: `));
    expect(cucumbers(plantF)).toBe(
      "Sow in warm soil (above 64 °F) and water evenly for sweet fruit.",
    );

    // ?units= overrides the profile for one call, in any case; anything else is refused.
    expect((await insights("&units=c")).alerts[0].message).toContain("38.4 °C");
    expect((await planting("&units=C")).summary[0]).toBe(plantC.summary[0]);
    const bad = await get(`/api/gardening/insights?${place}&units=K`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toContain("units must be C or F.");

    // All of it came from the one forecast fetched first.
    expect(fake.requests).toEqual({
      forecast: before.forecast + 1,
      search: before.search + 1,
      archive: before.archive,
    });
  });

  it("keeps current conditions about 30 minutes and the forecast about 3 hours", async () => {
    await get("/api/gardening/weather?location=San%20Francisco");
    const age = async (minutes: number) => {
      const fetchedAt = new Date(Date.now() - minutes * 60_000).toISOString();
      await t.database.db
        .updateTable("weather_cache")
        .set({ fetched_at: fetchedAt })
        .where("user_id", "=", user.id)
        .where("key", "like", "weather:%")
        .execute();
    };
    const forecasts = fake.requests.forecast;

    await age(31);
    await get("/api/gardening/planting-suggestions?location=San%20Francisco");
    expect(fake.requests.forecast).toBe(forecasts);
    await get("/api/gardening/weather?location=San%20Francisco");
    expect(fake.requests.forecast).toBe(forecasts + 1);

    await age(29);
    await get("/api/gardening/insights?location=San%20Francisco");
    expect(fake.requests.forecast).toBe(forecasts + 1);

    await age(181);
    await get("/api/gardening/planting-suggestions?location=San%20Francisco");
    expect(fake.requests.forecast).toBe(forecasts + 2);
  });

  it("uses San Francisco when no location is passed or stored", async () => {
    const res = await get("/api/gardening/weather");
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ location: "San Francisco, CA", latitude: 37.77493 });
    expect(fake.last.search?.get("name")).toBe("San Francisco");
  });

  it("uses the profile's stored location, choosing the state it names", async () => {
    const patch = await t.app.inject({
      method: "PATCH",
      url: "/api/me",
      headers: { cookie: user.cookie },
      payload: { location: "Springfield, IL" },
    });
    expect(patch.statusCode).toBe(200);
    const res = await get("/api/gardening/weather");
    // The geocoder ranks Springfield, MO first; the stored ", IL" picks Illinois.
    expect(res.json()).toMatchObject({
      location: "Springfield, IL",
      latitude: 39.80172,
      longitude: -89.64371,
      countryCode: "US",
      geocodedBy: "geocoder",
    });
    // A passed location still wins over the stored one.
    const passed = await get("/api/gardening/weather?location=Sydney");
    expect(passed.json()).toMatchObject({
      location: "Sydney, AU",
      hemisphere: "south",
      season: NORTH[(localMonth() + 6) % 12],
    });
  });

  it("falls back to the stored ZIP when no location is stored", async () => {
    await t.app.inject({
      method: "PATCH",
      url: "/api/me",
      headers: { cookie: user.cookie },
      payload: { zip: "10001" },
    });
    const searches = fake.requests.search;
    const res = await get("/api/gardening/weather");
    expect(res.json()).toMatchObject({
      location: "New York, NY",
      latitude: 40.7484,
      geocodedBy: "bundled",
    });
    // ZIP codes come from the bundled table first: no geocoder call.
    expect(fake.requests.search).toBe(searches);
  });

  it("skips geocoding for coordinates and labels them with the nearest town", async () => {
    const searches = fake.requests.search;
    const res = await get("/api/gardening/weather?lat=37.7749&lon=-122.4194");
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      location: "San Francisco, CA",
      latitude: 37.7749,
      longitude: -122.4194,
      countryCode: "US",
      geocodedBy: "coordinates",
    });
    expect(fake.requests.search).toBe(searches);
    expect(fake.last.forecast?.get("latitude")).toBe("37.77");

    // The text sent beside a GPS fix is whatever was typed before: the fix names the place.
    const gps = (
      await get("/api/gardening/weather?location=Pune&lat=37.8044&lon=-122.2712")
    ).json();
    expect(gps).toMatchObject({ location: "Oakland, CA", countryCode: "US", latitude: 37.8044 });
    expect(fake.requests.search).toBe(searches);

    const sea = (await get("/api/gardening/weather?lat=0&lon=-140")).json();
    expect(sea).toMatchObject({
      location: "0.00, -140.00",
      countryCode: null,
      hemisphere: "north",
    });
  });

  it("refuses bad coordinates with 400 and a clear message", async () => {
    const cases: [string, string][] = [
      ["lat=abc&lon=10", "lat must be a number between -90 and 90."],
      ["lat=91&lon=10", "lat must be a number between -90 and 90."],
      ["lat=10&lon=-180.5", "lon must be a number between -180 and 180."],
      ["lat=10", "Send lat and lon together, or neither."],
    ];
    for (const [query, message] of cases) {
      const res = await get(`/api/gardening/weather?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().error.code).toBe("invalid_request");
      expect(res.json().error.message).toContain(message);
    }
    const insights = await get("/api/gardening/insights?lat=-95&lon=0");
    expect(insights.statusCode).toBe(400);
  });

  it("treats empty parameters as absent", async () => {
    const res = await get("/api/gardening/weather?location=&lat=&lon=");
    expect(res.statusCode).toBe(200);
    expect(res.json().location).toBe("San Francisco, CA");
  });

  it("answers 404 with a hint for a place nobody knows", async () => {
    const res = await get("/api/gardening/weather?location=Atlantisville");
    expect(res.statusCode).toBe(404);
    expect(res.json().error.message).toBe(
      "We could not find “Atlantisville”. Try a town or city name, add its state or country code (“Springfield, IL”, “Pune, IN”), or type a US ZIP code.",
    );
  });

  it("answers 502 with a clear message when Open-Meteo answers with an error", async () => {
    fake.failWith = 503;
    const res = await get("/api/gardening/weather?lat=37.77&lon=-122.42");
    expect(res.statusCode).toBe(502);
    expect(res.json()).toEqual({
      error: {
        code: "upstream_unavailable",
        message:
          "The weather service (Open-Meteo) answered with an error (HTTP 503). Please try again in a few minutes.",
      },
    });
  });

  it("needs a session", async () => {
    for (const path of ["weather", "insights", "planting-suggestions"]) {
      const res = await get(`/api/gardening/${path}?location=San%20Francisco`, null);
      expect(res.statusCode, path).toBe(401);
    }
  });

  it("suggests what to plant with the nearest NOAA station's frost dates in the US", async () => {
    const res = await get("/api/gardening/planting-suggestions?location=Springfield,%20IL");
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      location: "Springfield, IL",
      season: NORTH[localMonth()],
      averageC: 16.5,
      band: "mild",
      countryCode: "US",
      frost: {
        lastSpring: "04-17",
        firstFall: "10-16",
        station: "SPRINGFIELD CAPITAL AP, IL",
        stationId: "USW00093822",
        distanceKm: 5.9,
        freezePattern: "seasonal",
      },
    });
    expect(body.summary).toContain(`Season: ${NORTH[localMonth()]} (northern hemisphere).`);
    // The lists come from the planting calendar of the station's frost dates (issue 23): what
    // can be sown or planted now or within weeks, each saying when (they may be empty in winter).
    expect(body.summary).toContain(
      "Planting calendar for your frost dates: last spring frost about 17 Apr, first autumn frost about 16 Oct.",
    );
    for (const item of [...body.vegetables, ...body.herbs, ...body.flowers]) {
      expect(["direct", "transplant", "start-indoors"]).toContain(item.method);
      expect(item.name).not.toBe("");
      expect(item.notes).toMatch(/now, until|from \d/);
    }

    const sf = (await get("/api/gardening/planting-suggestions?location=San%20Francisco")).json();
    expect(sf.frost).toMatchObject({
      lastSpring: null,
      firstFall: null,
      station: "SAN FRANCISCO DWTN, CA",
      freezePattern: "none",
    });
  });

  it("gives no frost dates abroad, and India's seasons for an Indian place", async () => {
    const res = await get("/api/gardening/planting-suggestions?location=Pune");
    expect(res.statusCode).toBe(200);
    const season = INDIA[localMonth()];
    expect(res.json()).toMatchObject({
      location: "Pune, IN",
      countryCode: "IN",
      season,
      frost: null,
    });
    expect(res.json().summary).toContain(`Season: ${season} (northern hemisphere).`);
  });

  it("is described in the OpenAPI document", async () => {
    const doc = (await t.app.inject({ method: "GET", url: "/api/openapi.json" })).json();
    for (const path of ["weather", "insights", "planting-suggestions"]) {
      const operation = doc.paths[`/api/gardening/${path}`]?.get;
      expect(operation, path).toBeDefined();
      expect(
        operation.parameters.map((p: { name: string }) => p.name),
        path,
      ).toEqual(expect.arrayContaining(["location", "lat", "lon"]));
    }
    for (const path of ["insights", "planting-suggestions"]) {
      const names = doc.paths[`/api/gardening/${path}`].get.parameters.map(
        (p: { name: string }) => p.name,
      );
      expect(names, path).toContain("units");
    }
  });
});

describe.each(bothEngines)("weather with services unreachable on %s", (dialect) => {
  let fake: FakeOpenMeteo;
  let user: SignedInUser;
  const apps: TestApp[] = [];

  async function appWith(env: Record<string, string>) {
    const app = await createTestApp({ dialect, env });
    apps.push(app);
    return app;
  }
  const get = (app: TestApp, url: string) =>
    app.app.inject({ method: "GET", url, headers: { cookie: user.cookie } });

  beforeAll(async () => {
    fake = await startFakeOpenMeteo();
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
    await fake.close();
  });

  it("geocodes from the bundled data when the geocoder is unreachable", async () => {
    const t = await appWith({
      WEATHER_BASE_URL: fake.url,
      GEOCODING_BASE_URL: await closedPortUrl(),
    });
    user = await signUp(t.app);

    const pune = await get(t, "/api/gardening/weather?location=Pune,%20IN");
    expect(pune.statusCode).toBe(200);
    const month = Number(
      new Date(Date.now() + fake.zone.offsetSeconds * 1000).toISOString().slice(5, 7),
    );
    expect(pune.json()).toMatchObject({
      location: "Pune, IN",
      latitude: 18.51957,
      longitude: 73.85535,
      countryCode: "IN",
      geocodedBy: "bundled",
      season: INDIA[month - 1],
    });
    expect(fake.last.forecast?.get("latitude")).toBe("18.52");
    expect(fake.last.forecast?.get("longitude")).toBe("73.86");

    const zip = await get(t, "/api/gardening/weather?location=94110");
    expect(zip.json()).toMatchObject({
      location: "San Francisco, CA",
      latitude: 37.7509,
      longitude: -122.4153,
      countryCode: "US",
      geocodedBy: "bundled",
    });

    // "IN" after an Indiana city is the state, not India.
    const indy = await get(t, "/api/gardening/weather?location=Indianapolis,%20IN");
    expect(indy.json()).toMatchObject({ location: "Indianapolis, IN", countryCode: "US" });

    const unknown = await get(t, "/api/gardening/weather?location=Atlantisville");
    expect(unknown.statusCode).toBe(502);
    expect(unknown.json().error.message).toBe(
      "The place-name service could not be reached and “Atlantisville” is not in Tendril's offline list of towns. Try a larger town nearby or a US ZIP code.",
    );
  });

  it("answers 502 with a clear message when the forecast service is unreachable", async () => {
    const t = await appWith({
      WEATHER_BASE_URL: await closedPortUrl(),
      GEOCODING_BASE_URL: fake.url,
    });
    user = await signUp(t.app);
    for (const path of ["weather", "insights"]) {
      const res = await get(t, `/api/gardening/${path}?location=San%20Francisco`);
      expect(res.statusCode, path).toBe(502);
      expect(res.json(), path).toEqual({
        error: {
          code: "upstream_unavailable",
          message:
            "The weather service (Open-Meteo) could not be reached. Please try again in a few minutes.",
        },
      });
    }
    // The rest of the API still answers.
    expect((await get(t, "/api/me")).statusCode).toBe(200);
  });

  it("still suggests what to plant without a forecast, from the season and the default 20 °C", async () => {
    const t = await appWith({
      WEATHER_BASE_URL: await closedPortUrl(),
      GEOCODING_BASE_URL: await closedPortUrl(),
    });
    user = await signUp(t.app);
    const res = await get(t, "/api/gardening/planting-suggestions?location=San%20Francisco");
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      location: expect.stringContaining("San Francisco"),
      averageC: 20,
      averageFrom: "default",
      band: "mild",
      hemisphere: "north",
      countryCode: "US",
    });
    expect(body.summary[0]).toBe(
      "No live forecast, so a typical 20 °C is assumed, which is mild: most seeds germinate well; plant out frost-tender crops only after the last frost.",
    );
    expect(body.vegetables.length).toBeGreaterThan(0);
    expect(body.frost?.station).toBeTruthy();

    // A place the bundled data does not know needs the geocoding service: no guessing.
    const unknown = await get(t, "/api/gardening/planting-suggestions?location=Qwxzvbn");
    expect(unknown.statusCode).toBe(502);
    expect(unknown.json().error.code).toBe("upstream_unavailable");
  });

  it("gives up on a forecast service that does not answer in time", async () => {
    const t = await appWith({
      WEATHER_BASE_URL: fake.url,
      GEOCODING_BASE_URL: fake.url,
      WEATHER_TIMEOUT_MS: "300",
    });
    user = await signUp(t.app);
    fake.delayMs = 1500;
    try {
      // Without the timeout the fake would answer 200 after its delay: the 502 is the proof.
      const res = await get(t, "/api/gardening/weather?lat=37.77&lon=-122.42");
      expect(res.statusCode).toBe(502);
      expect(res.json().error.message).toBe(
        "The weather service (Open-Meteo) did not answer within 0.3 s. Please try again in a few minutes.",
      );
    } finally {
      fake.delayMs = 0;
    }
  });
});
