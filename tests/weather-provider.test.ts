import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { AppError } from "../src/server/errors";
import {
  BundledPlaces,
  FallbackGeocoder,
  type Geocoder,
  OpenMeteo,
  type Place,
  type PlaceQuery,
  parsePlaceQuery,
} from "../src/server/providers/weather";
import { closedPortUrl, type FakeOpenMeteo, startFakeOpenMeteo } from "./fakes/open-meteo";

const query = (text: string): PlaceQuery => {
  const parsed = parsePlaceQuery(text);
  if (!parsed) throw new Error(`no query in ${text}`);
  return parsed;
};

describe("OpenMeteo against the fake", () => {
  let fake: FakeOpenMeteo;
  let provider: OpenMeteo;
  beforeAll(async () => {
    fake = await startFakeOpenMeteo();
    provider = new OpenMeteo({
      baseUrl: fake.url,
      geocodingBaseUrl: fake.url,
      archiveBaseUrl: fake.url,
      timeoutMs: 2000,
    });
  });
  afterAll(async () => {
    await fake.close();
  });
  beforeEach(() => {
    fake.fixture = "mild";
    fake.failWith = null;
    fake.ignoreUnitParams = false;
    fake.body = undefined;
  });

  it("reads current conditions and the daily forecast", async () => {
    const forecast = await provider.forecast({ lat: 37.77, lon: -122.42 }, 8);
    expect(forecast.timezone).toBe("America/Los_Angeles");
    expect(forecast.utcOffsetSeconds).toBe(-25200);
    expect(forecast.current).toMatchObject({
      temperatureC: 18.5,
      humidity: 62,
      windMph: 7.5,
      weatherCode: 2,
    });
    expect(forecast.current.time).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/);
    expect(forecast.daily).toHaveLength(8);
    expect(forecast.daily[0]).toMatchObject({
      minC: 12.4,
      maxC: 21.2,
      precipitationMm: 0,
      humidity: 65,
      weatherCode: 2,
    });
    expect(fake.last.forecast?.get("forecast_days")).toBe("8");
    expect(fake.last.forecast?.get("daily")?.split(",")).toContain("relative_humidity_2m_mean");
  });

  it("converts from the units a server reports when it ignores the unit parameters", async () => {
    fake.ignoreUnitParams = true;
    fake.fixture = "stormy";
    const forecast = await provider.forecast({ lat: 37.77, lon: -122.42 }, 7);
    // 45 km/h
    expect(forecast.current.windMph).toBeCloseTo(27.96, 2);
    expect(forecast.daily[1]?.precipitationMm).toBe(22.1);
  });

  it("turns error answers and unreadable replies into 502s a person can read", async () => {
    fake.failWith = 400;
    await expect(provider.forecast({ lat: 1, lon: 1 }, 7)).rejects.toMatchObject({
      statusCode: 502,
      code: "upstream_unavailable",
      message:
        "The weather service (Open-Meteo) answered with an error (HTTP 400). Please try again in a few minutes.",
    });
    fake.failWith = null;
    fake.body = { latitude: 1, longitude: 1 };
    await expect(provider.forecast({ lat: 1, lon: 1 }, 7)).rejects.toMatchObject({
      statusCode: 502,
      message:
        "The weather service (Open-Meteo) sent a reply Tendril could not read. Please try again in a few minutes.",
    });
    fake.body = undefined;
    await expect(provider.geocode(query("Pune"))).resolves.toMatchObject({ label: "Pune, IN" });
    fake.failWith = 500;
    await expect(provider.geocode(query("Pune"))).rejects.toMatchObject({
      statusCode: 502,
      message:
        "The place-name service (Open-Meteo geocoding) answered with an error (HTTP 500). Please try again in a few minutes, or type a US ZIP code.",
    });
  });

  it("says a closed port could not be reached", async () => {
    const closed = new OpenMeteo({
      baseUrl: await closedPortUrl(),
      geocodingBaseUrl: await closedPortUrl(),
      archiveBaseUrl: await closedPortUrl(),
      timeoutMs: 2000,
    });
    await expect(closed.forecast({ lat: 1, lon: 1 }, 7)).rejects.toMatchObject({
      statusCode: 502,
      message:
        "The weather service (Open-Meteo) could not be reached. Please try again in a few minutes.",
    });
    await expect(closed.geocode(query("Pune"))).rejects.toBeInstanceOf(AppError);
  });

  it("geocodes, choosing among same-named places by the qualifier", async () => {
    expect(await provider.geocode(query("Springfield"))).toMatchObject({
      label: "Springfield, MO",
      source: "geocoder",
    });
    expect(await provider.geocode(query("Springfield, IL"))).toEqual({
      label: "Springfield, IL",
      lat: 39.80172,
      lon: -89.64371,
      countryCode: "US",
      source: "geocoder",
    });
    expect(fake.last.search?.get("name")).toBe("Springfield");
    expect(await provider.geocode(query("San Francisco, AR"))).toMatchObject({
      label: "San Francisco, AR",
      lat: -31.42797,
    });
    expect(await provider.geocode(query("Pune, Maharashtra"))).toMatchObject({ label: "Pune, IN" });
    expect(await provider.geocode(query("Springfield, TX"))).toBeNull();
    expect(await provider.geocode(query("Atlantisville"))).toBeNull();
  });

  it("looks a ZIP up within the US only", async () => {
    expect(await provider.geocode(query("94110"))).toMatchObject({ label: "San Francisco, CA" });
    expect(fake.last.search?.get("countryCode")).toBe("US");
  });
});

