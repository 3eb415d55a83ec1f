import type { Crop } from "../../schemas/crop";

/**
 * Poor companions from the catalogue's `avoid` lists (from Wikipedia's companion planting table).
 * The lists name plants in words ("Potato", "Brassicas", "Beans"), so each name is matched to
 * catalogue crops by name or alias, or, for the group names the table uses, by genus or family.
 */
export type CompanionCrop = Pick<
  Crop,
  "slug" | "name" | "aliases" | "scientificName" | "family" | "avoid"
>;

type Matcher = (crop: CompanionCrop) => boolean;

const genus = (crop: CompanionCrop) => crop.scientificName.split(" ")[0];
const inGenus =
  (name: string): Matcher =>
  (crop) =>
    genus(crop) === name;
const inFamily =
  (name: string): Matcher =>
  (crop) =>
    crop.family === name;

const GROUPS: Record<string, Matcher> = {
  alliums: inGenus("Allium"),
  brassicas: inGenus("Brassica"),
  cucurbits: inFamily("Cucurbitaceae"),
  legumes: inFamily("Fabaceae"),
  pepper: inGenus("Capsicum"),
  squash: inGenus("Cucurbita"),
  beans: (crop) => wordsOf(crop).some((w) => /\bbeans?$/.test(w)),
  mustard: (crop) => crop.slug === "mustard-greens",
  "most plants": () => true,
};

/** Lower case, one trailing plural "s" dropped: "Brussels sprouts" and "Brussels sprout" agree. */
function normal(text: string): string {
  const t = text.trim().toLowerCase();
  return t.length > 3 && t.endsWith("s") && !t.endsWith("ss") ? t.slice(0, -1) : t;
}

function wordsOf(crop: CompanionCrop): string[] {
  return [crop.name, crop.slug.replaceAll("-", " "), ...crop.aliases].map((w) => w.toLowerCase());
}

/** Whether `name` (an entry of some crop's avoid list) means `crop`. */
export function avoidNameMeans(name: string, crop: CompanionCrop): boolean {
  const group = GROUPS[name.trim().toLowerCase()];
  if (group) return group(crop);
  const wanted = normal(name);
  return wordsOf(crop).some((w) => normal(w) === wanted);
}

/** Whether either crop's avoid list names the other. */
export function arePoorCompanions(a: CompanionCrop, b: CompanionCrop): boolean {
  if (a.slug === b.slug) return false;
  return a.avoid.some((n) => avoidNameMeans(n, b)) || b.avoid.some((n) => avoidNameMeans(n, a));
}

/** Each pair of different crops among `crops` that are poor companions, once. */
export function poorCompanionPairs<C extends CompanionCrop>(crops: readonly C[]): [C, C][] {
  const unique = [...new Map(crops.map((c) => [c.slug, c])).values()];
  return unique.flatMap((a, i) =>
    unique.slice(i + 1).flatMap((b): [C, C][] => (arePoorCompanions(a, b) ? [[a, b]] : [])),
  );
}

export function companionMessage(a: string, b: string, areaName: string): string {
  return `${a} and ${b} are poor companions in ${areaName}: one holds the other back. Keep them in different areas if you can.`;
}
