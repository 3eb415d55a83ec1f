import { describe, expect, it } from "vitest";
import { addDays } from "../garden/dates";
import type { ClimateProfile } from "./climate-profile";
import { meanTemperatureOn } from "./climate-profile";
import { PLACES } from "./places.fixture";
import { type CalendarCrop, plantingCalendar, SOON_DAYS } from "./planting-calendar";
import { CROPS } from "./test-crops.fixture";

const NOV_25 = "2026-11-25";
const APR_1 = "2027-04-01";

/** A place whose weather never limits a crop: only its frost dates do. */
const mild: ClimateProfile = {
  latitude: 45,
  zone: "7a",
  lastFrost: "04-15",
  firstFrost: "10-15",
  monthlyMeanC: new Array(12).fill(15),
  monthlyRainMm: new Array(12).fill(50),
  source: "usda-noaa",
};

const verdictOf = (place: ClimateProfile, crop: CalendarCrop, day: string) =>
  plantingCalendar(place, crop, day).verdict;
const windowsOf = (place: ClimateProfile, crop: CalendarCrop, day: string, action: string) =>
  plantingCalendar(place, crop, day).windows.filter((w) => w.action === action);

describe("the planting calendar where there is frost", () => {
  it("opens a spring window on the frost date plus its weeks, and not a day before", () => {
    // Peas: sown from 6 weeks before the last frost (15 April) = 4 March.
    expect(verdictOf(mild, CROPS.pea, "2027-03-04")).toMatchObject({
      status: "now",
      action: "sow",
    });
    expect(verdictOf(mild, CROPS.pea, "2027-03-03")).toEqual({
      status: "soon",
      action: "sow",
      from: "2027-03-04",
    });
  });

  it("stretches an annual's window while it can still crop before the first frost", () => {
    // Half-hardy peas, 70 days at most, 14 days' spare: last sowing 15 Oct − 84 days = 23 July.
    const [sow] = windowsOf(mild, CROPS.pea, "2027-03-01", "sow");
    expect(sow).toEqual({ action: "sow", from: "2027-03-04", to: "2027-07-23" });
    expect(verdictOf(mild, CROPS.pea, "2027-07-24")).toMatchObject({ status: "not-now" });
  });

  it("never plants a frost-tender crop out before the last frost", () => {
    for (const place of [mild, PLACES.Seattle, PLACES.Minneapolis, PLACES.London]) {
      for (const w of windowsOf(place, CROPS.tomato, "2027-01-01", "plant-out")) {
        const lastFrost = `${w.from.slice(0, 4)}-${place.lastFrost}`;
        expect(w.from >= lastFrost, `${w.from} in ${place.zone}`).toBe(true);
      }
    }
  });

  it("holds a warm crop back until the spring is warm enough (a maritime spring)", () => {
    // Seattle's last frost is 24 March, but its mean reaches tomato's 14 °C only in May.
    const [plant] = windowsOf(PLACES.Seattle, CROPS.tomato, "2027-01-01", "plant-out");
    expect(plant?.from.slice(5, 7)).toBe("05");
    expect(meanTemperatureOn(PLACES.Seattle, plant?.from ?? "")).toBeGreaterThanOrEqual(14);
    // Seed goes in indoors 7 to 9 weeks before the first planting day.
    const [indoors] = windowsOf(PLACES.Seattle, CROPS.tomato, "2027-01-01", "start-indoors");
    expect(indoors?.from).toBe(addDays(plant?.from ?? "", -63));
  });

  it("says frost until the last frost for a tender crop in winter, the window closed for a hardy one", () => {
    expect(verdictOf(PLACES.Seattle, CROPS.tomato, NOV_25)).toMatchObject({
      status: "not-now",
      reason: { code: "frost", until: "2027-03-24" },
    });
    // The autumn window ran to 1 November (two weeks before the first frost, 15 November).
    expect(verdictOf(PLACES.London, CROPS.garlic, NOV_25)).toMatchObject({
      status: "not-now",
      reason: { code: "closed", on: "2026-11-01" },
    });
    // Half-hardy peas go out before the last frost: frost is not what holds them back.
    expect(verdictOf(PLACES.Seattle, CROPS.pea, NOV_25)).toMatchObject({
      status: "not-now",
      reason: { code: "closed" },
      next: { action: "sow" },
    });
  });

  it("gives a second window before winter from the first autumn frost (garlic)", () => {
    const autumn = windowsOf(PLACES.London, CROPS.garlic, "2027-01-01", "plant-out").at(-1);
    // 15 November − 6 weeks = 4 October, − 2 weeks = 1 November.
    expect(autumn).toEqual({ action: "plant-out", from: "2027-10-04", to: "2027-11-01" });
    // Planted in October, ready 240 days later, in June.
    const harvest = windowsOf(PLACES.London, CROPS.garlic, "2027-01-01", "harvest");
    expect(harvest.some((w) => w.from.slice(5, 7) === "06")).toBe(true);
  });

  it("never harvests a frost-tender crop between the first autumn and last spring frost", () => {
    for (const w of windowsOf(PLACES.Minneapolis, CROPS.tomato, "2027-01-01", "harvest")) {
      expect(w.to.slice(5) < "10-08" && w.from.slice(5) >= "05-01").toBe(true);
    }
  });

  it("harvests perennials in their own weeks from the last frost", () => {
    // Strawberries: 6 to 12 weeks after 1 April in London.
    const [harvest] = windowsOf(PLACES.London, CROPS.strawberry, "2027-01-01", "harvest");
    expect(harvest).toEqual({ action: "harvest", from: "2027-05-13", to: "2027-06-24" });
  });

  it("works the same way in the southern hemisphere (Melbourne: spring is September)", () => {
    expect(verdictOf(PLACES.Melbourne, CROPS.tomato, NOV_25)).toMatchObject({
      status: "now",
      action: "plant-out",
    });
    // In April the weeks ahead are Melbourne's autumn: too cold for a tomato to grow on.
    expect(verdictOf(PLACES.Melbourne, CROPS.tomato, APR_1)).toMatchObject({
      status: "not-now",
      reason: { code: "too-cold", needC: 16 },
    });
    // Garlic goes in before Melbourne's winter: April and May.
    const autumn = windowsOf(PLACES.Melbourne, CROPS.garlic, NOV_25, "plant-out")[0];
    expect(autumn?.from).toBe("2027-04-20");
  });
});

