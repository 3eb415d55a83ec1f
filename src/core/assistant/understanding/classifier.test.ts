import { describe, expect, it } from "vitest";
import { scores, train } from "./classifier";
import { crossValidate } from "./cross-validation";
import { featuresOf, normalise } from "./features";
import { readLabels } from "./reading";

const rows = [
  ...[
    "how often should i water",
    "how often do i feed",
    "how frequently to mist",
    "water every day?",
  ].map((text) => ({ text, labels: ["how-often"] })),
  ...["how much water", "how much feed does it need", "how deep do i sow", "how far apart"].map(
    (text) => ({ text, labels: ["how-much"] }),
  ),
  ...["when do i sow", "when should i prune", "what month to plant out", "when to pick"].map(
    (text) => ({ text, labels: ["when"] }),
  ),
];

describe("features", () => {
  it("reads apostrophes and punctuation alike", () => {
    expect(normalise("What's wrong?!")).toBe(normalise("whats wrong"));
  });

  it("gives words, word pairs, opening words and letter runs", () => {
    const features = featuresOf("How often");
    expect(features).toEqual(
      expect.arrayContaining(["w:how", "w:often", "b:how often", "f:how often", "c:<ho", "short"]),
    );
  });
});

describe("classifier", () => {
  it("learns what a kind of question looks like and reads a new phrasing", () => {
    const model = train(rows);
    expect(scores(model, "how often do i need to water it")[0]?.label).toBe("how-often");
    expect(scores(model, "how much compost")[0]?.label).toBe("how-much");
    expect(scores(model, "when is the best time to sow")[0]?.label).toBe("when");
  });

  it("trains the same model twice from the same rows", () => {
    expect(train(rows).weights).toEqual(train(rows).weights);
  });

  it("shares a two-label row's probability between its labels", () => {
    const model = train([
      ...rows,
      { text: "how often and how much water", labels: ["how-often", "how-much"] },
      { text: "how often and how much feed", labels: ["how-often", "how-much"] },
    ]);
    const ranked = scores(model, "How often, and how much water?");
    expect(readLabels(ranked, { type: "share", threshold: 0.3 }).sort()).toEqual([
      "how-much",
      "how-often",
    ]);
  });

  it("cross-validates every row with a model that never saw it", () => {
    const score = crossValidate(rows, { type: "top" }, 4);
    expect(score.labels.map((label) => label.support)).toEqual([4, 4, 4]);
    expect(score.accuracy).toBeGreaterThan(0.5);
  });
});

describe("readLabels", () => {
  const ranked = [
    { label: "none", p: 0.6 },
    { label: "emergency", p: 0.35 },
    { label: "legal", p: 0.05 },
  ];

  it("answers a positive as soon as it passes the threshold, though the negative is likelier", () => {
    expect(readLabels(ranked, { type: "unless", negative: "none", threshold: 0.3 })).toEqual([
      "emergency",
    ]);
    expect(readLabels(ranked, { type: "unless", negative: "none", threshold: 0.4 })).toEqual([
      "none",
    ]);
  });

  it("takes the likeliest for a single answer", () => {
    expect(readLabels(ranked, { type: "top" })).toEqual(["none"]);
  });
});
