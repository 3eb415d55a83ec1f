/**
 * Crop autocomplete (spec §5 Add Plant, §9 Autocomplete): pure, over any list of crops.
 * Matching ignores case and accents ("basíl" finds Basil) and looks at the name, the aliases
 * ("cilantro" finds Coriander) and the scientific name.
 */

export const MIN_QUERY_LENGTH = 2;
export const MAX_RESULTS = 10;

export interface SearchableCrop {
  name: string;
  scientificName: string;
  aliases: readonly string[];
}

/** Lower-case, accents and punctuation removed, words separated by single spaces. */
export function foldText(text: string): string {
  return text
    .normalize("NFKD")
    .replace(/\p{M}+/gu, "")
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim();
}

interface Entry<T> {
  crop: T;
  /** Folded names; the first is the crop's own name. */
  names: string[];
  /** For each name: the name itself, then its words when it has several. */
  words: string[][];
  /** Folded name, for ties. */
  name: string;
}

export interface CropIndex<T> {
  entries: Entry<T>[];
  /** Folded name or alias → crop. */
  exact: Map<string, T>;
}

export function createCropIndex<T extends SearchableCrop>(crops: readonly T[]): CropIndex<T> {
  const exact = new Map<string, T>();
  const entries = crops.map((crop) => {
    const names = [crop.name, ...crop.aliases, crop.scientificName].map(foldText);
    for (const name of names.slice(0, 1 + crop.aliases.length)) {
      if (!exact.has(name)) exact.set(name, crop);
    }
    const words = names.map((name) => (name.includes(" ") ? [name, ...name.split(" ")] : [name]));
    return { crop, names, words, name: names[0] ?? "" };
  });
  return { entries, exact };
}

/** The crop whose name or alias is exactly this text (ignoring case, accents and punctuation). */
export function findCropByName<T>(index: CropIndex<T>, text: string): T | undefined {
  return index.exact.get(foldText(text));
}

// Lower is better: a whole name, a name that starts with the query, a word in it that does, the
// query anywhere in it, and last a near miss ("tomate" → Tomato).
const Tier = { Exact: 0, Prefix: 1, WordPrefix: 2, Substring: 3, Fuzzy: 4 } as const;
type Tier = (typeof Tier)[keyof typeof Tier];

/** Typos forgiven: none below 4 characters, 1 up to 6, then 2. */
export function maxTypos(queryLength: number): number {
  if (queryLength < 4) return 0;
  return queryLength < 7 ? 1 : 2;
}

// Three reusable rows: the search runs thousands of these per keystroke.
let rows = [new Uint16Array(64), new Uint16Array(64), new Uint16Array(64)];

/**
 * Optimal string alignment distance (Levenshtein plus adjacent swaps) from `a` to the closest
 * beginning of `b` (to all of `b` when `whole`), or `limit + 1` when more than `limit`. Only the
 * band of cells within `limit` of the diagonal can hold a smaller value, so only that is filled.
 */
export function boundedDistance(a: string, b: string, limit: number, whole = false): number {
  const n = b.length;
  const big = limit + 1;
  if (n + 2 > (rows[0] as Uint16Array).length) rows = rows.map(() => new Uint16Array(n + 2));
  let [before, prev, cur] = rows as [Uint16Array, Uint16Array, Uint16Array];
  for (let j = 0; j <= n + 1; j++) prev[j] = Math.min(j, big);
  for (let i = 1; i <= a.length; i++) {
    const lo = Math.max(1, i - limit);
    const hi = Math.min(n, i + limit);
    cur[lo - 1] = lo === 1 ? Math.min(i, big) : big;
    for (let j = lo; j <= hi; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min(
        (prev[j] as number) + 1,
        (cur[j - 1] as number) + 1,
        (prev[j - 1] as number) + cost,
      );
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        best = Math.min(best, (before[j - 2] as number) + 1);
      }
      cur[j] = Math.min(best, big);
    }
    if (hi < n) cur[hi + 1] = big;
    const next = before;
    before = prev;
    prev = cur;
    cur = next;
  }
  if (whole) return Math.abs(a.length - n) > limit ? big : (prev[n] as number);
  let best = big;
  const lo = Math.max(0, a.length - limit);
  const hi = Math.min(n, a.length + limit);
  for (let j = lo; j <= hi; j++) best = Math.min(best, prev[j] as number);
  return best;
}

/** Optimal string alignment distance between two strings. */
export function editDistance(a: string, b: string): number {
  return boundedDistance(a, b, Math.max(a.length, b.length), true);
}

/**
 * Fewest typos between the query and the beginning of a name or of one of its words (the
 * gardener may still be typing), or Infinity when more than `limit`.
 */
function typos(query: string, words: readonly string[], limit: number): number {
  let best = Number.POSITIVE_INFINITY;
  for (const word of words) {
    if (word.length + limit < query.length) continue;
    best = Math.min(best, boundedDistance(query, word, limit));
  }
  return best <= limit ? best : Number.POSITIVE_INFINITY;
}

interface Match<T> {
  entry: Entry<T>;
  tier: Tier;
  distance: number;
  /** 0 when the crop's own name matched, 1 for an alias or the scientific name. */
  viaAlias: number;
}

function matchEntry<T>(entry: Entry<T>, query: string, limit: number): Match<T> | null {
  let best: Match<T> | null = null;
  entry.names.forEach((name, i) => {
    let tier: Tier | null = null;
    let distance = 0;
    if (name === query) tier = Tier.Exact;
    else if (name.startsWith(query)) tier = Tier.Prefix;
    else if (` ${name}`.includes(` ${query}`)) tier = Tier.WordPrefix;
    else if (name.includes(query)) tier = Tier.Substring;
    else if (limit > 0) {
      distance = typos(query, entry.words[i] ?? [name], limit);
      if (distance !== Number.POSITIVE_INFINITY) tier = Tier.Fuzzy;
    }
    if (tier === null) return;
    const match = { entry, tier, distance, viaAlias: i === 0 ? 0 : 1 };
    if (best === null || compareMatches(match, best) < 0) best = match;
  });
  return best;
}

function compareMatches<T>(a: Match<T>, b: Match<T>): number {
  return (
    a.tier - b.tier ||
    a.distance - b.distance ||
    a.viaAlias - b.viaAlias ||
    a.entry.name.length - b.entry.name.length ||
    (a.entry.name < b.entry.name ? -1 : a.entry.name > b.entry.name ? 1 : 0)
  );
}

/**
 * Up to `limit` crops (at most 10) for a query of at least 2 characters: whole-name and prefix
 * matches first (on the name or an alias), then matches at a word start, then anywhere, then near
 * misses; within a group shorter names first, then alphabetical.
 */
export function searchCrops<T>(index: CropIndex<T>, query: string, limit = MAX_RESULTS): T[] {
  const folded = foldText(query);
  const count = Math.min(Math.max(0, Math.trunc(limit)), MAX_RESULTS);
  if (folded.length < MIN_QUERY_LENGTH || count === 0) return [];
  const typoLimit = maxTypos(folded.length);
  const matches: Match<T>[] = [];
  for (const entry of index.entries) {
    const match = matchEntry(entry, folded, typoLimit);
    if (match) matches.push(match);
  }
  return matches
    .sort(compareMatches)
    .slice(0, count)
    .map((m) => m.entry.crop);
}
