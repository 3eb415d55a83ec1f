import { describe, expect, it } from "vitest";
import { localizeUnits } from "./units-text";

const us = (text: string) => localizeUnits(text, "F");

describe("localizeUnits for a °C gardener", () => {
  it("keeps text as written, metric with the imperial in brackets", () => {
    for (const text of [
      "Mulch 5–7 cm deep.",
      "Sow 1 cm (1/2 in) deep at 21 °C (70 °F).",
      "Wind 12 km/h, 2 L a day.",
    ]) {
      expect(localizeUnits(text, "C")).toBe(text);
    }
  });
});

describe("localizeUnits for a °F gardener: lengths", () => {
  it.each([
    ["Mulch 5–7 cm deep", "Mulch 2–3 in deep"],
    ["Space them 30 cm apart", "Space them 12 in apart"],
    ["top 2–3 cm of soil", "top ¾–1 in of soil"],
    ["about 2.5 cm of water a week", "about 1 in of water a week"],
    ["Plant clumps 20 cm apart", "Plant clumps 8 in apart"],
    ["at 5–10 cm deep", "at 2–4 in deep"],
    ["pinch out the tips at about 10 cm", "pinch out the tips at about 4 in"],
    ["thin to one seedling every 10 cm.", "thin to one seedling every 4 in."],
    ["Sow 2 cm deep", "Sow ¾ in deep"],
  ])("%s → %s", (metric, imperial) => {
    expect(us(metric)).toBe(imperial);
  });

  it("rounds under an inch to quarters, and never shows a length as nothing", () => {
    expect(us("0.5 cm")).toBe("¼ in");
    expect(us("1 cm")).toBe("½ in");
    expect(us("18 mm")).toBe("¾ in");
    expect(us("5 mm")).toBe("¼ in");
    expect(us("1–2 mm")).toBe("⅛ in");
    expect(us("0 cm")).toBe("0 in");
  });

  it("rounds to halves from 1 in to 3 in and to whole inches above", () => {
    // 2.54 cm is 1 in; 3.8 cm is 1.50 in; 6.3 cm is 2.48 in; 7 cm is 2.76 in; 8 cm is 3.15 in.
    expect(us("2.54 cm")).toBe("1 in");
    expect(us("3.8 cm")).toBe("1½ in");
    expect(us("6.3 cm")).toBe("2½ in");
    expect(us("7 cm")).toBe("3 in");
    expect(us("8 cm")).toBe("3 in");
    expect(us("45 cm")).toBe("18 in");
  });

  it("turns to feet from 35 in, one unit for both ends of a range", () => {
    // 88 cm is 34.6 in; 89 cm is 35.0 in.
    expect(us("88 cm")).toBe("35 in");
    expect(us("89 cm")).toBe("3 ft");
    expect(us("60–120 cm")).toBe("2–4 ft");
    expect(us("30–60 cm")).toBe("12–24 in");
    expect(us("1.5 m tall")).toBe("5 ft tall");
    expect(us("0.5 m")).toBe("20 in");
    expect(us("2.5 m")).toBe("8 ft");
  });

  it("says one figure when both ends of a range round alike", () => {
    expect(us("Sow 1–1.5 cm deep")).toBe("Sow ½ in deep");
  });

  it("tells m from mm, cm and km, and km from km/h", () => {
    expect(us("2 m, 2 mm, 2 cm, 2 km, 20 km/h")).toBe("7 ft, ⅛ in, ¾ in, 1 mi, 12 mph");
  });

  it("converts areas", () => {
    expect(us("a bed of 2 m²")).toBe("a bed of 22 sq ft");
  });
});

describe("localizeUnits for a °F gardener: temperatures", () => {
  it.each([
    ["Sow once the soil is at least 16 °C", "Sow once the soil is at least 61 °F"],
    ["keep it at 18–22 °C", "keep it at 64–72 °F"],
    ["between 18 and 24 °C", "between 64 and 75 °F"],
    ["from 10 to 15 °C", "from 50 to 59 °F"],
    ["Keep above −2 °C.", "Keep above 28 °F."],
    ["below -20 °C", "below -4 °F"],
    ["below −20 °C", "below −4 °F"],
    ["at 0°C", "at 32 °F"],
    ["38.4 °C", "101 °F"],
  ])("%s → %s", (metric, imperial) => {
    expect(us(metric)).toBe(imperial);
  });
});

