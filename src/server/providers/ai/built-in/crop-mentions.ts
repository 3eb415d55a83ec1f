import MiniSearch from "minisearch";
import type { Crop } from "../../../../core/schemas/crop";
import type { GardenPlant } from "../assistant";
import type { KnowledgeBase } from "../knowledge/knowledge-base";
import { foldCase } from "../knowledge/terms";

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
/** The phrase as a whole word, plural forms included ("tomato", "tomatoes"). */
const wordPattern = (phrase: string) => new RegExp(`\\b${escapeRegExp(phrase)}(s|es)?\\b`);

/**
 * Fruit names that are also colours, used as colours: "bright orange spots on my leeks", "plum
 * coloured leaves", "lime green". Blanked before looking for crops.
 */
const COLOUR_WORD =
  /\b(?:(?<=(?:bright|dark|pale|light|deep|dull|vivid|rusty|reddish|yellowish|brownish)[- ])(?:orange|lime|peach|plum|cherry|olive|lemon|apricot|salmon|mustard|aubergine)(?=[- ]\w)|(?:orange|lime|peach|plum|cherry|olive|lemon|apricot|salmon|mustard|aubergine)(?=(?:-| )(?:colou?red|tinged|spots?|patches|pustules|powder|markings?|streaks?|rings?|blotch(?:es)?|green|yellow|brown|red)\b))/g;

interface Phrase {
  text: string;
  pattern: RegExp;
  /** The same pattern, global: for blanking every mention. */
  everywhere: RegExp;
  slug: string;
}

/**
 * Finds the crops a message names, by catalogue name, alias or the knowledge base's keywords
 * ("cilantro" is coriander), longest phrase first so "cherry tomato" wins over "tomato".
 */
export class CropMentions {
  private readonly phrases: Phrase[];
  /** Each crop's catalogue name, by slug. */
  private readonly cropNames = new Map<string, string>();
  /** One-word names, for typos ("zuchini", "brocolli"). */
  private readonly names = new MiniSearch<{ id: number; name: string; slug: string }>({
    fields: ["name"],
    storeFields: ["slug"],
  });

  constructor(
    crops: readonly Crop[],
    private readonly knowledge: KnowledgeBase,
  ) {
    const seen = new Set<string>();
    const phrases: Phrase[] = [];
    const add = (text: string, slug: string) => {
      const phrase = foldCase(text).trim();
      if (phrase.length < 3 || seen.has(phrase)) return;
      seen.add(phrase);
      const pattern = wordPattern(phrase);
      const everywhere = new RegExp(pattern.source, "g");
      phrases.push({ text: phrase, pattern, everywhere, slug });
    };
    for (const crop of crops) {
      this.cropNames.set(crop.slug, foldCase(crop.name));
      add(crop.name, crop.slug);
      for (const alias of crop.aliases) add(alias, crop.slug);
    }
    for (const crop of crops) {
      for (const keyword of knowledge.entry("crop", crop.slug)?.keywords ?? [])
        add(keyword, crop.slug);
    }
    this.phrases = phrases.sort((a, b) => b.text.length - a.text.length);
    this.names.addAll(
      phrases
        .map(({ text, slug }, id) => ({ id, name: text, slug }))
        .filter(({ name }) => /^[a-z]{5,}$/.test(name)),
    );
  }

  /**
   * The crop a misspelt word names ("zuchini" → zucchini): only a word the knowledge base does not
   * know, of five letters or more, one edit from a one-word name (two from nine letters).
   */
  private misspelt(text: string): { word: string; slug: string } | undefined {
    for (const word of text.match(/[a-z]{5,}/g) ?? []) {
      const terms = [...this.knowledge.termsOf(word)];
      if (terms.length === 0 || terms.some((term) => this.knowledge.knows(term))) continue;
      // One edit, two from nine letters; and the first letter right, as typos mostly keep it.
      const hit = this.names
        .search(word, { fuzzy: word.length >= 9 ? 2 : 1, prefix: false })
        .find((found) => found.terms.some((term) => term[0] === word[0]));
      if (hit) return { word, slug: hit.slug as string };
    }
    return undefined;
  }

  /** The message with every plant name blanked out, for reading what it asks. */
  withoutCrops(message: string): string {
    let text = foldCase(message);
    for (const phrase of this.phrases) text = text.replace(phrase.everywhere, " ");
    return text.replace(/\s+/g, " ");
  }

  /**
   * The message with each plant named by its catalogue name ("toms" → "tomato", "zuchini" →
   * "zucchini"), so its words are the ones the notes and facts use.
   */
  withCropNames(message: string): string {
    // Colours ("bright orange spots") and each mention, longest phrase first, are held as marks
    // so a shorter phrase inside one ("pepper" in "sweet pepper") is not named again.
    const colours: string[] = [];
    let text = foldCase(message).replace(
      COLOUR_WORD,
      (colour) => `\uE000${colours.push(colour) - 1}\uE000`,
    );
    const named: string[] = [];
    for (const phrase of this.phrases) {
      // A name that holds the catalogue's own ("onion sets") says more than the name alone.
      const kept = phrase.text.includes(this.nameOf(phrase.slug));
      text = text.replace(
        phrase.everywhere,
        (mention) => `\uE001${named.push(kept ? mention : this.nameOf(phrase.slug)) - 1}\uE001`,
      );
    }
    const typo = named.length === 0 ? this.misspelt(text) : undefined;
    if (typo) text = text.replace(new RegExp(`\\b${typo.word}\\b`, "g"), this.nameOf(typo.slug));
    return text
      .replace(/\uE001(\d+)\uE001/g, (_, i: string) => named[Number(i)] ?? "")
      .replace(/\uE000(\d+)\uE000/g, (_, i: string) => colours[Number(i)] ?? "");
  }

  private nameOf(slug: string): string {
    return this.cropNames.get(slug) ?? "";
  }

  /** Slugs named in the message, the longest mention first, each once. */
  cropsIn(message: string): string[] {
    let text = foldCase(message).replace(COLOUR_WORD, " ");
    const slugs: string[] = [];
    for (const phrase of this.phrases) {
      if (!phrase.pattern.test(text)) continue;
      if (!slugs.includes(phrase.slug)) slugs.push(phrase.slug);
      // A shorter phrase inside a longer one already found ("tomato" in "cherry tomato") is not a
      // second mention.
      text = text.replace(phrase.pattern, " ");
    }
    const typo = slugs.length === 0 ? this.misspelt(text) : undefined;
    return typo ? [typo.slug] : slugs;
  }
}

/** Whether a text names the crop by its name or another name ("apples", not just "plants"). */
export function namesCrop(text: string, crop: Crop): boolean {
  const folded = foldCase(text);
  return [crop.name, ...crop.aliases].some((name) => wordPattern(foldCase(name)).test(folded));
}

/** The gardener's plant a message is about: named by its own name, else by its crop. */
export function plantNamedIn(
  message: string,
  plants: readonly GardenPlant[],
  cropSlugs: readonly string[],
): GardenPlant | null {
  const text = foldCase(message);
  const byName = plants.find(
    (plant) => plant.name.trim().length >= 3 && wordPattern(foldCase(plant.name.trim())).test(text),
  );
  if (byName) return byName;
  for (const slug of cropSlugs) {
    const plant = plants.find((candidate) => candidate.cropSlug === slug);
    if (plant) return plant;
  }
  return plants.find((plant) => wordPattern(foldCase(plant.cropName)).test(text)) ?? null;
}
