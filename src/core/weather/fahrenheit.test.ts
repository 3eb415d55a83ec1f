import { describe, expect, it } from "vitest";
import { type GardenHealthInput, gardenHealthAlerts } from "./garden-health";
import { PLANTING_LISTS } from "./planting-lists";
import { type PlantingInput, plantingAdvice, plantingSuggestions } from "./planting-suggestions";
import type { SeasonName } from "./season";
import { dayAdvice, wateringAdvice } from "./watering-advice";

// Sentences for a gardener who reads °F. The rules still compare in °C: only the words change.

const mildDay = { max: 24, min: 12, precipitation: 0 };

function alertsF(current: Partial<GardenHealthInput["current"]>, forecast = [mildDay]) {
  return gardenHealthAlerts(
    { current: { temperature: 20, humidity: 50, windSpeed: 5, ...current }, forecast },
    "F",
  );
}

describe("garden health alerts in °F", () => {
  it("gives the heat alert's high in whole °F", () => {
    const [heat] = alertsF({}, [mildDay, { ...mildDay, max: 38.4 }]);
    expect(heat?.message).toBe(
      "A high of 101 °F is forecast: heat can scorch leaves and make flowers drop.",
    );
  });

  it("gives the frost tip's temperature in °F", () => {
    const [frost] = alertsF({ temperature: -6 });
    expect(frost?.message).toBe("It is 21 °F: frost can damage tender plants.");
    expect(frost?.action).toMatch(/frost cloth or fleece/);
  });

  it("gives the watering and mulch tip in °F and inches", () => {
    const [hot] = alertsF({ temperature: 33 });
    expect(hot?.message).toBe("It is 91 °F: plants lose water fast in this heat.");
    expect(hot?.action).toContain("2–3 in of mulch");
    expect(hot?.action).not.toMatch(/cm/);
  });

  it("keeps the °C thresholds", () => {
    const kinds = (current: Partial<GardenHealthInput["current"]>, max = 24) =>
      alertsF(current, [{ ...mildDay, max }]).map((alert) => alert.kind);
    expect(kinds({}, 34.9)).toEqual([]);
    expect(kinds({}, 35)).toEqual(["heat"]);
    expect(kinds({ temperature: 2.1 })).toEqual([]);
    expect(kinds({ temperature: 2 })).toEqual(["frost"]);
    expect(kinds({ temperature: 31.9 })).toEqual([]);
    expect(kinds({ temperature: 32 })).toEqual(["hot"]);
    expect(alertsF({ temperature: 32 })[0]?.message).toContain("It is 90 °F");
  });

  it("gives humidity in %, wind in mph and rain in inches", () => {
    const alerts = alertsF({ humidity: 91, windSpeed: 25 }, [
      { ...mildDay, precipitation: 9 },
      { ...mildDay, precipitation: 9 },
    ]);
    expect(alerts.map((alert) => alert.message).join(" ")).toMatch(/91%.*25 mph.*over ¼ in/);
  });

  it("gives wind in km/h and rain in mm beside °C", () => {
    const alerts = gardenHealthAlerts(
      {
        current: { temperature: 20, humidity: 50, windSpeed: 25 },
        forecast: [
          { ...mildDay, precipitation: 9 },
          { ...mildDay, precipitation: 9 },
        ],
      },
      "C",
    );
    expect(alerts.map((alert) => alert.message).join(" ")).toMatch(/40 km\/h.*over 5 mm/);
  });
});

