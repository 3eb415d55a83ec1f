import fs from "node:fs";
import path from "node:path";
import { cropCatalogueSchema } from "../../src/core/schemas/crop";
import { dataPath } from "../../src/server/lib/paths";
import { checkFactFiles } from "../../src/server/providers/ai/knowledge/fact-check";

/**
 * Checks fact files (data/knowledge/facts/<slug>.json, or another folder given as the first
 * argument) with checkFactFiles, prints every problem and exits 1 if there is any.
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
const files = fs
  .readdirSync(folder)
  .filter((file) => file.endsWith(".json"))
  .map((name) => ({ name, json: readJson(path.join(folder, name)) }));
const problems = checkFactFiles(files, crops);
for (const problem of problems) console.log(problem);
console.log(`${files.length} fact files, ${problems.length} problems.`);
process.exitCode = problems.length ? 1 : 0;
