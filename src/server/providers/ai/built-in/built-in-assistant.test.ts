import { describe, expect, it } from "vitest";
import { catalogue } from "../../../features/catalogue/catalogue";
import type { GardenerContext, GardenPlant } from "../assistant";
import { knowledgeBase } from "../knowledge/knowledge-base";
import { BuiltInAssistant } from "./built-in-assistant";

const TODAY = "2026-07-06";
const tomato = (place: string): GardenPlant => ({
  id: "p1",
  name: "Tomato",
  cropSlug: "tomato",
  cropName: "Tomato",
  medium: "soil",
  place,
  plantingDate: "2026-06-01",
  stage: "Vegetative",
  stageDay: 3,
  notes: null,
});

function context(plants: GardenPlant[]): GardenerContext {
  return {
    today: TODAY,
    displayName: "Ivy",
    experience: null,
    units: "C",
    zip: null,
    zone: null,
    zoneTitle: null,
    tempRange: null,
    location: null,
    plants,
    focusPlant: null,
    overdue: [],
    dueToday: [],
    upcoming: [],
    weather: {
      place: "Phoenix, AZ",
      fetchedAt: `${TODAY}T08:00:00.000Z`,
      temperatureC: 36,
      humidity: 20,
      windMph: 5,
      conditions: "Clear sky",
      days: [{ date: TODAY, minC: 27, maxC: 41, precipitationMm: 0 }],
      alerts: [],
    },
  };
}

const assistant = new BuiltInAssistant(knowledgeBase(), catalogue());
const ask = (message: string, plants: GardenPlant[] = []) =>
  assistant.chat({ message, history: [], context: context(plants), actions: null });

describe("BuiltInAssistant", () => {
  it("adds this week's heat to watering advice for a plant outdoors, not indoors", async () => {
    const outdoors = await ask("When should I water my tomato?", [tomato("outdoor")]);
    expect(outdoors.text).toContain("About your **Tomato**");
    expect(outdoors.text).toContain("growing in soil outdoors");
    expect(outdoors.text).toContain("forecast for Phoenix, AZ reaches 41 °C");
    const indoors = await ask("When should I water my tomato?", [tomato("indoor")]);
    expect(indoors.text).toContain("growing in soil indoors");
    expect(indoors.text).not.toContain("forecast");
  });

  it("keeps a houseplant's answer to its own sheet when that sheet answers it", async () => {
    const reply = await ask("how often should I water a snake plant?");
    expect(reply.sources.map((s) => s.ref)).toEqual(["crops/snake-plant#water"]);
    expect(reply.text).not.toContain("forecast");
  });

  it("answers a pest seen on a crop with the pest's note and its remedy", async () => {
    const reply = await ask("clouds of tiny white flies come off my tomato plants");
    const refs = reply.sources.map((s) => s.ref);
    expect(refs.some((ref) => ref.startsWith("topics/whitefly#"))).toBe(true);
    expect(reply.text).toMatch(/sticky trap/i);
  });

  it("streams the same text it returns", async () => {
    const pieces: string[] = [];
    const reply = await assistant.chat({
      message: "How far apart should I plant garlic?",
      history: [],
      context: context([]),
      actions: null,
      onDelta: (text) => pieces.push(text),
    });
    expect(pieces.length).toBeGreaterThan(1);
    expect(pieces.join("")).toBe(reply.text);
  });

  it("cannot add tasks for a signed-out visitor, and says why", async () => {
    const reply = await ask("Remind me to water the basil tomorrow");
    expect(reply.actions).toEqual([]);
    expect(reply.text).toMatch(/^Sign in/);
  });
});
