/**
 * Which catalogue crop an identified species is (issue 11: "Solanum lycopersicum → Tomato"). Pure:
 * works on any list of crops, so the server and the offline model's tests share it.
 */

export interface MatchableCrop {
  slug: string;
  name: string;
  scientificName: string;
  aliases: readonly string[];
}

/**
 * How the species was matched: its exact name (variety included), its species with the variety
 * dropped, or only its genus (a genus-level crop such as "Rosa spp.", or the catalogue's only crop
 * of that genus).
 */
export type MatchLevel = "exact" | "species" | "genus";

export interface CropMatch<T> {
  crop: T;
  level: MatchLevel;
}

interface ParsedName {
  genus: string;
  /** The species epithet, or null for a genus-level name ("Rosa spp."). */
  species: string | null;
  /** "var cerasiforme", "subsp chinensis": the infraspecific part, or null. */
  infra: string | null;
}

const RANKS = new Set(["var", "subsp", "ssp", "f", "forma", "convar", "cv"]);
const GENUS_ONLY = new Set(["spp", "sp"]);

/**
 * A scientific name's parts, lower-case and without accents, hybrid signs, cultivar names in
 * quotes, parenthetical notes or author citations ("Solanum lycopersicum L." is the tomato).
 */
export function parseScientificName(name: string): ParsedName | null {
  const words = name
    .normalize("NFKD")
    .replace(/\p{M}+/gu, "")
    .replace(/\([^)]*\)/g, " ")
    .replace(/['‘’"“”][^'‘’"“”]*['‘’"“”]/g, " ")
    .replace(/×/g, " ")
    .split(/\s+/)
    .map((word) => word.replace(/[.,;:]+$/, ""))
    .filter((word) => word !== "" && word !== "x" && word !== "X");
  const [genusWord, ...rest] = words;
  if (!genusWord || !/^\p{L}[\p{L}-]*$/u.test(genusWord)) return null;
  const genus = genusWord.toLowerCase();
  const next = rest[0]?.toLowerCase();
  // An epithet is lower-case in a scientific name; a capitalised word is an author ("Mill.").
  if (!next || GENUS_ONLY.has(next) || !/^\p{Ll}[\p{Ll}-]*$/u.test(rest[0] ?? "")) {
    return { genus, species: null, infra: null };
  }
  const rank = rest[1]?.toLowerCase();
  const infraEpithet = rest[2]?.toLowerCase();
  const infra =
    rank && RANKS.has(rank) && infraEpithet
      ? `${rank === "ssp" ? "subsp" : rank} ${infraEpithet}`
      : null;
  return { genus, species: next, infra };
}

const speciesKey = (p: ParsedName) => (p.species ? `${p.genus} ${p.species}` : null);
const fullKey = (p: ParsedName) => {
  const species = speciesKey(p);
  return species && p.infra ? `${species} ${p.infra}` : species;
};

export interface CropMatcher<T> {
  match(scientificName: string): CropMatch<T> | null;
}

/**
 * Builds the lookup once. Ties go to the catalogue's order, which lists the everyday crop first
 * ("Capsicum annuum" is the bell pepper, not the jalapeño). Genus-only matches are made only when
 * they cannot be wrong about the crop's care: "Brassica oleracea" alone could be any of six crops,
 * and "Ficus" a fig tree or a rubber plant, so those match nothing.
 */
export function createCropMatcher<T extends MatchableCrop>(crops: readonly T[]): CropMatcher<T> {
  const exact = new Map<string, T>();
  const bySpecies = new Map<string, { crop: T; bare: boolean }[]>();
  const byGenus = new Map<string, T[]>();
  const genusLevel = new Map<string, T>();
  for (const crop of crops) {
    const parsed = parseScientificName(crop.scientificName);
    // Aliases hold older scientific names too ("Rosmarinus officinalis" is rosemary).
    for (const name of [crop.scientificName, ...crop.aliases]) {
      const p = parseScientificName(name);
      const key = p && fullKey(p);
      if (key && !exact.has(key)) exact.set(key, crop);
    }
    if (!parsed) continue;
    const species = speciesKey(parsed);
    if (species) {
      const list = bySpecies.get(species) ?? [];
      list.push({ crop, bare: parsed.infra === null });
      bySpecies.set(species, list);
    } else if (!genusLevel.has(parsed.genus)) {
      genusLevel.set(parsed.genus, crop);
    }
    const genus = byGenus.get(parsed.genus) ?? [];
    genus.push(crop);
    byGenus.set(parsed.genus, genus);
  }

  return {
    match(scientificName) {
      const parsed = parseScientificName(scientificName);
      if (!parsed) return null;
      const key = fullKey(parsed);
      const found = key ? exact.get(key) : undefined;
      if (found) return { crop: found, level: "exact" };
      const species = speciesKey(parsed);
      const same = species ? bySpecies.get(species) : undefined;
      if (same?.length) {
        const bare = same.find((entry) => entry.bare);
        if (bare) return { crop: bare.crop, level: "species" };
        if (same.length === 1 && same[0]) return { crop: same[0].crop, level: "species" };
        return null;
      }
      const group = genusLevel.get(parsed.genus);
      if (group) return { crop: group, level: "genus" };
      const inGenus = byGenus.get(parsed.genus);
      if (inGenus?.length === 1 && inGenus[0]) return { crop: inGenus[0], level: "genus" };
      return null;
    },
  };
}
