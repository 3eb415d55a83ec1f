import { describe, expect, it } from "vitest";
import {
  hourLabel,
  hourOptions,
  initialZone,
  offersDeviceZone,
  timeZoneGroups,
} from "./time-options";

describe("reminder hour and time zone choices", () => {
  it("writes hours in 12 or 24 hour time as the locale does", () => {
    expect(hourLabel(0, "en-US")).toBe("12:00 AM");
    expect(hourLabel(19, "en-US")).toBe("7:00 PM");
    expect(hourLabel(0, "en-GB")).toBe("00:00");
    expect(hourLabel(19, "de-DE")).toBe("19:00");
    expect(hourOptions("en-GB").map((o) => o.value)).toEqual([...Array(24).keys()]);
  });

  it("offers the device's zone when it is a real place's and not the saved one", () => {
    expect(offersDeviceZone("Europe/London", "Asia/Tokyo")).toBe(true);
    expect(offersDeviceZone("Asia/Tokyo", "Asia/Tokyo")).toBe(false);
    expect(offersDeviceZone("Australia/Sydney", "UTC")).toBe(false);
    expect(offersDeviceZone("Australia/Sydney", "Etc/UTC")).toBe(false);
    expect(offersDeviceZone("Europe/London", "Not/AZone")).toBe(false);
  });

  it("suggests the browser's zone only over the server's default UTC", () => {
    expect(initialZone("UTC", "Europe/London")).toEqual({ zone: "Europe/London", suggested: true });
    expect(initialZone("UTC", "Etc/UTC")).toEqual({ zone: "UTC", suggested: false });
    expect(initialZone("UTC", "Not/AZone")).toEqual({ zone: "UTC", suggested: false });
    expect(initialZone("Asia/Tokyo", "Europe/London")).toEqual({
      zone: "Asia/Tokyo",
      suggested: false,
    });
  });

  it("groups zones by region with their place and offset, UTC first", () => {
    const { utc, groups } = timeZoneGroups(
      ["Asia/Kolkata", "America/Argentina/Buenos_Aires"],
      new Date("2026-01-15T12:00:00Z"),
    );
    expect(utc.value).toBe("UTC");
    const asia = groups.find((g) => g.region === "Asia");
    expect(asia?.zones).toContainEqual({ value: "Asia/Kolkata", label: "Kolkata (UTC+5:30)" });
    const america = groups.find((g) => g.region === "America");
    expect(america?.zones).toContainEqual({
      value: "America/Argentina/Buenos_Aires",
      label: "Argentina / Buenos Aires (UTC−3)",
    });
    expect(groups.flatMap((g) => g.zones).some((z) => z.value === "UTC")).toBe(false);
  });
});
