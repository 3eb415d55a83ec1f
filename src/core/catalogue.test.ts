import { describe, expect, it } from "vitest";
import catalogue from "../../data/crops/catalogue.json";
import suggestions from "../../data/crops/suggestions.json";
import { cropSchema, cropSuggestionsSchema, stageNameValues } from "./schemas/crop";

// Checks run on the raw JSON as well as through the schema, so each one can fail on its own and
// name the offending slug.
type Range = { min: number; max: number };

const minimumPerCategory: Record<string, number> = {
  vegetable: 55,
  herb: 25,
  fruit: 20,
  flower: 25,
  houseplant: 20,
};

const midpoint = (r: Range) => (r.min + r.max) / 2;
const within = (r: Range, lo: number, hi: number) => r.min >= lo && r.max <= hi;
const offenders = (test: (crop: (typeof catalogue)[number]) => boolean) =>
  catalogue.filter((crop) => !test(crop)).map((crop) => crop.slug);

describe("crop catalogue", () => {
  it("parses every entry with the schema", () => {
    const failures = catalogue.flatMap((crop) => {
      const result = cropSchema.safeParse(crop);
      if (result.success) return [];
      const issues = result.error.issues.map((i) => `${i.path.join(".")} ${i.message}`);
      return [`${crop.slug}: ${issues.join("; ")}`];
    });
    expect(failures).toEqual([]);
  });

  it("has unique kebab-case slugs", () => {
    const slugs = catalogue.map((crop) => crop.slug);
    expect(slugs.filter((slug, i) => slugs.indexOf(slug) !== i)).toEqual([]);
    expect(slugs.filter((slug) => !/^[a-z0-9]+(-[a-z0-9]+)*$/.test(slug))).toEqual([]);
  });

  it("has names that are unique ignoring case", () => {
    const names = catalogue.map((crop) => crop.name.toLowerCase());
    expect(names.filter((name, i) => names.indexOf(name) !== i)).toEqual([]);
  });

  it("has at least 150 entries and enough of each category", () => {
    expect(catalogue.length).toBeGreaterThanOrEqual(150);
    for (const [category, minimum] of Object.entries(minimumPerCategory)) {
      const count = catalogue.filter((crop) => crop.category === category).length;
      expect(count, `${category} entries`).toBeGreaterThanOrEqual(minimum);
    }
  });

  it("keeps soil pH between 3.5 and 9.0 with min below max", () => {
    expect(offenders((c) => c.ph.min < c.ph.max && within(c.ph, 3.5, 9.0))).toEqual([]);
  });

  it("gives hydroponic EC and pH exactly for suitable crops, within sane ranges", () => {
    const present = offenders(({ hydroponic: { suitable, ec, ph } }) =>
      suitable ? ec !== null && ph !== null : ec === null && ph === null,
    );
    expect(present, "ec/ph present iff suitable").toEqual([]);
    const ranges = offenders(({ hydroponic: { ec, ph } }) => {
      const ecOk = ec === null || (ec.min < ec.max && within(ec, 0.2, 5.0));
      const phOk = ph === null || (ph.min < ph.max && within(ph, 4.5, 7.5));
      return ecOk && phOk;
    });
    expect(ranges, "ec 0.2–5.0 mS/cm, ph 4.5–7.5").toEqual([]);
  });

  it("keeps days to germination within 1–60 and days to maturity within 10–1500", () => {
    const germination = offenders(({ daysToGermination: g }) => {
      return g === null || (g.min <= g.max && within(g, 1, 60));
    });
    expect(germination, "daysToGermination").toEqual([]);
    const maturity = offenders(({ daysToMaturity: m }) => m.min <= m.max && within(m, 10, 1500));
    expect(maturity, "daysToMaturity").toEqual([]);
  });

  it("names a botanical family for every crop but mixed microgreens", () => {
    expect(offenders((c) => c.family !== null || c.slug === "microgreens")).toEqual([]);
    // Families that older systems placed elsewhere and that rotation advice depends on.
    const family = (slug: string) => catalogue.find((c) => c.slug === slug)?.family;
    expect(["onion", "garlic", "leek", "chives"].map(family)).toEqual(
      Array(4).fill("Amaryllidaceae"),
    );
    expect(["beet", "spinach", "swiss-chard"].map(family)).toEqual(Array(3).fill("Amaranthaceae"));
    expect(["tomato", "potato", "bell-pepper"].map(family)).toEqual(Array(3).fill("Solanaceae"));
    expect(family("rosemary")).toBe("Lamiaceae");
  });

  it("gives crops of one genus the same family", () => {
    const byGenus = new Map<string, Set<string | null>>();
    for (const crop of catalogue) {
      const genus = crop.scientificName.split(" ")[0] ?? "";
      byGenus.set(genus, (byGenus.get(genus) ?? new Set()).add(crop.family));
    }
    expect([...byGenus].filter(([, families]) => families.size > 1).map(([g]) => g)).toEqual([]);
  });

  it("keeps spacing within 1–1000 cm", () => {
    expect(offenders((c) => c.spacingCm >= 1 && c.spacingCm <= 1000)).toEqual([]);
  });

  it("lists stages in the canonical order, once each, with whole-day durations", () => {
    const order: readonly string[] = stageNameValues;
    const badOrder = offenders(({ stagePlan }) => {
      const positions = stagePlan.map((stage) => order.indexOf(stage.name));
      return (
        positions.length > 0 &&
        positions.every((p, i) => p >= 0 && (i === 0 || p > (positions[i - 1] ?? -1)))
      );
    });
    expect(badOrder, "stage order").toEqual([]);
    const badDuration = offenders(({ stagePlan }) =>
      stagePlan.every((s) => Number.isInteger(s.durationDays) && s.durationDays >= 1),
    );
    expect(badDuration, "stage durations").toEqual([]);
  });

  it("has stage plans that add up to roughly germination plus maturity", () => {
    const report = catalogue.flatMap((crop) => {
      const germination = crop.daysToGermination ? midpoint(crop.daysToGermination) : 0;
      const expected = germination + midpoint(crop.daysToMaturity);
      const total = crop.stagePlan.reduce((sum, stage) => sum + stage.durationDays, 0);
      const ok = total >= 0.5 * expected && total <= 2 * expected;
      return ok ? [] : [`${crop.slug}: ${total} days vs ${expected}`];
    });
    expect(report).toEqual([]);
  });

  it("has descriptions of 40–400 characters", () => {
    const lengths = offenders((c) => c.description.length >= 40 && c.description.length <= 400);
    expect(lengths).toEqual([]);
  });
});

describe("crop suggestions", () => {
  const slugs = new Set(catalogue.map((crop) => crop.slug));

  it("parses with the schema", () => {
    const result = cropSuggestionsSchema.safeParse(suggestions);
    expect(result.error?.issues ?? []).toEqual([]);
  });

  it.each([
    ["addPlant", suggestions.addPlant, 22],
    ["growAlong", suggestions.growAlong, 32],
  ] as const)("%s has the right number of unique catalogue slugs", (_, list, size) => {
    expect(new Set(list).size, "unique slugs").toBe(size);
    expect(list).toHaveLength(size);
    const missing = list.filter((slug) => !slugs.has(slug));
    expect(missing, "slugs missing from the catalogue").toEqual([]);
  });
});
