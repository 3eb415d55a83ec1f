import { beforeEach, describe, expect, it } from "vitest";
import {
  getJson,
  incrementMonthlyCount,
  monthlyCounterKey,
  readMonthlyCount,
  setJson,
  storage,
} from "./storage";

describe("browser storage", () => {
  beforeEach(() => localStorage.clear());

  it("keys the monthly counter by year and month", () => {
    const date = new Date(2026, 0, 31);
    expect(monthlyCounterKey(date)).toBe("messages.2026-01");
    expect(readMonthlyCount(date)).toBe(0);
    incrementMonthlyCount(date);
    expect(incrementMonthlyCount(date)).toBe(2);
    expect(readMonthlyCount(new Date(2026, 1, 1))).toBe(0);
  });

  it("reads a corrupt JSON value as absent", () => {
    localStorage.setItem("mp.weather", "{not json");
    expect(getJson("mpWeather")).toBeNull();
    setJson("mpWeather", { t: 1 });
    expect(getJson("mpWeather")).toEqual({ t: 1 });
  });

  it("keeps units C unless F is stored, and the onboarded flag only at '1'", () => {
    expect(storage.units()).toBe("C");
    storage.setUnits("F");
    expect(storage.units()).toBe("F");
    localStorage.setItem("onboarded", "true");
    expect(storage.isOnboarded()).toBe(false);
    storage.setOnboarded();
    expect(localStorage.getItem("onboarded")).toBe("1");
  });

  it("stores the location under both keys and reads mp.location first", () => {
    localStorage.setItem("location", "Old town");
    expect(storage.location()).toBe("Old town");
    storage.setLocation("Pune, IN");
    expect([localStorage.getItem("mp.location"), localStorage.getItem("location")]).toEqual([
      "Pune, IN",
      "Pune, IN",
    ]);
    storage.setLocation(null);
    expect(storage.location()).toBeNull();
  });
});
