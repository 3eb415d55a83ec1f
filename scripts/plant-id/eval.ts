import fs from "node:fs";
import path from "node:path";
import { parse } from "csv-parse/sync";
import sharp from "sharp";
import { catalogue } from "../../src/server/features/catalogue/catalogue-read-model";
import { projectRoot } from "../../src/server/lib/paths";
import { OfflineIdentifier } from "../../src/server/providers/plant-id/offline";
import { VIEW_CROPS } from "../../src/server/providers/plant-id/offline/views";

/**
 * npm run eval:plant-id — runs the offline identifier on the real photos in
 * ../shared/fixtures/plant-photos (ground truth in manifest.csv) and prints top-1 and top-3 hits
 * by species and by genus (a catalogue crop match counts for the genus row too), for the product's
 * averaged crops and for a single view of the whole photo, as the bare model sees it.
 */
const SHARED = path.resolve(projectRoot, "..", "shared", "fixtures");
const FOLDERS = [
  { dir: "plant-photos", title: "32 photos with licences (plant-photos)" },
  { dir: "plant-photos-licence-unclear", title: "7 more, measured only (licence unclear)" },
];
/** Names the model knows under another name than the manifest's. */
const SYNONYMS: Record<string, string> = { "rosmarinus officinalis": "salvia rosmarinus" };

if (!fs.existsSync(path.join(SHARED, FOLDERS[0]?.dir ?? ""))) {
  console.log(`eval:plant-id skipped: ${SHARED} is absent (it holds the reference photos).`);
  process.exit(0);
}

interface Row {
  file: string;
  scientific_name: string;
  source_path: string;
}

const fold = (name: string) => {
  const lower = name.toLowerCase().replace(/×\s*/g, "").replace(/\s+/g, " ").trim();
  return SYNONYMS[lower] ?? lower;
};
const genusOf = (name: string) => fold(name).split(" ")[0] ?? "";
/** "Rosa sp. (garden hybrid)" names a genus only: it can never match by species. */
const speciesOf = (name: string) => {
  const [genus, epithet] = fold(name)
    .replace(/\(.*\)/, "")
    .trim()
    .split(" ");
  return epithet && epithet !== "sp." ? `${genus} ${epithet}` : null;
};
const crops = catalogue();
const cropGenera = (name: string) =>
  new Set(
    crops.crops
      .filter((crop) => genusOf(crop.scientificName) === genusOf(name))
      .map((crop) => crop.slug),
  );

interface Tally {
  total: number;
  species1: number;
  species3: number;
  genus1: number;
  genus3: number;
  ms: number[];
}

async function measure(crops: readonly number[], label: string) {
  const identifier = new OfflineIdentifier({ crops });
  try {
    for (const { dir, title } of FOLDERS) {
      const folder = path.join(SHARED, dir);
      if (!fs.existsSync(folder)) continue;
      const rows = parse(fs.readFileSync(path.join(folder, "manifest.csv")), {
        columns: true,
      }) as Row[];
      const groups = new Map<string, Tally>();
      const misses: string[] = [];
      for (const row of rows) {
        // As the product prepares every photo: upright, at most 1024 px, JPEG.
        const jpeg = await sharp(fs.readFileSync(path.join(folder, row.file)))
          .rotate()
          .resize(1024, 1024, { fit: "inside", withoutEnlargement: true })
          .jpeg({ quality: 90 })
          .toBuffer();
        const started = performance.now();
        const result = await identifier.identify({ jpeg, width: 0, height: 0 });
        const ms = performance.now() - started;
        const names = result.candidates.map((c) => c.scientificName);
        const truth = row.scientific_name;
        const speciesHit = (k: number) =>
          speciesOf(truth) !== null &&
          names.slice(0, k).some((n) => speciesOf(n) === speciesOf(truth));
        const genusHit = (k: number) =>
          names.slice(0, k).some((n) => {
            const shared = [...cropGenera(n)].some((slug) => cropGenera(truth).has(slug));
            return genusOf(n) === genusOf(truth) || shared;
          });
        // The TF flower_photos images may be in the model's training data: reported apart.
        const group = row.source_path.includes("flower_photos")
          ? "TF flower_photos"
          : "other sources";
        for (const key of ["all", group]) {
          const t = groups.get(key) ?? {
            total: 0,
            species1: 0,
            species3: 0,
            genus1: 0,
            genus3: 0,
            ms: [],
          };
          t.total++;
          t.species1 += Number(speciesHit(1));
          t.species3 += Number(speciesHit(3));
          t.genus1 += Number(genusHit(1));
          t.genus3 += Number(genusHit(3));
          t.ms.push(ms);
          groups.set(key, t);
        }
        if (!genusHit(1)) {
          const top = result.candidates[0];
          misses.push(
            `${row.file} (${truth}) → ${top ? `${top.scientificName} ${top.confidence.toFixed(2)}` : "not recognised"}`,
          );
        }
      }
      console.log(`\n${label} — ${title}`);
      for (const [group, t] of groups) {
        const sorted = [...t.ms].sort((a, b) => a - b);
        const p50 = sorted[Math.floor(sorted.length / 2)] ?? 0;
        console.log(
          `  ${group.padEnd(17)} species top-1 ${t.species1}/${t.total}, top-3 ${t.species3}/${t.total}; genus top-1 ${t.genus1}/${t.total}, top-3 ${t.genus3}/${t.total}; model p50 ${p50.toFixed(0)} ms`,
        );
      }
      console.log(`  genus top-1 misses: ${misses.join("; ") || "none"}`);
    }
  } finally {
    await identifier.close();
  }
}

// `--crops 1,0.875` measures another set of crops instead, for tuning VIEW_CROPS.
const flag = process.argv.indexOf("--crops");
const trial = flag > 0 ? (process.argv[flag + 1] ?? "").split(",").map(Number) : null;
if (trial) await measure(trial, `Trial: crops ${trial.join(", ")}`);
else {
  const crops = VIEW_CROPS.join(", ");
  await measure(VIEW_CROPS, `Product: ${VIEW_CROPS.length} centred crops averaged (${crops})`);
  await measure([1], "Bare model: one view of the whole photo");
}
console.log(
  "\nThe issue's reference, the bare model run outside the product: genus top-1 19/32, top-3 20/32.",
);
