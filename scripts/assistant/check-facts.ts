import fs from "node:fs";
import path from "node:path";
import { type Aspect, factFileSchema, factsOf } from "../../src/core/assistant/facts";
import { cropCatalogueSchema } from "../../src/core/schemas/crop";
import { dataPath } from "../../src/server/lib/paths";

/**
 * Checks fact files (data/knowledge/facts/<slug>.json, or another folder given as the first
 * argument): each parses, names a catalogue crop, covers the aspects its category needs, keeps
 * soil advice away from hydroponic growers, and gives hydroponic facts only for hydroponics.
 * Prints every problem and exits 1 if there is any.
 *
 *   npx tsx scripts/assistant/check-facts.ts [folder] [--catalogue extra.json]
 */
const args = process.argv.slice(2);
const extraAt = args.indexOf("--catalogue");
const extra = extraAt >= 0 ? args.splice(extraAt, 2)[1] : undefined;
const folder = path.resolve(args[0] ?? dataPath("knowledge", "facts"));

const readJson = (file: string): unknown => JSON.parse(fs.readFileSync(file, "utf8"));
const crops = cropCatalogueSchema.parse([
  ...(readJson(dataPath("crops", "catalogue.json")) as unknown[]),
  ...(extra ? (readJson(extra) as unknown[]) : []),
]);
const bySlug = new Map(crops.map((crop) => [crop.slug, crop]));

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

const problems: string[] = [];
const files = fs.readdirSync(folder).filter((file) => file.endsWith(".json"));
for (const file of files) {
  const where = path.join(folder, file);
  const parsed = factFileSchema.safeParse(readJson(where));
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
    if (fact.aspect === "hydroponics" && (mediums?.length !== 1 || mediums[0] !== "hydroponics")) {
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
    const name = [crop.name, ...crop.aliases, slug.replace(/-/g, " ")].map((n) => n.toLowerCase());
    const words = fact.text.toLowerCase();
    if (!name.some((n) => words.includes(n.split(" ").at(-1)?.replace(/s$/, "") ?? n))) {
      problems.push(
        `${fact.id}: the sentence should name the plant ("${crop.name}"): "${fact.text}"`,
      );
    }
  }
}
for (const problem of problems) console.log(problem);
console.log(`${files.length} fact files, ${problems.length} problems.`);
process.exitCode = problems.length ? 1 : 0;
