import { type Aspect, factFileSchema, factsOf } from "../../../../core/assistant/facts";
import type { Crop } from "../../../../core/schemas/crop";

const EVERY: Aspect[] = [
  "water",
  "light",
  "soil",
  "feeding",
  "temperature",
  "pests",
  "diseases",
  "toxicity",
  "containers",
  "propagation",
];
const GROWN: Aspect[] = ["sowing", "spacing", "harvest", "planting-out"];
const HOUSEPLANT: Aspect[] = ["pruning", "grow-light", "overwintering"];
const SOIL_WORDS = /\b(soil|compost|mulch|potting mix|garden bed|beds?)\b/i;

/**
 * The problems of a set of fact files (name and parsed JSON each) against the catalogue: each
 * parses, names a catalogue crop, covers the aspects its category needs, keeps soil advice away
 * from hydroponic growers, gives hydroponic facts only for hydroponics and names its plant.
 */
export function checkFactFiles(
  files: readonly { name: string; json: unknown }[],
  crops: readonly Crop[],
): string[] {
  const bySlug = new Map(crops.map((crop) => [crop.slug, crop]));
  const problems: string[] = [];
  for (const { name: file, json } of files) {
    const parsed = factFileSchema.safeParse(json);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        problems.push(`${file}: ${issue.path.join(".")}: ${issue.message}`);
      }
      continue;
    }
    const { slug } = parsed.data;
    if (`${slug}.json` !== file)
      problems.push(`${file}: slug "${slug}" does not match the file name`);
    const crop = bySlug.get(slug);
    if (!crop) {
      problems.push(`${file}: no catalogue crop has the slug "${slug}"`);
      continue;
    }
    const facts = factsOf(parsed.data);
    const has = new Set(facts.map((fact) => fact.aspect));
    const needed = [
      ...EVERY,
      ...(crop.category === "houseplant" ? HOUSEPLANT : GROWN),
      ...(crop.hydroponic.suitable ? (["hydroponics"] as Aspect[]) : []),
    ];
    for (const aspect of needed) {
      if (!has.has(aspect)) problems.push(`${file}: no fact on ${aspect}`);
      else if (!facts.some((f) => f.aspect === aspect && f.role === "main")) {
        problems.push(`${file}: no main fact on ${aspect}`);
      }
    }
    if (!facts.some((f) => f.aspect === "water" && f.when?.season?.includes("winter"))) {
      problems.push(`${file}: no water fact for winter (when.season ["winter"])`);
    }
    for (const fact of facts) {
      const mediums = fact.when?.medium;
      if (
        fact.aspect === "hydroponics" &&
        (mediums?.length !== 1 || mediums[0] !== "hydroponics")
      ) {
        problems.push(`${fact.id}: a hydroponics fact needs when.medium ["hydroponics"]`);
      }
      if (
        ["water", "soil", "feeding", "containers"].includes(fact.aspect) &&
        SOIL_WORDS.test(fact.text) &&
        (!mediums || mediums.includes("hydroponics"))
      ) {
        problems.push(
          `${fact.id}: soil advice must say when.medium ["soil"] or ["soil", "cocopeat"]: "${fact.text}"`,
        );
      }
      const name = [crop.name, ...crop.aliases, slug.replace(/-/g, " ")].map((n) =>
        n.toLowerCase(),
      );
      const words = fact.text.toLowerCase();
      if (!name.some((n) => words.includes(n.split(" ").at(-1)?.replace(/s$/, "") ?? n))) {
        problems.push(
          `${fact.id}: the sentence should name the plant ("${crop.name}"): "${fact.text}"`,
        );
      }
    }
  }
  return problems;
}
