import { describe, expect, it } from "vitest";
import { catalogue } from "../../../features/catalogue/catalogue-read-model";
import { knowledgeBase } from "../knowledge/knowledge-base";
import { analyzeFromKnowledge } from "./issue-analysis";

const knowledge = knowledgeBase();
const crops = catalogue();

const analyse = (description: string, cropSlug: string | null = null) =>
  analyzeFromKnowledge(
    knowledge,
    description,
    cropSlug ? (crops.bySlug(cropSlug) ?? null) : null,
    cropSlug,
  );

const causeNamed = (description: string, name: RegExp, cropSlug: string | null = null) => {
  const cause = analyse(description, cropSlug).causes.find((c) => name.test(c.name));
  expect(cause, `${name} among the causes of "${description}"`).toBeDefined();
  return cause as NonNullable<typeof cause>;
};

describe("built-in issue analysis", () => {
  it("gives magnesium deficiency its own remedy (Epsom salt), not potassium's", () => {
    const cause = causeNamed("new leaves are pale yellow between the veins", /^Magnesium/);
    expect(cause.actions.join(" ")).toMatch(/Epsom salt/);
    expect(cause.actions.join(" ")).not.toMatch(/potash/i);
  });

  it("gives a cause named in other words the remedy of its note (nitrogen shortage → feed)", () => {
    const cause = causeNamed("the lower leaves are turning yellow", /^Nitrogen/, "tomato");
    expect(cause.actions.join(" ")).toMatch(/nitrogen/i);
  });

  it("explains a cause a symptom guide names with the sentence that names it", () => {
    const cause = causeNamed("leaves yellow and soil is always wet", /^Overwatering or root rot$/);
    expect(cause.why).toMatch(/point to overwatering or root rot/);
    // The naming sentence is the why, so the actions say something else.
    for (const action of cause.actions) expect(action).not.toBe(cause.why);
  });

  it("takes the cause from the clause that holds the symptoms", () => {
    // "Fine pale speckling with webbing means spider mites, and sticky yellowing leaves mean
    // aphids…": sticky leaves are not spider mites.
    const { causes } = analyse("leaves curling and sticky");
    expect(causes[0]?.name).toBe("Aphids");
    expect(causes.map((c) => c.name)).not.toContain("Spider mites");
  });

  it("names no cause from what a guide says to do or what causes it", () => {
    const names = [
      ...analyse("leaves wilting in the afternoon even though soil is moist", "tomato").causes,
      ...analyse("new leaves are pale yellow between the veins").causes,
    ].map((c) => c.name);
    for (const name of names) expect(name).not.toMatch(/^(Avoiding|Caused by|Keeping)\b/i);
  });

  it("lists one cause once, however its notes word it", () => {
    const names = analyse("the lower leaves are turning yellow", "tomato").causes.map((c) =>
      c.name.toLowerCase(),
    );
    expect(names.filter((name) => name.includes("early blight"))).toHaveLength(1);
  });
});
