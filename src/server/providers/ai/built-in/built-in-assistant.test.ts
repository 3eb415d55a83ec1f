import { describe, expect, it } from "vitest";
import { gardenerContext, gardenPlant } from "../../../../../tests/support/gardener-context";
import { catalogue } from "../../../features/catalogue/catalogue-read-model";
import type { GardenPlant } from "../assistant";
import { factStore } from "../knowledge/fact-store";
import { knowledgeBase } from "../knowledge/knowledge-base";
import { BuiltInAssistant } from "./built-in-assistant";

const TODAY = "2026-07-06";
const tomato = (place: string): GardenPlant =>
  gardenPlant({
    id: "p1",
    place,
    plantingDate: "2026-06-01",
    ageDays: 35,
    stageDay: 3,
    stageLength: 32,
    nextStage: { name: "Flowering", startDate: "2026-08-05" },
    harvestDate: "2026-09-20",
  });

const context = (plants: GardenPlant[]) =>
  gardenerContext({
    today: TODAY,
    displayName: "Ivy",
    experience: null,
    plants,
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
  });

const assistant = new BuiltInAssistant(knowledgeBase(), catalogue(), factStore());
const ask = (message: string, plants: GardenPlant[] = []) =>
  assistant.chat({ message, history: [], context: context(plants), actions: null });

describe("BuiltInAssistant", () => {
  it("adds this week's heat to watering advice for a plant outdoors, not indoors", async () => {
    const outdoors = await ask("When should I water my tomato?", [tomato("outdoor")]);
    expect(outdoors.text).toMatch(/^Your \*\*Tomato\*\*: water tomatoes deeply/);
    expect(outdoors.text).toContain("forecast for Phoenix, AZ reaches 41 °C");
    const indoors = await ask("When should I water my tomato?", [tomato("indoor")]);
    expect(indoors.text).toMatch(/^Your \*\*Tomato\*\* indoors: water tomatoes/);
    expect(indoors.text).not.toContain("forecast");
  });

  it("keeps a houseplant's answer to its own sheet when that sheet answers it", async () => {
    const reply = await ask("how often should I water a snake plant?");
    expect(reply.sources.map((s) => s.ref)).toEqual(["crops/snake-plant#water"]);
    expect(reply.text).not.toContain("forecast");
  });

  it("answers a pest seen on a crop with what it is and its remedy", async () => {
    const reply = await ask("clouds of tiny white flies come off my tomato plants");
    expect(reply.text).toMatch(/whitefly/i);
    expect(reply.text).toMatch(/sticky trap/i);
    expect(reply.sources.length).toBeGreaterThan(0);
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

describe("built-in issue analysis", () => {
  const analyze = (description: string, cropSlug: string | null = null) =>
    assistant.analyzeIssue({ description, plantName: null, cropSlug });

  it("names the note's pest or disease as the cause, with its remedy as the actions", async () => {
    const mildew = await analyze("white powder on squash leaves");
    expect(mildew.causes[0]).toMatchObject({ name: "Powdery mildew", likelihood: "high" });
    expect(mildew.causes[0]?.actions.join(" ")).toMatch(/potassium bicarbonate/);
    expect(mildew.sources.map((s) => s.ref)).toContain(
      "topics/powdery-mildew#how-to-treat-powdery-mildew",
    );
    const wet = await analyze("basil wilting even though soil is wet");
    expect(wet.causes[0]?.name).toBe("Overwatering");
    expect(wet.text).toMatch(
      /^From your description, the most likely cause is \*\*Overwatering\*\*/,
    );
    expect(wet.text).toMatch(/Start here: To fix overwatering, stop watering/);
  });

  it("puts the crop's own known problem first, then what the symptoms point to", async () => {
    const tomato = await analyze("leaves turning yellow", "tomato");
    expect(tomato.causes.map((c) => c.name)).toEqual([
      "Early blight and Septoria leaf spot",
      "Overwatering or root rot",
      "Nitrogen shortage",
      "Iron deficiency",
    ]);
    expect(tomato.causes.map((c) => c.likelihood)).toEqual(["high", "medium", "medium", "low"]);
    expect(tomato.causes[2]?.actions[0]).toMatch(/^Fix it with a fast nitrogen source/);
    expect(tomato.text).toMatch(/To tell the causes apart: Yellow leaves are a symptom/);
    // "Brown, crispy edges: dry air or underwatering" is a symptom and its cause, not a remedy.
    const monstera = await analyze("brown crispy leaf edges", "monstera");
    expect(monstera.causes[0]?.name).toBe("Dry air or underwatering");
    expect(monstera.causes[0]?.actions[0]).toMatch(/^To rescue an underwatered plant/);
  });

  it("names no cause when the description holds no symptom", async () => {
    for (const description of ["my plant looks sad", "help"]) {
      const answer = await analyze(description);
      expect(answer.causes).toEqual([]);
      expect(answer.text).toMatch(/^I can't tell what is wrong/);
    }
  });
});

describe("built-in identification summary", () => {
  it("says what the plant is, how sure, then its care and toxicity", async () => {
    const summary = await assistant.identificationSummary({
      plantName: "Garden tomato",
      scientificName: "Solanum lycopersicum",
      commonNames: ["Garden tomato", "Love apple"],
      confidence: 0.41,
    });
    expect(summary.text).toMatch(
      /^This looks like \*\*Garden tomato\*\* \(\*Solanum lycopersicum\*\), also called Love apple\. Tendril's catalogue has it as \*\*Tomato\*\*/,
    );
    expect(summary.text).toMatch(/only 41% sure, so treat it as a best guess/);
    expect(summary.text).toMatch(
      /\*\*Toxicity\*\*\n\nKeep tomato leaves and stems, which are toxic/,
    );
    expect(summary.sources.map((s) => s.ref)).toEqual([
      "crops/tomato#sun",
      "crops/tomato#water",
      "crops/tomato#soil-and-ph",
      "crops/tomato#common-problems",
      "crops/tomato#harvest",
    ]);
    const unknown = await assistant.identificationSummary({
      plantName: "English oak",
      scientificName: "Quercus robur",
      commonNames: [],
      confidence: 0.9,
    });
    expect(unknown.text).toMatch(/90% sure\.\n\nIt is not in Tendril's crop catalogue/);
  });
  it("answers a pet that ate a poisonous plant outside the catalogue with the vet first, never a look-alike", async () => {
    const reply = await ask("my dog chewed on a sago palm");
    expect(reply.text).toMatch(/^If your pet has eaten some, call your vet/);
    expect(reply.text).toContain("liver failure");
    expect(reply.text).not.toMatch(/parlou?r palm/i);
  });
});
