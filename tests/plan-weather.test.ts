import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type FakeOpenMeteo, startFakeOpenMeteo } from "./fakes/open-meteo";
import { createTestApp, type TestApp } from "./support/test-app";
import { type SignedInUser, signUp } from "./support/users";

describe("the built-in plan uses the gardener's recent weather", () => {
  let fake: FakeOpenMeteo;
  let t: TestApp;
  beforeAll(async () => {
    fake = await startFakeOpenMeteo({ fixture: "hot" });
    t = await createTestApp({ env: { WEATHER_BASE_URL: fake.url, GEOCODING_BASE_URL: fake.url } });
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });

  const addTomato = async (user: SignedInUser) => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/plants",
      headers: { cookie: user.cookie },
      payload: {
        name: "Tomato",
        cropSlug: "tomato",
        medium: "soil",
        place: "outdoor",
        lights: "sun",
        plantingDate: "2026-11-22",
      },
    });
    expect(res.statusCode).toBe(201);
    return res.json().tasks as {
      title: string;
      type: string;
      dueDate: string;
      repeatEveryDays: number | null;
    }[];
  };

  it("adds a same-day heatwave task and daily watering after a hot forecast was looked at", async () => {
    const user = await signUp(t.app);
    const weather = await t.app.inject({
      method: "GET",
      url: "/api/gardening/weather?location=San%20Francisco",
      headers: { cookie: user.cookie },
    });
    expect(weather.json().temperature).toBe(36.2);
    const calls = fake.requests.forecast;

    const tasks = await addTomato(user);
    expect(tasks.filter((task) => task.type === "heat").map((task) => task.dueDate)).toEqual([
      "2026-11-22",
    ]);
    expect(tasks.find((task) => task.title === "Water Tomato")?.repeatEveryDays).toBe(1);
    // The plan read the cache: adding a plant never calls the weather service.
    expect(fake.requests.forecast).toBe(calls);
  });

  it("plans with the weather of the place on screen, even when it came from the cache", async () => {
    const user = await signUp(t.app);
    const look = async (place: string) =>
      (
        await t.app.inject({
          method: "GET",
          url: `/api/gardening/weather?location=${encodeURIComponent(place)}`,
          headers: { cookie: user.cookie },
        })
      ).json().temperature;
    fake.fixture = "hot";
    expect(await look("San Francisco")).toBe(36.2);
    fake.fixture = "mild";
    const mild = await look("Pune");
    expect(mild).toBeLessThan(30);
    // Back to the hot place: its forecast is still fresh, so it is served from the cache.
    const calls = fake.requests.forecast;
    expect(await look("San Francisco")).toBe(36.2);
    expect(fake.requests.forecast).toBe(calls);

    const tasks = await addTomato(user);
    expect(tasks.some((task) => task.type === "heat")).toBe(true);
    expect(tasks.find((task) => task.title === "Water Tomato")?.repeatEveryDays).toBe(1);
    fake.fixture = "hot";
  });

  it("plans for mild weather when nothing recent is cached", async () => {
    const user = await signUp(t.app);
    const tasks = await addTomato(user);
    expect(tasks.some((task) => task.type === "heat")).toBe(false);
    expect(tasks.find((task) => task.title === "Water Tomato")?.repeatEveryDays).toBe(2);
  });
});
