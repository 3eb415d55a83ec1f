import { describe, expect, it } from "vitest";
import { catalogue } from "../../../features/catalogue/catalogue-read-model";
import { knowledgeBase } from "./knowledge-base";
import { parseEntry } from "./parse-entry";

const CARE_SECTIONS = [
  "Sun",
  "Water",
  "Spacing",
  "Soil and pH",
  "Feeding",
  "Common problems",
  "Harvest",
];

describe("the bundled knowledge base", () => {
  const kb = knowledgeBase();

  it("has a care sheet with the seven sections, in order, for every catalogue crop", () => {
    for (const crop of catalogue().crops) {
      const entry = kb.entry("crop", crop.slug);
      expect(entry, `data/knowledge/crops/${crop.slug}.md`).toBeDefined();
      expect(entry?.title).toBe(crop.name);
      expect(
        entry?.sections.map((s) => s.heading),
        crop.slug,
      ).toEqual(CARE_SECTIONS);
    }
  });

  it("has at least 40 topic notes of 3 to 6 sections", () => {
    const topics = kb.entries.filter((e) => e.kind === "topic");
    expect(topics.length).toBeGreaterThanOrEqual(40);
    for (const topic of topics) {
      expect(topic.sections.length, topic.slug).toBeGreaterThanOrEqual(3);
      expect(topic.sections.length, topic.slug).toBeLessThanOrEqual(6);
    }
  });

  it("finds by stems and synonyms: 'cilantro', 'fertilising peppers'", () => {
    const sun = kb.search("how much sun does cilantro need", { kind: "crop", limit: 1 })[0];
    expect(sun?.ref).toBe("crops/coriander#sun");
    const feed = kb.search("fertilising peppers", { cropSlug: "bell-pepper", limit: 1 })[0];
    expect(feed?.ref).toBe("crops/bell-pepper#feeding");
  });

  it("weighs coverage by how telling the words are: the rare names count most", () => {
    const [best] = kb.search("got a juniper bonsai as a present, where in the house should it go", {
      kind: "topic",
    });
    expect(best?.slug).toBe("bonsai");
    expect(best?.weightedCoverage ?? 0).toBeGreaterThanOrEqual(0.5);
  });

  it("scores a question it does not cover as not covered", () => {
    const [best] = kb.search("recipe for chocolate cake");
    expect(best?.coverage ?? 0).toBeLessThan(0.34);
    expect(best?.weightedCoverage ?? 0).toBeLessThan(0.5);
  });
});

describe("parseEntry", () => {
  it("reads title, keywords and sections", () => {
    const entry = parseEntry(
      "topic",
      "mulch",
      "---\ntitle: Mulching\nkeywords: mulch, bark\n---\n## Why\nMulch keeps soil moist.\n## How\nSpread 5 cm.\n",
    );
    expect(entry).toEqual({
      kind: "topic",
      slug: "mulch",
      title: "Mulching",
      keywords: ["mulch", "bark"],
      sections: [
        { heading: "Why", text: "Mulch keeps soil moist." },
        { heading: "How", text: "Spread 5 cm." },
      ],
    });
  });

  it("refuses a file without front matter, title or sections", () => {
    expect(() => parseEntry("topic", "x", "## Why\ntext")).toThrow(/front matter/);
    expect(() => parseEntry("topic", "x", "---\nkeywords: a\n---\n## Why\ntext")).toThrow(/title/);
    expect(() => parseEntry("topic", "x", "---\ntitle: X\n---\nno sections")).toThrow(/sections/);
  });
});
