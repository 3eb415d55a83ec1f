import { describe, expect, it } from "vitest";
import {
  aspectsIn,
  conditionsIn,
  kindOf,
  partsOf,
  understand,
  type Vocabulary,
} from "./understand";

/** A small vocabulary: a few crops by name, the gardener's plant "Big Tom" (a tomato). */
const CROPS: [string, RegExp][] = [
  ["sunflower", /\bsunflowers?\b/],
  ["tomato", /\btomato(es)?\b/],
  ["basil", /\bbasil\b/],
  ["lettuce", /\blettuces?\b/],
  ["monstera", /\bmonsteras?\b/],
  ["carrot", /\bcarrots?\b/],
  ["lime", /\blimes?\b/],
];
const vocabulary: Vocabulary = {
  cropsIn: (text) => CROPS.filter(([, p]) => p.test(text.toLowerCase())).map(([slug]) => slug),
  ownPlantsIn: (text, crops) =>
    /big tom/i.test(text) || crops.includes("tomato") ? ["plant-1"] : [],
  withoutPlants: (text) =>
    CROPS.reduce((t, [, p]) => t.replace(new RegExp(p, "g"), " "), text.toLowerCase()),
};

describe("question understanding", () => {
  it("finds the plants: catalogue crops and the gardener's own by name", () => {
    expect(understand("How often should I water my monstera?", vocabulary).crops).toEqual([
      "monstera",
    ]);
    const own = understand("how is Big Tom doing?", vocabulary);
    expect(own.crops).toEqual([]);
    expect(own.ownPlantIds).toEqual(["plant-1"]);
  });

  it("finds the aspects asked, in their own words", () => {
    expect(aspectsIn("how often should i water it")).toEqual(["water"]);
    expect(aspectsIn("what ec and ph for my dwc lettuce")).toEqual(["hydroponics"]);
    expect(aspectsIn("how far apart do I plant them")).toEqual(["spacing"]);
    expect(aspectsIn("how warm does the soil need to be before I plant them out")).toEqual([
      "planting-out",
      "temperature",
    ]);
    expect(aspectsIn("when do I pinch out the side shoots")).toEqual(["pruning"]);
    expect(aspectsIn("can I take cuttings")).toEqual(["propagation"]);
    expect(aspectsIn("what grows well next to beans")).toEqual(["companions"]);
    expect(aspectsIn("how many hours under my grow light")).toEqual(["grow-light"]);
    expect(aspectsIn("what size pot does it need")).toEqual(["containers"]);
    expect(aspectsIn("is it toxic to cats")).toEqual(["toxicity"]);
    expect(aspectsIn("when is it ready to pick")).toEqual(["harvest"]);
    expect(aspectsIn("best way to store apples over winter")).toEqual(["harvest"]);
    expect(aspectsIn("how do i keep my fig alive over winter")).toEqual(["overwintering"]);
    expect(aspectsIn("how do i save seeds from my tomatoes")).toEqual(["propagation"]);
    expect(aspectsIn("when do i sow tomato seeds")).toEqual(["sowing"]);
    // "Cutting" spears is harvest; a cutting is propagation.
    expect(aspectsIn("how long can i keep cutting asparagus spears")).not.toContain("propagation");
    expect(aspectsIn("can i take a cutting from my rosemary")).toEqual(["propagation"]);
  });

  it("reads 'how do I keep it flowering' as that ask, not care in general", () => {
    expect(understand("how do i keep my cosmos flowering all summer", vocabulary).care).toBe(false);
    expect(understand("how do i keep my monstera happy", vocabulary).care).toBe(true);
    expect(understand("how do I look after basil", vocabulary).care).toBe(true);
  });

  it("does not read plant names as asks: sunflower holds no sun, lime no liming", () => {
    expect(understand("when can I sow sunflowers?", vocabulary).parts[0]?.aspects).toEqual([
      "sowing",
    ]);
    expect(understand("how often do I water a lime tree", vocabulary).parts[0]?.aspects).toEqual([
      "water",
    ]);
  });

  it("reads the conditions: season, medium, indoors, LEDs, pots", () => {
    expect(conditionsIn("and in winter?")).toEqual({ season: "winter" });
    expect(conditionsIn("my hydroponic basil under LEDs")).toMatchObject({
      medium: "hydroponics",
      lights: "led",
    });
    expect(conditionsIn("coco coir tomatoes in pots on the balcony")).toMatchObject({
      medium: "cocopeat",
      container: true,
    });
    expect(conditionsIn("basil on my kitchen windowsill")).toMatchObject({ place: "indoor" });
  });

  it("reads the kind of question", () => {
    expect(kindOf("How often should I feed it?")).toBe("how-often");
    expect(kindOf("how deep do I sow carrots")).toBe("how-much");
    expect(kindOf("when do I plant garlic")).toBe("when");
    expect(kindOf("how do I know my melon is ripe?")).toBe("when");
    expect(kindOf("why are the leaves curling")).toBe("why");
    expect(kindOf("can I grow it in a pot?")).toBe("can-i");
    // Typed without the apostrophe.
    expect(kindOf("ph keeps dropping, whats causing it")).toBe("why");
    expect(kindOf("whats wrong with my basil")).toBe("why");
    expect(kindOf("whens the best time to cut a beech hedge")).toBe("when");
    expect(aspectsIn("my tomatoes keep splitting just as theyre ripening")).toEqual([]);
  });

  it("does not read 'just as they ripen' beside a symptom as a harvest question", () => {
    expect(aspectsIn("why are my tomatoes splitting just as they ripen")).toEqual([]);
    expect(aspectsIn("when are my tomatoes ripe")).toEqual(["harvest"]);
  });

  it("splits a question with two asks into two parts", () => {
    // Each part keeps its own words, so each is answered by the facts that match it.
    expect(partsOf("When do I sow carrots and how deep?")).toEqual([
      { aspects: ["sowing"], kind: "when", text: "when do i sow carrots" },
      { aspects: ["sowing"], kind: "how-much", text: "how deep" },
    ]);
    expect(partsOf("How often do I water basil? And what about feeding?")).toEqual([
      { aspects: ["water"], kind: "how-often", text: "how often do i water basil" },
      { aspects: ["feeding"], kind: "what", text: "what about feeding" },
    ]);
    // A leading "when and…" asks about what follows it.
    expect(partsOf("when and how deep do i plant gladioli corms")).toEqual([
      { aspects: ["sowing"], kind: "when", text: "when" },
      { aspects: ["sowing"], kind: "how-much", text: "how deep do i plant gladioli corms" },
    ]);
    expect(partsOf("how often do I water basil")).toEqual([
      { aspects: ["water"], kind: "how-often" },
    ]);
  });

  it("knows a question about the gardener's own garden from a general one", () => {
    expect(understand("What do I need to do in the garden this week?", vocabulary).garden).toBe(
      "tasks",
    );
    expect(understand("how is my tomato doing?", vocabulary).garden).toBe("status");
    expect(understand("when will my tomato be ready?", vocabulary).garden).toBe("ready-when");
    expect(understand("what can I plant now?", vocabulary).garden).toBe("plant-now");
    expect(understand("what do I do with my carrots over winter?", vocabulary).garden).toBeNull();
    expect(understand("what do I need to do today?", vocabulary).garden).toBe("today");
    expect(
      understand("frost forecast tonight, how do i protect my veg", vocabulary).garden,
    ).toBeNull();
  });
});
