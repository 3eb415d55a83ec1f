import { describe, expect, it } from "vitest";
import { PLACES } from "../../../core/climate/places.fixture";
import { catalogue } from "../catalogue/catalogue-read-model";
import { loadCropCalendars } from "../catalogue/crop-calendar-read-model";
import { calendarSuggestions, keptCalendarSuggestions } from "./suggestions-service";

const crops = catalogue();
const calendars = loadCropCalendars(crops);
const notesOf = (list: { name: string; notes: string }[], name: string) =>
  list.find((item) => item.name === name)?.notes;

describe("What to Plant Now from the calendar", () => {
  const sf = calendarSuggestions(
    PLACES["San Francisco"],
    crops.crops,
    calendars,
    "2026-11-25",
    "C",
  );

  it("dates a sowing's harvest by its own days to maturity, not by earlier sowings'", () => {
    // Spinach sown on 25 November needs at least 40 days: January, not November.
    expect(notesOf(sf.vegetables, "Spinach")).toMatch(/Harvest from January\.$/);
  });

  it("says when an annual flower blooms, and nothing of a perennial's harvest", () => {
    expect(notesOf(sf.flowers, "Pansy")).toMatch(/In flower from \w+\.$/);
    expect(notesOf(sf.flowers, "Rose")).not.toMatch(/Harvest|In flower/);
  });

  it("keeps a day's lists for the same climate, and works them out again for another day", () => {
    const kept = keptCalendarSuggestions(crops.crops, calendars);
    const first = kept(PLACES.London, "2026-11-25", "C");
    expect(kept(PLACES.London, "2026-11-25", "C")).toBe(first);
    expect(kept(PLACES.London, "2026-11-26", "C")).not.toBe(first);
    expect(kept(PLACES.London, "2026-11-25", "F")).not.toBe(first);
  });
});
