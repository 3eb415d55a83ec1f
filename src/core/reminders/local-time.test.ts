import { describe, expect, it } from "vitest";
import { canonicalTimeZone, localMoment, reminderClock } from "./local-time";

const at = (iso: string) => new Date(iso);

describe("localMoment", () => {
  it("reads the wall clock of the zone, midnight as hour 0", () => {
    expect(localMoment(at("2026-06-01T00:00:00Z"), "UTC")).toEqual({
      date: "2026-06-01",
      hour: 0,
      minute: 0,
    });
    expect(localMoment(at("2026-06-01T07:59:00Z"), "Europe/London")).toEqual({
      date: "2026-06-01",
      hour: 8,
      minute: 59,
    });
  });

  it("gives a zone ahead of UTC its own, later date", () => {
    // 20:30 UTC on 31 May is 06:30 on 1 June in Sydney (UTC+10 in winter).
    expect(localMoment(at("2026-05-31T20:30:00Z"), "Australia/Sydney")).toEqual({
      date: "2026-06-01",
      hour: 6,
      minute: 30,
    });
    // …and one behind UTC the earlier date.
    expect(localMoment(at("2026-06-01T03:00:00Z"), "America/Los_Angeles").date).toBe("2026-05-31");
  });

  it("reads an unknown zone as UTC", () => {
    expect(localMoment(at("2026-06-01T09:15:00Z"), "Mars/Olympus_Mons")).toEqual({
      date: "2026-06-01",
      hour: 9,
      minute: 15,
    });
  });
});

describe("reminderClock", () => {
  it("is due from the reminder hour on: 7:59 is not, 8:00 is", () => {
    expect(reminderClock(at("2026-06-01T07:59:59Z"), "UTC", 8)).toEqual({
      localDate: "2026-06-01",
      due: false,
    });
    expect(reminderClock(at("2026-06-01T08:00:00Z"), "UTC", 8)).toEqual({
      localDate: "2026-06-01",
      due: true,
    });
  });

  it("stays due until local midnight, then starts over for the new date", () => {
    expect(reminderClock(at("2026-06-01T23:59:00Z"), "UTC", 8)).toEqual({
      localDate: "2026-06-01",
      due: true,
    });
    expect(reminderClock(at("2026-06-02T00:00:00Z"), "UTC", 8)).toEqual({
      localDate: "2026-06-02",
      due: false,
    });
  });

  it("counts hour 0 and hour 23 at their edges", () => {
    expect(reminderClock(at("2026-06-01T00:00:00Z"), "UTC", 0).due).toBe(true);
    expect(reminderClock(at("2026-06-01T22:59:59Z"), "UTC", 23).due).toBe(false);
    expect(reminderClock(at("2026-06-01T23:00:00Z"), "UTC", 23).due).toBe(true);
  });

  it("uses the zone's hour, not UTC's, on both sides of a date line", () => {
    // 8:00 in Tokyo (UTC+9) is 23:00 UTC the day before.
    expect(reminderClock(at("2026-05-31T22:59:00Z"), "Asia/Tokyo", 8)).toEqual({
      localDate: "2026-06-01",
      due: false,
    });
    expect(reminderClock(at("2026-05-31T23:00:00Z"), "Asia/Tokyo", 8)).toEqual({
      localDate: "2026-06-01",
      due: true,
    });
    // Kathmandu is UTC+5:45: 8:00 there is 02:15 UTC.
    expect(reminderClock(at("2026-06-01T02:14:00Z"), "Asia/Kathmandu", 8).due).toBe(false);
    expect(reminderClock(at("2026-06-01T02:15:00Z"), "Asia/Kathmandu", 8).due).toBe(true);
  });

  it("follows daylight saving: 8:00 in New York is 13:00 UTC in winter, 12:00 in summer", () => {
    expect(reminderClock(at("2026-01-15T12:59:00Z"), "America/New_York", 8).due).toBe(false);
    expect(reminderClock(at("2026-01-15T13:00:00Z"), "America/New_York", 8).due).toBe(true);
    expect(reminderClock(at("2026-07-15T11:59:00Z"), "America/New_York", 8).due).toBe(false);
    expect(reminderClock(at("2026-07-15T12:00:00Z"), "America/New_York", 8).due).toBe(true);
  });

  it("sends on a spring-forward day even when the chosen hour never happens", () => {
    // 8 March 2026 in New York: 01:59 EST is followed by 03:00 EDT (07:00 UTC); 2:00 is skipped.
    expect(reminderClock(at("2026-03-08T06:59:00Z"), "America/New_York", 2)).toEqual({
      localDate: "2026-03-08",
      due: false,
    });
    expect(reminderClock(at("2026-03-08T07:00:00Z"), "America/New_York", 2)).toEqual({
      localDate: "2026-03-08",
      due: true,
    });
  });

  it("keeps one local date through the repeated hour of a fall-back day", () => {
    // 1 November 2026 in New York: 01:00–01:59 happens twice (05:00 and 06:00 UTC).
    const first = reminderClock(at("2026-11-01T05:30:00Z"), "America/New_York", 1);
    const second = reminderClock(at("2026-11-01T06:30:00Z"), "America/New_York", 1);
    expect(first).toEqual({ localDate: "2026-11-01", due: true });
    expect(second).toEqual(first);
  });
});

describe("canonicalTimeZone", () => {
  it("accepts IANA names in any case and spells them as Intl does", () => {
    expect(canonicalTimeZone("Europe/London")).toBe("Europe/London");
    expect(canonicalTimeZone(" europe/london ")).toBe("Europe/London");
    expect(canonicalTimeZone("utc")).toBe("UTC");
  });

  it("keeps an alias as given", () => {
    expect(canonicalTimeZone("Asia/Kolkata")).toBe("Asia/Kolkata");
  });

  it("refuses names Intl does not know", () => {
    expect(canonicalTimeZone("Mars/Olympus_Mons")).toBeNull();
    expect(canonicalTimeZone("")).toBeNull();
    expect(canonicalTimeZone("Europe/".padEnd(65, "x"))).toBeNull();
  });

  it("refuses a fixed UTC offset, which Node 24's Intl takes as a zone", () => {
    expect(canonicalTimeZone("+05:00")).toBeNull();
    expect(canonicalTimeZone(" -0800")).toBeNull();
  });
});
