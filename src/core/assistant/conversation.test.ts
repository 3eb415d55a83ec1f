import { describe, expect, it } from "vitest";
import { resolveConversation } from "./conversation";
import { understand, type Vocabulary } from "./understand";

const CROPS: [string, RegExp][] = [
  ["monstera", /\bmonsteras?\b/],
  ["lettuce", /\blettuces?\b/],
  ["basil", /\bbasil\b/],
  ["carrot", /\bcarrots?\b/],
  ["tomato", /\btomato(es)?\b/],
];
const vocabulary: Vocabulary = {
  cropsIn: (text) => CROPS.filter(([, p]) => p.test(text.toLowerCase())).map(([slug]) => slug),
  ownPlantsIn: () => [],
  withoutPlants: (text) =>
    CROPS.reduce((t, [, p]) => t.replace(new RegExp(p, "g"), " "), text.toLowerCase()),
};
const resolve = (...messages: string[]) =>
  resolveConversation(messages, (message) => understand(message, vocabulary));

describe("follow-ups resolved against the chat", () => {
  it("'and in winter?' keeps the plant and the ask and adds the season", () => {
    const state = resolve("How often should I water my monstera?", "And in winter?");
    expect(state).toMatchObject({
      crops: ["monstera"],
      parts: [{ aspects: ["water"] }],
      conditions: { season: "winter" },
    });
  });

  it("'what about basil?' swaps the plant and keeps the ask and the situation", () => {
    const state = resolve("what pH and EC for hydroponic lettuce?", "what about basil?");
    expect(state).toMatchObject({
      crops: ["basil"],
      parts: [{ aspects: ["hydroponics"] }],
      conditions: { medium: "hydroponics" },
    });
  });

  it("'can I grow them in pots?' keeps the plant and asks about containers", () => {
    const state = resolve("When do I sow carrots?", "Can I grow them in pots?");
    expect(state).toMatchObject({ crops: ["carrot"], parts: [{ aspects: ["containers"] }] });
  });

  it("'how deep?' keeps the plant and the ask with its own kind", () => {
    const state = resolve("When do I sow carrots?", "how deep?");
    expect(state).toMatchObject({
      crops: ["carrot"],
      parts: [{ aspects: ["sowing"], kind: "how-much" }],
    });
  });

  it("'and the lettuce?' asks the same of another plant", () => {
    const state = resolve("when do I sow tomatoes", "and the lettuce?");
    expect(state).toMatchObject({ crops: ["lettuce"], parts: [{ aspects: ["sowing"] }] });
  });

  it("a new question with its own plant and ask starts afresh", () => {
    const state = resolve("how often do I water my monstera in winter?", "when do I sow tomatoes?");
    expect(state).toMatchObject({ crops: ["tomato"], parts: [{ aspects: ["sowing"] }] });
    expect(state?.conditions).toEqual({});
  });

  it("'how often in winter?' after a care question asks about watering", () => {
    const state = resolve("how do I look after a monstera?", "And how often in winter?");
    expect(state).toMatchObject({
      crops: ["monstera"],
      parts: [{ aspects: ["water"], kind: "how-often" }],
      conditions: { season: "winter" },
    });
  });
});

describe("a new subject starts a new topic", () => {
  it("a whole general question after a plant's is not about that plant", () => {
    const state = resolve(
      "What EC should my hydroponic lettuce have?",
      "How do I harden off seedlings before planting them out?",
    );
    expect(state?.crops).toEqual([]);
    expect(state?.parts[0]?.aspects).toContain("planting-out");
    // The lettuce's hydroponic setup is not carried into a general question either.
    expect(state?.conditions.medium).toBeUndefined();
  });

  it("a question that points back ('them') stays with the plant", () => {
    const state = resolve("How often should I water my basil?", "What soil should I grow them in?");
    expect(state?.crops).toEqual(["basil"]);
    expect(state?.parts[0]?.aspects).toEqual(["soil"]);
  });

  it("a frost question after a tomato question is a general one", () => {
    const state = resolve(
      "When do I plant out tomatoes?",
      "There's a frost forecast tonight, how do I protect the beds?",
    );
    expect(state?.crops).toEqual([]);
  });
});