describe("the planting calendar from frost dates alone", () => {
  it("goes by the frost dates when the monthly means are unknown", () => {
    const datesOnly = { ...PLACES.Minneapolis, monthlyMeanC: null };
    // Tomatoes out 1 to 4 weeks after 1 May, stretched to 8 October − 74 days − 14.
    const [plant] = windowsOf(datesOnly, CROPS.tomato, "2027-01-01", "plant-out");
    expect(plant).toEqual({ action: "plant-out", from: "2027-05-08", to: "2027-07-12" });
    expect(verdictOf(datesOnly, CROPS.tomato, NOV_25)).toMatchObject({
      status: "not-now",
      reason: { code: "frost", until: "2027-05-01" },
    });
  });
});

describe("the planting calendar where there is no frost", () => {
  it("sows when the month's mean suits the crop and stays near it while it grows", () => {
    // San Francisco in November: 14 °C, cool crops yes, tomatoes (16 °C or more) no.
    expect(verdictOf(PLACES["San Francisco"], CROPS.garlic, NOV_25).status).toBe("now");
    expect(verdictOf(PLACES["San Francisco"], CROPS.pea, NOV_25).status).toBe("now");
    expect(verdictOf(PLACES["San Francisco"], CROPS.tomato, NOV_25)).toMatchObject({
      status: "not-now",
      reason: { code: "too-cold", needC: 16 },
    });
  });

  it("keeps cool crops out of the tropics and the Indian summer", () => {
    expect(verdictOf(PLACES.Singapore, CROPS.pea, NOV_25)).toMatchObject({
      status: "not-now",
      reason: { code: "too-hot", limitC: 21 },
      next: null,
    });
    expect(verdictOf(PLACES.Delhi, CROPS.pea, APR_1)).toMatchObject({
      status: "not-now",
      reason: { code: "too-hot" },
      next: { action: "sow", from: "2027-11-11" },
    });
    expect(verdictOf(PLACES.Delhi, CROPS.pea, NOV_25).status).toBe("now");
  });

  it("says when the weather suits a crop all year (garlic in San Francisco's mild months)", () => {
    expect(verdictOf(PLACES["San Francisco"], CROPS.garlic, NOV_25)).toMatchObject({
      status: "now",
      until: "2027-11-24",
      allYear: true,
    });
  });

  it("skips a monsoon month of 300 mm or more", () => {
    // Singapore's December (318 mm) is no month to plant out; November (257 mm) is.
    const windows = windowsOf(PLACES.Singapore, CROPS.tomato, NOV_25, "plant-out");
    const inDecember = windows.some((w) => w.from <= "2026-12-15" && w.to >= "2026-12-15");
    expect(inDecember).toBe(false);
    expect(verdictOf(PLACES.Singapore, CROPS.tomato, NOV_25)).toEqual({
      status: "now",
      action: "plant-out",
      until: "2026-11-30",
      allYear: false,
    });
  });

  it("sows transplants in trays their usual weeks before they go out", () => {
    const year = plantingCalendar(PLACES.Delhi, CROPS.tomato, "2027-06-01");
    const plant = year.windows.find((w) => w.action === "plant-out");
    const indoors = year.windows.find((w) => w.action === "start-indoors");
    expect(indoors?.from).toBe(addDays(plant?.from ?? "", -63));
  });
});

