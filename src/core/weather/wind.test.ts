import { describe, expect, it } from "vitest";
import { formatWindSpeed } from "./wind";

describe("formatWindSpeed", () => {
  it.each([
    [0, "C", "0 km/h"],
    [5, "C", "8 km/h"],
    [15.5, "C", "25 km/h"],
    [5, "F", "5 mph"],
    [15.5, "F", "16 mph"],
  ] as const)("%s mph for a °%s reader → %s", (mph, units, text) => {
    expect(formatWindSpeed(mph, units)).toBe(text);
  });
});