describe("FallbackGeocoder", () => {
  const place = (label: string, source: Place["source"]): Place => ({
    label,
    lat: 1,
    lon: 2,
    countryCode: "US",
    source,
  });

  function stub(answer: Place | null | Error) {
    const calls: PlaceQuery[] = [];
    const geocoder: Geocoder = {
      async geocode(q) {
        calls.push(q);
        if (answer instanceof Error) throw answer;
        return answer;
      },
    };
    return { geocoder, calls };
  }
  const down = new AppError(502, "upstream_unavailable", "down");

  it("asks the online geocoder first for names", async () => {
    const online = stub(place("Online", "geocoder"));
    const bundled = stub(place("Bundled", "bundled"));
    const geocoder = new FallbackGeocoder(online.geocoder, bundled.geocoder);
    expect((await geocoder.geocode(query("Pune")))?.label).toBe("Online");
    expect(bundled.calls).toHaveLength(0);
  });

  it("uses the bundled data when the geocoder fails or knows nothing", async () => {
    const bundled = stub(place("Bundled", "bundled"));
    for (const online of [stub(down), stub(null)]) {
      const geocoder = new FallbackGeocoder(online.geocoder, bundled.geocoder);
      expect((await geocoder.geocode(query("Pune")))?.label).toBe("Bundled");
    }
  });

  it("says not found only when the geocoder answered, and 502 when it could not", async () => {
    const bundled = stub(null);
    expect(
      await new FallbackGeocoder(stub(null).geocoder, bundled.geocoder).geocode(query("X")),
    ).toBe(null);
    await expect(
      new FallbackGeocoder(stub(down).geocoder, bundled.geocoder).geocode(query("Xyzzy")),
    ).rejects.toMatchObject({ statusCode: 502, message: expect.stringContaining("“Xyzzy”") });
  });

  it("tries the bundled ZIP table first, and online only for ZIPs it lacks", async () => {
    const online = stub(place("Online", "geocoder"));
    const found = new FallbackGeocoder(online.geocoder, stub(place("Bundled", "bundled")).geocoder);
    expect((await found.geocode(query("94110")))?.label).toBe("Bundled");
    expect(online.calls).toHaveLength(0);
    const missing = new FallbackGeocoder(online.geocoder, stub(null).geocoder);
    expect((await missing.geocode(query("99999")))?.label).toBe("Online");
  });

  it("works with the real bundled data offline", async () => {
    const geocoder = new FallbackGeocoder(stub(down).geocoder, new BundledPlaces());
    expect(await geocoder.geocode(query("Pune, IN"))).toMatchObject({
      label: "Pune, IN",
      countryCode: "IN",
      source: "bundled",
    });
  });
});
