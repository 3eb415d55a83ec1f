import { describe, expect, it } from "vitest";
import { gardenerContext, gardenPlant } from "../../../../../tests/support/gardener-context";
import { catalogue } from "../../../features/catalogue/catalogue-read-model";
import type { ChatTurn, GardenerContext } from "../assistant";
import { factStore } from "../knowledge/fact-store";
import { knowledgeBase } from "../knowledge/knowledge-base";
import { BuiltInAssistant } from "./built-in-assistant";

const assistant = new BuiltInAssistant(knowledgeBase(), catalogue(), factStore());

/** Asks each message in turn in one chat, as the chat route does, and returns every reply. */
async function converse(context: GardenerContext, ...messages: string[]): Promise<string[]> {
  const history: ChatTurn[] = [];
  const replies: string[] = [];
  for (const message of messages) {
    const reply = await assistant.chat({ message, history: [...history], context, actions: null });
    history.push({ role: "user", content: message }, { role: "assistant", content: reply.text });
    replies.push(reply.text);
  }
  return replies;
}

const lettuce = gardenPlant({
  id: "l1",
  name: "Butterhead",
  cropSlug: "lettuce",
  cropName: "Lettuce",
  medium: "hydroponics",
  place: "indoor",
  lights: "led",
});
const portland = gardenerContext({ today: "2026-05-10", plants: [lettuce] });

describe("the built-in engine in a multi-turn chat", () => {
  it("answers a general question after a plant's about the general subject", async () => {
    const [first, second] = await converse(
      portland,
      "What EC should my hydroponic lettuce have?",
      "How do I harden off seedlings before planting them out?",
    );
    expect(first).toMatch(/\bEC\b/);
    expect(second).toMatch(/harden/i);
    expect(second).not.toMatch(/\bEC\b|lettuce|Butterhead/i);
  });

  it("carries the plant into a follow-up that names none", async () => {
    const [, second] = await converse(
      portland,
      "How far apart should I plant carrots?",
      "and how deep do I sow them?",
    );
    expect(second).toMatch(/carrot/i);
    expect(second).toMatch(/\d+(\.\d+)? ?(cm|mm)/);
  });

  it("never gives the same reply twice in a row", async () => {
    const [first, second] = await converse(
      portland,
      "How often should I water tomatoes in pots?",
      "How often should I water tomatoes in pots?",
    );
    expect(second).not.toBe(first);
    expect(second).toMatch(/^That is all my notes say on it/);
  });

  it("says an emergency again, as often as it is asked", async () => {
    const [first, second] = await converse(
      portland,
      "my toddler just ate a foxglove leaf",
      "my toddler just ate a foxglove leaf",
    );
    expect(first).toMatch(/^Call /);
    expect(second).toBe(first);
  });

  it("answers both asks of a two-part question", async () => {
    const [reply] = await converse(portland, "How deep do I sow carrots and when do they come up?");
    expect(reply).toMatch(/\d+(\.\d+)? ?(cm|mm)/);
    expect(reply).toMatch(/\d+\s*(–|-|to)\s*\d+ days|weeks?/);
  });
});

describe("a gardener in Melbourne with no forecast", () => {
  const tomato = gardenPlant({
    id: "t1",
    name: "Tomatoes",
    cropSlug: "tomato",
    cropName: "Tomato",
    medium: "soil",
    place: "outdoor",
    lights: "sun",
  });
  const melbourne = gardenerContext({
    today: "2026-12-10",
    location: "Melbourne, Victoria, Australia",
    place: {
      name: "Melbourne",
      admin1: "Victoria",
      country: "Australia",
      countryCode: "AU",
      latitude: -37.81,
      longitude: 144.96,
      timeZone: "Australia/Melbourne",
    },
    plants: [tomato],
    weather: null,
  });

  it("plans what to plant now for the southern summer", async () => {
    const [reply] = await converse(melbourne, "what can I plant now?");
    expect(reply).toMatch(/^(Hi \w+,\s+)?For summer/);
    expect(reply).not.toMatch(/winter/i);
  });

  it("waters the tomatoes for summer, not winter", async () => {
    const [reply] = await converse(melbourne, "how often should I water my tomatoes?");
    expect(reply).not.toMatch(/nothing to water in winter/);
  });

  it("gives the seasons' months where you are", async () => {
    const [reply] = await converse(melbourne, "when should I plant garlic?");
    expect(reply).toMatch(/autumn \(March–May where you are\)/);
  });

  it("gives Australia's emergency and poison numbers", async () => {
    const [reply] = await converse(melbourne, "my toddler just ate a foxglove leaf");
    expect(reply).toMatch(/^Call 000 now, or the Poisons Information Centre on 13 11 26\./);
  });

  it("has no USDA zone, and says which hemisphere and season it is", async () => {
    const [reply] = await converse(melbourne, "what zone am I in?");
    expect(reply).toContain("Melbourne, Victoria, Australia has none");
    expect(reply).toContain("southern hemisphere, where it is summer now");
  });
});

describe("safety, whichever path answers", () => {
  it("calls for help first when a child has chewed a poisonous plant", async () => {
    const [reply] = await converse(portland, "my little girl has been chewing the foxglove leaves");
    expect(reply).toMatch(/^Call your local emergency number now/);
  });

  it("leads with the vet line when a dog ate bulbs, even where a bulb note answers", async () => {
    const [reply] = await converse(portland, "the dog dug up and ate some of my tulip bulbs");
    expect(reply).toMatch(/^If your pet has eaten some, call your vet/);
  });
});
