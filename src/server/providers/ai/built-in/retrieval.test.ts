import { describe, expect, it } from "vitest";
import { gardenerContext, gardenPlant } from "../../../../../tests/support/gardener-context";
import { catalogue } from "../../../features/catalogue/catalogue-read-model";
import type { ChatTurn } from "../assistant";
import { factStore } from "../knowledge/fact-store";
import { knowledgeBase } from "../knowledge/knowledge-base";
import { BuiltInAssistant } from "./built-in-assistant";

/** A gardener with no plants and no forecast: answers come from the notes and facts alone. */
const context = gardenerContext({ today: "2026-05-06", displayName: "Ivy" });

const assistant = new BuiltInAssistant(knowledgeBase(), catalogue(), factStore());

/** Asks each message in turn in one chat, and returns every reply. */
async function conversation(...messages: string[]) {
  const history: ChatTurn[] = [];
  const replies = [];
  for (const message of messages) {
    const reply = await assistant.chat({ message, history: [...history], context, actions: null });
    replies.push(reply);
    history.push({ role: "user", content: message }, { role: "assistant", content: reply.text });
  }
  return replies;
}
const ask = (message: string) => assistant.chat({ message, history: [], context, actions: null });

describe("choosing what answers a question", () => {
  it("answers from the section whose heading names what is asked ('how thick')", async () => {
    const reply = await ask("how thick should i spread mulch on my veggie beds");
    expect(reply.text).toMatch(/5–8 cm \(2–3 in\)/);
    expect(reply.sources[0]?.ref).toBe("topics/mulching#how-thick-to-mulch");
  });

  it("gives a described problem its cure, not only its name", async () => {
    const reply = await ask(
      "seedlings keep keeling over at soil level and dying, stems look pinched",
    );
    expect(reply.text).toMatch(/damping off/i);
    expect(reply.sources.some((s) => /damping-off#(what-to-do|prevent)/.test(s.ref))).toBe(true);
  });

  it("answers 'how much?' after a watering question with an amount, not the same advice", async () => {
    const [first, second] = await conversation(
      "should i water the garden in the morning or the evening?",
      "how much?",
    );
    expect(first?.text).toMatch(/morning/i);
    expect(second?.text).toMatch(/\d(\.\d)? cm/);
    expect(second?.text).not.toBe(first?.text);
  });

  it("answers 'why?' with something the chat has not said yet", async () => {
    const [first, second] = await conversation(
      "should i let my rhubarb flower? its sent up a huge stalk",
      "why's that?",
    );
    expect(second?.text).toMatch(/rhubarb/i);
    expect(second?.text).not.toContain(first?.text ?? "");
  });

  it("weighs the rare words of a question: pH and EC for lettuce in NFT both answered", async () => {
    const reply = await ask("what ph and ec for lettuce in my nft system");
    expect(reply.text).toMatch(/pH 5\.\d/);
    expect(reply.text).toMatch(/EC (of )?\d/);
  });

  it("lets a fact filed under another aspect lead when it holds more of the question", async () => {
    // The question reads as one on hydroponics; the answer is the lettuce's tipburn fact.
    const reply = await ask(
      "the inner leaves of my nft lettuce have brown crispy edges but the outer ones are fine",
    );
    expect(reply.text).toMatch(/^Lettuce with brown, crispy edges .* tipburn/);
  });

  it("answers how to store a crop from its storing fact", async () => {
    const reply = await ask("just dug up my maincrop spuds, how should i store them");
    expect(reply.text).toMatch(/dark/i);
  });

  it("answers a plant outside the catalogue from the note on what is asked", async () => {
    const reply = await ask("how do i prune an old overgrown blackcurrant bush");
    expect(reply.text).not.toMatch(/I can only help with gardening/);
    expect(reply.sources.some((s) => s.ref.startsWith("topics/"))).toBe(true);
  });

  it("does not read a frost warning for tonight as a question about today's tasks", async () => {
    const reply = await ask("frost forecast tonight, how do i protect my veg");
    expect(reply.text).toMatch(/fleece/i);
    expect(reply.text).not.toMatch(/Overdue|Today \(/);
  });

  it("says yes to 'can I grow…' when the fact says it can, and only then", async () => {
    expect((await ask("can i grow pothos in just water?")).text).toMatch(/^Yes: /);
    expect((await ask("what water should i use on my blueberries in pots")).text).not.toMatch(
      /Yes: /,
    );
  });

  it("answers a variety the plant's facts never name from the note that does", async () => {
    const reply = await ask("do i need to prune my hydrangea paniculata");
    expect(reply.text).toMatch(/paniculata/);
    expect(reply.text).not.toMatch(/bigleaf/);
  });
  it("answers how to pollinate a tomato still growing leaves (a stage ahead is no contradiction)", async () => {
    const withTomato = gardenerContext({ plants: [gardenPlant({ place: "indoor" })] });
    const reply = await assistant.chat({
      message: "how do i pollinate my tomato indoors",
      history: [],
      context: withTomato,
      actions: null,
    });
    expect(reply.text).toMatch(/toothbrush|tap the flower/i);
  });

  it("answers 'won't flower: how do I get it to rebloom?' with the fix, not the symptom", async () => {
    const reply = await ask("my moth orchid won't flower again, how do i get it to rebloom");
    expect(reply.text).toMatch(/cooler nights/);
    expect(reply.text).not.toMatch(/^Dark green, floppy/);
  });
  it("diagnoses from the note on the problem when it describes the symptom far better", async () => {
    const reply = await ask(
      "little brown bumps stuck along the stems of my ficus and the leaves underneath are sticky",
    );
    expect(reply.text).toMatch(/scale insects/);
  });

  it("answers 'whats causing it' with causes", async () => {
    const reply = await ask(
      "my reservoir ph keeps dropping every couple of days, whats causing it",
    );
    expect(reply.text).toMatch(/ammonium|rotting roots/);
  });
  it("answers what is asked before the condition it is asked in (tap water, in pots)", async () => {
    const reply = await ask("is it ok to water my potted blueberries with tap water");
    expect(reply.text).toMatch(/^Water blueberry bushes with rainwater/);
  });
});
