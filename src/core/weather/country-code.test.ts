import { describe, expect, it } from "vitest";
import { countryCodeFrom } from "./country-code";

describe("countryCodeFrom", () => {
  it.each([
    ["Pune, IN", "IN"],
    ["Sydney, NSW, AU", "AU"],
    ["Pune,IN", "IN"],
    ["Pune, IN  ", "IN"],
    // The rule is textual: a US state or a non-ISO code passes too.
    ["Austin, TX", "TX"],
    ["London, UK", "UK"],
  ])("%j gives %j", (location, code) => {
    expect(countryCodeFrom(location)).toBe(code);
  });

  it.each([
    "Paris, fr",
    "Paris, Fr",
    "Pune, IND",
    "Pune, I",
    "IN",
    "Pune IN",
    "Pune, IN, Maharashtra",
    "San Francisco",
    "",
  ])("%j gives null", (location) => {
    expect(countryCodeFrom(location)).toBeNull();
  });

  it("gives null for a missing location", () => {
    expect(countryCodeFrom(null)).toBeNull();
    expect(countryCodeFrom(undefined)).toBeNull();
  });
});