describe("the verdict", () => {
  it("is soon when a window opens within four weeks, with its date", () => {
    const opens = "2027-03-04";
    expect(verdictOf(mild, CROPS.pea, addDays(opens, -SOON_DAYS))).toEqual({
      status: "soon",
      action: "sow",
      from: opens,
    });
    expect(verdictOf(mild, CROPS.pea, addDays(opens, -SOON_DAYS - 1))).toMatchObject({
      status: "not-now",
      next: { action: "sow", from: opens },
    });
  });

  it("is 'indoors' for a houseplant, which has no season", () => {
    const houseplant: CalendarCrop = {
      calendar: {
        ...CROPS.tomato.calendar,
        season: "indoor",
        startIndoors: null,
        plantOut: null,
      },
      daysToMaturity: { min: 30, max: 60 },
    };
    expect(plantingCalendar(PLACES.London, houseplant, NOV_25)).toEqual({
      windows: [],
      verdict: { status: "indoors", action: null },
    });
  });

  it("gives the eight places' verdicts for 25 November and 1 April", () => {
    const table = Object.entries(PLACES).map(([place, profile]) => [
      place,
      ...[NOV_25, APR_1].flatMap((day) =>
        Object.values(CROPS).map((crop) => verdictOf(profile, crop, day).status),
      ),
    ]);
    // tomato, pea, garlic, strawberry on 25 November, then on 1 April.
    expect(table).toEqual([
      ["San Francisco", "not-now", "now", "now", "now", "soon", "now", "now", "now"],
      ["Seattle", "not-now", "not-now", "not-now", "not-now", "now", "now", "not-now", "now"],
      ["Minneapolis", "not-now", "not-now", "not-now", "not-now", "now", "soon", "now", "soon"],
      ["Melbourne", "now", "now", "not-now", "not-now", "not-now", "not-now", "soon", "soon"],
      ["Bengaluru", "now", "soon", "now", "now", "now", "not-now", "not-now", "not-now"],
      ["Delhi", "now", "now", "now", "now", "not-now", "not-now", "not-now", "not-now"],
      ["London", "not-now", "not-now", "not-now", "not-now", "now", "now", "not-now", "now"],
      ["Singapore", "now", "not-now", "not-now", "not-now", "now", "not-now", "not-now", "not-now"],
    ]);
  });
});

describe("autumn planting and frozen ground", () => {
  // Bare-root roses and bulbs: planted from two weeks before the first frost to eight after.
  const bareRoot: CalendarCrop = {
    ...CROPS.garlic,
    calendar: {
      ...CROPS.garlic.calendar,
      season: "perennial",
      plantOut: null,
      autumn: { method: "plant", weeks: { from: -2, to: 8 } },
    },
  };
  const autumnWindow = (place: ClimateProfile) =>
    windowsOf(place, bareRoot, "2027-08-01", "plant-out").find((w) => w.from >= "2027-09-01");

  it("ends where the typical day falls below 0 °C, not eight weeks after the frost", () => {
    // Minneapolis: first frost 8 October, eight weeks on is 3 December, but November's mean
    // (1.4 °C) crosses 0 °C towards December's (−6.5 °C) in late November.
    const window = autumnWindow(PLACES.Minneapolis);
    expect(window?.from).toBe("2027-09-24");
    expect(window && window.to < "2027-12-03").toBe(true);
    expect(meanTemperatureOn(PLACES.Minneapolis, window?.to ?? "")).toBeGreaterThanOrEqual(0);
    expect(meanTemperatureOn(PLACES.Minneapolis, addDays(window?.to ?? "", 1))).toBeLessThan(0);
    // London's ground stays open: all eight weeks.
    expect(autumnWindow(PLACES.London)?.to).toBe("2028-01-10");
  });

  it("ends two weeks after the first frost in a cold zone whose months are unknown", () => {
    const stationOnly = { ...PLACES.Minneapolis, monthlyMeanC: null, monthlyRainMm: null };
    expect(autumnWindow(stationOnly)).toMatchObject({ from: "2027-09-24", to: "2027-10-22" });
    const mildStation = { ...stationOnly, zone: "7a" };
    expect(autumnWindow(mildStation)?.to).toBe("2027-12-03");
  });
});
