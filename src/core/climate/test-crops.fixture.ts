import type { CropCalendar } from "../schemas/crop-calendar";
import type { CalendarCrop } from "./planting-calendar";

const crop = (
  calendar: Omit<CropCalendar, "sources">,
  daysToMaturity: CalendarCrop["daysToMaturity"],
): CalendarCrop => ({ calendar: { ...calendar, sources: ["tendril-editorial"] }, daysToMaturity });

/** Four crops of the four kinds the calendar treats apart, with typical extension figures. */
export const CROPS = {
  tomato: crop(
    {
      slug: "tomato",
      season: "warm",
      frost: "tender",
      minSoilC: 10,
      startIndoors: { from: -8, to: -6 },
      sowOutdoors: null,
      plantOut: { from: 1, to: 4 },
      autumn: null,
      harvest: null,
      growsInMeanC: { min: 16, max: 29 },
    },
    { min: 100, max: 130 },
  ),
  pea: crop(
    {
      slug: "pea",
      season: "cool",
      frost: "half-hardy",
      minSoilC: 5,
      startIndoors: null,
      sowOutdoors: { from: -6, to: -2 },
      plantOut: null,
      autumn: null,
      harvest: null,
      growsInMeanC: { min: 7, max: 21 },
    },
    { min: 60, max: 70 },
  ),
  garlic: crop(
    {
      slug: "garlic",
      season: "cool",
      frost: "hardy",
      minSoilC: null,
      startIndoors: null,
      sowOutdoors: null,
      plantOut: { from: -6, to: -2 },
      autumn: { method: "plant", weeks: { from: -6, to: -2 } },
      harvest: null,
      growsInMeanC: { min: 5, max: 22 },
    },
    { min: 240, max: 270 },
  ),
  strawberry: crop(
    {
      slug: "strawberry",
      season: "perennial",
      frost: "hardy",
      minSoilC: null,
      startIndoors: null,
      sowOutdoors: null,
      plantOut: { from: -4, to: 2 },
      autumn: { method: "plant", weeks: { from: -8, to: -4 } },
      harvest: { from: 6, to: 12 },
      growsInMeanC: { min: 10, max: 26 },
    },
    { min: 60, max: 90 },
  ),
} satisfies Record<string, CalendarCrop>;
