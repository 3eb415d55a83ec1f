import { describe, expect, it } from "vitest";
import {
  normalizePlaceName,
  parsePlaceQuery,
  pickCandidate,
  placeLabel,
  qualifierRank,
  usStateCode,
} from "./place-query";

describe("parsePlaceQuery", () => {
  it("reads 5-digit and ZIP+4 codes as US ZIPs", () => {
    expect(parsePlaceQuery(" 94110 ")).toEqual({ kind: "zip", zip: "94110", text: "94110" });
    expect(parsePlaceQuery("94110-1234")).toMatchObject({ kind: "zip", zip: "94110" });
    expect(parsePlaceQuery("9411")).toMatchObject({ kind: "name", name: "9411" });
    expect(parsePlaceQuery("941101")).toMatchObject({ kind: "name" });
  });

  it("reads a bare name", () => {
    expect(parsePlaceQuery("San  Francisco")).toEqual({
      kind: "name",
      name: "San Francisco",
      qualifier: null,
      text: "San Francisco",
    });
  });

  it("keeps a two-letter qualifier as both a possible state and a possible country", () => {
    expect(parsePlaceQuery("Pune, IN")).toMatchObject({
      name: "Pune",
      qualifier: { usState: "IN", country: "IN", words: "in" },
    });
    expect(parsePlaceQuery("Paris,fr")).toMatchObject({
      qualifier: { usState: null, country: "FR" },
    });
  });

  it("reads full US state names, US spellings and other words", () => {
    expect(parsePlaceQuery("Springfield, Illinois")).toMatchObject({
      qualifier: { usState: "IL", country: null },
    });
    expect(parsePlaceQuery("Austin, USA")).toMatchObject({
      qualifier: { usState: null, country: "US" },
    });
    expect(parsePlaceQuery("Pune, Maharashtra, India")).toMatchObject({
      name: "Pune",
      qualifier: { usState: null, country: null, words: "india" },
    });
  });

  it("finds no name in blank or comma-only text", () => {
    expect(parsePlaceQuery("   ")).toBeNull();
    expect(parsePlaceQuery(" , IN")).toMatchObject({ name: "IN", qualifier: null });
    expect(parsePlaceQuery(",,")).toBeNull();
  });
});

describe("normalizePlaceName and usStateCode", () => {
  it("ignores case, accents, dots and the Saint/St spelling", () => {
    expect(normalizePlaceName("São Paulo")).toBe("sao paulo");
    expect(normalizePlaceName("St. Louis")).toBe(normalizePlaceName("Saint Louis"));
    expect(normalizePlaceName("Winston-Salem")).toBe("winston salem");
  });

  it("knows state names and codes", () => {
    expect(usStateCode("California")).toBe("CA");
    expect(usStateCode("ca")).toBe("CA");
    expect(usStateCode("District of Columbia")).toBe("DC");
    expect(usStateCode("Ontario")).toBeNull();
    expect(usStateCode(null)).toBeNull();
  });
});

describe("qualifierRank and pickCandidate", () => {
  const indy = { countryCode: "US", admin1: "IN" };
  const puneIndia = { countryCode: "IN", admin1: "16", countryName: "India" };
  const sfCalifornia = { countryCode: "US", admin1: "California" };
  const sfArgentina = { countryCode: "AR", admin1: "Cordoba", countryName: "Argentina" };

  it("prefers a US state over a country with the same code", () => {
    const q = parsePlaceQuery("X, IN");
    if (q?.kind !== "name") throw new Error("expected a name");
    expect(qualifierRank(q.qualifier, indy)).toBe(0);
    expect(qualifierRank(q.qualifier, puneIndia)).toBe(1);
    expect(qualifierRank(q.qualifier, sfArgentina)).toBeNull();
    expect(pickCandidate(q.qualifier, [puneIndia, indy])).toBe(indy);
    expect(pickCandidate(q.qualifier, [puneIndia])).toBe(puneIndia);
  });

  it("matches a region or country by name, and keeps order among equals", () => {
    const q = parsePlaceQuery("San Francisco, Argentina");
    if (q?.kind !== "name") throw new Error("expected a name");
    expect(pickCandidate(q.qualifier, [sfCalifornia, sfArgentina])).toBe(sfArgentina);
    expect(pickCandidate(null, [sfCalifornia, sfArgentina])).toBe(sfCalifornia);
    const none = parsePlaceQuery("San Francisco, Narnia");
    if (none?.kind !== "name") throw new Error("expected a name");
    expect(pickCandidate(none.qualifier, [sfCalifornia, sfArgentina])).toBeNull();
  });
});

describe("placeLabel", () => {
  it("names US places by state and others by country code", () => {
    expect(placeLabel("San Francisco", "US", "California")).toBe("San Francisco, CA");
    expect(placeLabel("Austin", "us", "TX")).toBe("Austin, TX");
    expect(placeLabel("Somewhere", "US", null)).toBe("Somewhere, US");
    expect(placeLabel("Pune", "IN", "Maharashtra")).toBe("Pune, IN");
    expect(placeLabel("Nowhere", null, null)).toBe("Nowhere");
  });
});