describe("localizeUnits for a °F gardener: volumes and speeds", () => {
  it.each([
    ["2 L a day", "2 qt a day"],
    ["1 litre", "1 qt"],
    ["a 20 L pot", "a 5 gal pot"],
    ["10 litres", "2½ gal"],
    ["500 ml", "17 fl oz"],
    ["5 ml", "1 tsp"],
    ["1 ml", "¼ tsp"],
    ["15 ml", "1 tbsp"],
    ["1,000 ml", "1 qt"],
    ["Wind 30 km/h", "Wind 19 mph"],
  ])("%s → %s", (metric, imperial) => {
    expect(us(metric)).toBe(imperial);
  });
});

describe("localizeUnits for a °F gardener: the knowledge base's pairs", () => {
  it("keeps the imperial side of each metric (imperial) pair", () => {
    expect(us("Sow 1 cm (1/2 in) deep at 21–27 °C (70–80 °F).")).toBe(
      "Sow 1/2 in deep at 70–80 °F.",
    );
    expect(us("A pot of 20 L (5 US gal), 30 cm (12 in) deep.")).toBe(
      "A pot of 5 US gal, 12 in deep.",
    );
    expect(us("Canes 1.5–2 m (5–7 ft) tall.")).toBe("Canes 5–7 ft tall.");
    expect(us("Sow 5 mm (¼ in) deep.")).toBe("Sow ¼ in deep.");
  });

  it("keeps a rate whole: the imperial side says per what, or the metric's 'per' stays", () => {
    expect(us("around 5 L per square metre (1 US gal per 10 sq ft) each week")).toBe(
      "around 1 US gal per 10 sq ft each week",
    );
    expect(us("300–400 g/m² (6–8 lb per 100 sq ft) on sand")).toBe("6–8 lb per 100 sq ft on sand");
    expect(us("2 L per plant (2 qt) a day")).toBe("2 qt per plant a day");
    expect(us("100–150 W per square metre (10–15 W per sq ft) for greens")).toBe(
      "10–15 W per sq ft for greens",
    );
  });

  it("leaves brackets that are not a US measure, and converts the metric before them", () => {
    expect(us("Use 1.2–2.0 mS/cm (600–1,000 ppm) and 60 cm (the width of a bed).")).toBe(
      "Use 1.2–2.0 mS/cm (600–1,000 ppm) and 24 in (the width of a bed).",
    );
  });
});

describe("localizeUnits for a °F gardener: lengths in words", () => {
  it.each([
    ["let the top few centimetres dry", "let the top inch or two dry"],
    ["Stand them in a few centimetres of water", "Stand them in an inch or two of water"],
    ["dry several centimetres down", "dry a few inches down"],
    ["a metre or two from a window", "a few feet from a window"],
    ["Spores travel many kilometres", "Spores travel many miles"],
  ])("%s → %s", (metric, imperial) => {
    expect(us(metric)).toBe(imperial);
  });
});

describe("localizeUnits leaves what is not a metric quantity", () => {
  it.each([
    "Plant 3 Lettuce, 2 melons and 5 mint",
    "Feed at 1.2–2.0 mS/cm",
    "A 10 m³ tank",
    "Zone 7b, 14 days, 100 W per square metre",
    "Sow in A4cm trays",
    "It is 70 °F already",
  ])("%s", (text) => {
    expect(us(text)).toBe(text);
  });

  it("is the same when applied twice", () => {
    const once = us("Mulch 5–7 cm deep; keep at 18 °C (64 °F) and give 2 L.");
    expect(once).toBe("Mulch 2–3 in deep; keep at 64 °F and give 2 qt.");
    expect(us(once)).toBe(once);
  });
});
