import { describe, expect, it } from "vitest";
import { BundledPlaces } from "./bundled-places";
import { parsePlaceQuery } from "./place-query";

const places = new BundledPlaces();
const find = (text: string) => {
  const query = parsePlaceQuery(text);
  if (!query) throw new Error(`no query in ${text}`);
  return places.geocode(query);
};

describe("BundledPlaces.geocode", () => {
  it("finds US ZIP codes, territories under their own code, and not unknown ZIPs", async () => {
    expect(await find("94110")).toEqual({
      label: "San Francisco, CA",
      lat: 37.7509,
      lon: -122.4153,
      countryCode: "US",
      source: "bundled",
    });
    expect(await find("00601")).toMatchObject({ label: "Adjuntas, PR", countryCode: "PR" });
    expect(await find("99999")).toBeNull();
  });

  it("picks the most populous place of a name", async () => {
    expect(await find("Springfield")).toMatchObject({
      label: "Springfield, MO",
      lat: 37.21533,
      countryCode: "US",
    });
    expect(await find("London")).toMatchObject({ label: "London, GB", lat: 51.50853 });
    expect(await find("san francisco")).toMatchObject({ label: "San Francisco, CA" });
  });

  it("narrows by US state or country code, state first", async () => {
    expect(await find("Springfield, IL")).toMatchObject({ lat: 39.80172, lon: -89.64371 });
    expect(await find("Springfield, Illinois")).toMatchObject({ label: "Springfield, IL" });
    expect(await find("London, CA")).toMatchObject({ label: "London, CA", lat: 42.98339 });
    expect(await find("Pune, IN")).toMatchObject({
      label: "Pune, IN",
      lat: 18.51957,
      lon: 73.85535,
      countryCode: "IN",
    });
    expect(await find("Indianapolis, IN")).toMatchObject({
      label: "Indianapolis, IN",
      countryCode: "US",
    });
    expect(await find("Paris, FR")).toMatchObject({ lat: 48.85341 });
  });

  it("finds small US towns through the ZIP table when the state is given", async () => {
    expect(await find("Bolinas, CA")).toMatchObject({
      label: "Bolinas, CA",
      lat: 37.9079,
      lon: -122.6947,
      countryCode: "US",
    });
    expect(await find("Bolinas")).toBeNull();
  });

  it("accepts a name that GeoNames spells longer, and nothing for unknown places", async () => {
    expect(await find("New York")).toMatchObject({ label: "New York City, NY", lat: 40.71427 });
    expect(await find("Atlantisville")).toBeNull();
    expect(await find("Springfield, Narnia")).toBeNull();
  });
});

describe("BundledPlaces.nearest", () => {
  it("labels a point with the nearest town within the radius", () => {
    const near = places.nearest({ lat: 37.7749, lon: -122.4194 }, 50);
    expect(near).toMatchObject({ label: "San Francisco, CA", countryCode: "US" });
    expect(near?.distanceKm).toBeLessThan(1);
    expect(places.nearest({ lat: 0, lon: -140 }, 300)).toBeNull();
  });
});