describe("day and watering advice", () => {
  // Neither names a temperature today, so there is nothing to convert; a tip that starts to
  // must take the units too, and this fails until it does.
  it("writes no °C into any tip", () => {
    const days = [
      { min: 1, max: 8, precipitation: 0 },
      { min: 20, max: 36, precipitation: 0 },
      { min: 12, max: 20, precipitation: 9 },
      { min: 20, max: 31, precipitation: 0 },
      { min: 10, max: 20, precipitation: 2 },
      { min: 10, max: 20, precipitation: 0, humidity: 85 },
      { min: 3, max: 9, precipitation: 0 },
      { min: 10, max: 20, precipitation: 0 },
    ];
    const tips = days.flatMap((day) => [
      dayAdvice(day),
      wateringAdvice({ temperature: day.max, humidity: day.humidity ?? 30, forecast: [day] }),
      wateringAdvice({ temperature: day.min, humidity: 50, forecast: [day] }),
    ]);
    expect(new Set(tips).size).toBeGreaterThanOrEqual(12);
    for (const tip of tips) expect(tip).not.toMatch(/°/);
  });

  it("gives the watering depths and rain in inches for °F", () => {
    const dry = { temperature: 20, humidity: 50, forecast: [{ precipitation: 0 }] };
    expect(wateringAdvice(dry, "F")).toBe(
      "Water when the top ¾–1 in of soil feels dry, aiming for about 1 in of water a week.",
    );
    expect(wateringAdvice(dry, "C")).toBe(
      "Water when the top 2–3 cm of soil feels dry, aiming for about 2.5 cm of water a week.",
    );
    const rain = { ...dry, forecast: [{ precipitation: 8 }, { precipitation: 4.7 }] };
    expect(wateringAdvice(rain, "F")).toMatch(/^Rain is on the way \(about ½ in in the next two/);
  });
});

const mild: PlantingInput = { averageC: 16.5, season: "Spring", hemisphere: "north" };
const MILD_LINE =
  "is mild: most seeds germinate well; plant out frost-tender crops only after the last frost.";

describe("planting guidance in °F", () => {
  it("gives the average forecast in whole °F, with the band chosen in °C", () => {
    expect(plantingSuggestions(mild, "F").summary[0]).toBe(`Average forecast 62 °F ${MILD_LINE}`);
    expect(plantingAdvice(mild, "F")[0]).toBe(`Average forecast 62 °F ${MILD_LINE}`);
    expect(plantingSuggestions(mild).summary[0]).toBe(`Average forecast 16.5 °C ${MILD_LINE}`);
    // 22 °C (71.6 °F) is the top of mild; 22.1 °C is warm.
    expect(plantingSuggestions({ ...mild, averageC: 22 }, "F").band).toBe("mild");
    expect(plantingSuggestions({ ...mild, averageC: 22.1 }, "F").band).toBe("warm");
  });

  it("writes the notes' soil and night temperatures in °F", () => {
    const { vegetables } = plantingSuggestions(mild, "F");
    const note = (name: string) => vegetables.find((item) => item.name === name)?.notes;
    expect(note("Bush beans")).toBe(
      "Sow once the soil is at least 61 °F; seed rots in cold, wet ground.",
    );
    expect(note("Peppers")).toBe("Plant out only when nights stay above 54 °F.");
    // The built-in lists keep their °C.
    const beans = PLANTING_LISTS.mild.vegetables.find((item) => item.name === "Bush beans");
    expect(beans?.notes).toContain("at least 16 °C");
  });

  it("leaves no °C anywhere for a °F reader, and changes nothing for °C", () => {
    const seasons: SeasonName[] = [
      "Winter",
      "Spring",
      "Summer",
      "Autumn",
      "Monsoon",
      "Post-monsoon",
    ];
    for (const averageC of [0, 10, 18, 25, 35]) {
      for (const season of seasons) {
        for (const [hemisphere, countryCode] of [
          ["north", "IN"],
          ["south", null],
        ] as const) {
          const input = { averageC, season, hemisphere, countryCode };
          const f = plantingSuggestions(input, "F");
          const text = [...f.summary, ...plantingAdvice(input, "F")]
            .concat([...f.vegetables, ...f.herbs, ...f.flowers].map((item) => item.notes))
            .join("\n");
          expect(text).not.toContain("°C");
          expect(plantingSuggestions(input, "C")).toEqual(plantingSuggestions(input));
        }
      }
    }
  });
});
