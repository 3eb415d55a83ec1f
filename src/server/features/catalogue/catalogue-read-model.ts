import fs from "node:fs";
import {
  type CropIndex,
  createCropIndex,
  findCropByName,
  searchCrops,
} from "../../../core/catalogue-search";
import type { CropSummary } from "../../../core/schemas/catalogue";
import { type Crop, cropCatalogueSchema, cropSuggestionsSchema } from "../../../core/schemas/crop";
import { dataPath } from "../../lib/paths";

export type SuggestionList = "add-plant" | "grow-along";

export interface Catalogue {
  crops: readonly Crop[];
  bySlug(slug: string): Crop | undefined;
  /** A crop whose name or alias is exactly this text, ignoring case and accents. */
  byName(name: string): Crop | undefined;
  search(query: string, limit: number): CropSummary[];
  suggestions(list: SuggestionList): CropSummary[];
}

export const summarise = ({ slug, name, scientificName, category }: Crop): CropSummary => ({
  slug,
  name,
  scientificName,
  category,
});

const readJson = (file: string): unknown =>
  JSON.parse(fs.readFileSync(dataPath("crops", file), "utf8"));

/** Reads and checks data/crops once; a broken file stops start-up rather than a request. */
export function loadCatalogue(): Catalogue {
  const crops = cropCatalogueSchema.parse(readJson("catalogue.json"));
  const lists = cropSuggestionsSchema.parse(readJson("suggestions.json"));
  const slugs = new Map(crops.map((crop) => [crop.slug, crop]));
  const resolve = (list: readonly string[]) =>
    list.map((slug) => {
      const crop = slugs.get(slug);
      if (!crop) throw new Error(`data/crops/suggestions.json names an unknown crop: ${slug}`);
      return summarise(crop);
    });
  const suggestions = {
    "add-plant": resolve(lists.addPlant),
    "grow-along": resolve(lists.growAlong),
  };
  const index: CropIndex<Crop> = createCropIndex(crops);
  return {
    crops,
    bySlug: (slug) => slugs.get(slug),
    byName: (name) => findCropByName(index, name),
    search: (query, limit) => searchCrops(index, query, limit).map(summarise),
    suggestions: (list) => suggestions[list],
  };
}

let shared: Catalogue | undefined;

/** One catalogue per process (207 crops, a few milliseconds to read and check). */
export function catalogue(): Catalogue {
  shared ??= loadCatalogue();
  return shared;
}
