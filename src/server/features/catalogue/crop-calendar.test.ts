import { describe, expect, it } from "vitest";
import type { CropCalendar } from "../../../core/schemas/crop-calendar";
import { catalogue } from "./catalogue-read-model";
import { loadCropCalendars } from "./crop-calendar-read-model";

const crops = catalogue();
const calendars = loadCropCalendars(crops);

const calendarOf = (slug: string): CropCalendar => {
  const calendar = calendars.get(slug);
  expect(calendar, `a calendar entry for ${slug}`).toBeDefined();
  return calendar as CropCalendar;
};

describe("crop calendar", () => {
  it("has one entry for every catalogue crop", () => {
    expect(calendars.size).toBe(crops.crops.length);
  });

  it("starts tomatoes indoors before the last frost and plants them out after it", () => {
    const tomato = calendarOf("tomato");
    expect(tomato.season).toBe("warm");
    expect(tomato.frost).toBe("tender");
    expect(tomato.startIndoors?.to).toBeLessThan(0);
    expect(tomato.plantOut?.from).toBeGreaterThan(0);
    expect(tomato.sowOutdoors).toBeNull();
  });

  it("plants garlic before winter, as a hardy crop", () => {
    const garlic = calendarOf("garlic");
    expect(garlic.frost).toBe("hardy");
    expect(garlic.autumn?.method).toBe("plant");
    // Around the first autumn frost, while the soil is still open: weeks before to just after.
    expect(garlic.autumn?.weeks.from).toBeLessThan(0);
    expect(garlic.autumn?.weeks.to).toBeLessThanOrEqual(4);
  });

  it("sows peas outdoors before the last frost, as a cool crop", () => {
    const pea = calendarOf("pea");
    expect(pea.season).toBe("cool");
    expect(pea.sowOutdoors?.from).toBeLessThan(0);
  });

  it("gives every houseplant the indoor season and no windows", () => {
    const houseplants = crops.crops.filter((crop) => crop.category === "houseplant");
    expect(houseplants.length).toBeGreaterThan(0);
    for (const { slug } of houseplants) {
      const calendar = calendarOf(slug);
      expect(calendar.season, slug).toBe("indoor");
      const windows = [
        calendar.startIndoors,
        calendar.sowOutdoors,
        calendar.plantOut,
        calendar.autumn,
        calendar.harvest,
      ];
      expect(windows, slug).toEqual([null, null, null, null, null]);
    }
  });

  it("gives every directly sown outdoor crop a sowing window (or, from cloves, tubers or bulbs, a planting one)", () => {
    for (const crop of crops.crops.filter((c) => c.sowingMethod === "direct")) {
      const calendar = calendarOf(crop.slug);
      if (calendar.season === "indoor") continue;
      if (calendar.minSoilC === null) {
        // Garlic, potatoes, bulbs and rhizomes go straight into the ground but are not sown.
        expect(calendar.plantOut ?? calendar.autumn, crop.slug).not.toBeNull();
      } else {
        const sown = calendar.sowOutdoors !== null || calendar.autumn?.method === "sow";
        expect(sown, crop.slug).toBe(true);
      }
    }
  });

  it("keeps frost-tender crops to months with a mean of at least 10 °C", () => {
    for (const [slug, calendar] of calendars) {
      if (calendar.frost === "tender") {
        expect(calendar.growsInMeanC.min, slug).toBeGreaterThanOrEqual(10);
      }
    }
  });

  it("names a germination soil temperature exactly for the crops raised from seed", () => {
    for (const crop of crops.crops) {
      const calendar = calendarOf(crop.slug);
      if (calendar.season === "indoor") continue;
      expect(calendar.minSoilC === null, crop.slug).toBe(crop.daysToGermination === null);
    }
  });
});
