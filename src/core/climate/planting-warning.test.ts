import { describe, expect, it } from "vitest";
import { PLACES } from "./places.fixture";
import type { CalendarCrop } from "./planting-calendar";
import { plantingWarning, type StartedAs } from "./planting-warning";
import { CROPS } from "./test-crops.fixture";

const warn = (
  place: keyof typeof PLACES,
  crop: CalendarCrop,
  date: string,
  startedAs: StartedAs,
  indoors = false,
) => plantingWarning(PLACES[place], { name: "Tomato", crop, date, startedAs, indoors }, "C");

describe("the warning before saving a planting", () => {
  it("warns of tomatoes planted out in a San Francisco November, with the next window", () => {
    expect(warn("San Francisco", CROPS.tomato, "2026-11-25", "plant")).toBe(
      "Tomato planted out on 25 Nov in zone 10b: Too cold: the typical mean ahead is 11 °C; it needs about 16 °C. Plant out from 5 Jun instead.",
    );
  });

  it("says nothing inside a window: tomatoes in a Melbourne November, garlic in Delhi", () => {
    expect(warn("Melbourne", CROPS.tomato, "2026-11-25", "plant")).toBeNull();
    expect(warn("Delhi", CROPS.garlic, "2026-11-25", "plant")).toBeNull();
  });

  it("says nothing for a plant grown indoors, or a houseplant", () => {
    expect(warn("Minneapolis", CROPS.tomato, "2026-11-25", "plant", true)).toBeNull();
    const houseplant = {
      ...CROPS.tomato,
      calendar: { ...CROPS.tomato.calendar, season: "indoor" as const },
    };
    expect(warn("Minneapolis", houseplant, "2026-11-25", "plant")).toBeNull();
  });

  it("lets seed go in while it may be started indoors, but not a plant go out then", () => {
    // London, 1 April: tomato seed is started indoors from mid-March; plants go out mid-May.
    expect(warn("London", CROPS.tomato, "2027-04-01", "seed")).toBeNull();
    expect(warn("London", CROPS.tomato, "2027-04-01", "plant")).toBe(
      "Tomato planted out on 1 Apr in zone 9a: It is the time to start seeds indoors; too early to plant out. Plant out from 15 May instead.",
    );
  });

  it("says when the window closed, and a few weeks early when it opens soon", () => {
    expect(warn("London", CROPS.garlic, "2026-11-25", "plant")).toBe(
      "Tomato planted out on 25 Nov in zone 9a: Its window here closed on 1 Nov. Plant out from 18 Feb instead.",
    );
    expect(warn("Bengaluru", CROPS.pea, "2026-11-25", "seed")).toContain(
      "A few weeks early for your place. Sow outdoors from 2 Dec instead.",
    );
  });

  it("names the frost a tender crop would meet, and a place with no window at all", () => {
    expect(warn("Seattle", CROPS.tomato, "2026-11-25", "plant")).toContain(
      "Frost is likely until about 24 Mar.",
    );
    expect(warn("Singapore", CROPS.pea, "2026-11-25", "seed")).toContain(
      "There is no window for it outdoors here in the next twelve months.",
    );
  });
});
