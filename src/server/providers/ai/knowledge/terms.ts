import { stemmer } from "stemmer";

/** Words that say nothing about what is asked. */
const STOP_WORDS = new Set(
  (
    "a an and are as at be but by can could do does did for from has have how i if in into is it its " +
    "me my of on or our should so than that the their them then there these they this to was we " +
    "what when where which who why will with would you your yours am been being just also any some " +
    "please want need get got about much many very too " +
    // Fillers of spoken questions ("loads of flowers but no fruit").
    "lots loads lot bunch whole all every keep keeps kept seem seems seemed help over anyone " +
    "ideas advice thanks til till " +
    // What the tokenizer leaves of contractions ("don't" → "don", "t").
    "don doesn didn won isn aren wasn weren couldn shouldn wouldn haven hasn ll ve re " +
    // Contractions typed without the apostrophe ("whats causing it", "it doesnt flower").
    "whats hows whens thats theres wheres whos whys theyre youre dont doesnt didnt wont isnt arent cant im ive " +
    "couple"
  ).split(" "),
);

/**
 * Words gardeners use for the same thing, folded to one before stemming so a question in either
 * word finds a passage written with the other. Applied to the index and to questions alike.
 */
const SYNONYMS: Record<string, string> = {
  cilantro: "coriander",
  aubergine: "eggplant",
  aubergines: "eggplant",
  brinjal: "eggplant",
  // "How do I know when…" is "how to tell when…".
  know: "tell",
  // Adjectives and informal words the stemmer leaves apart from their nouns.
  tonight: "night",
  // "pH keeps falling", "leaves falling off": the notes mostly say dropping.
  falling: "drop",
  overnight: "night",
  frosty: "frost",
  windy: "wind",
  sunny: "sun",
  rainy: "rain",
  shady: "shade",
  nutes: "nutrient",
  nute: "nutrient",
  spud: "potato",
  spuds: "potato",
  daffs: "daffodil",
  veggie: "vegetable",
  veggies: "vegetable",
  veg: "vegetable",
  courgette: "zucchini",
  courgettes: "zucchini",
  capsicum: "pepper",
  chilli: "chili",
  chillies: "chili",
  chilies: "chili",
  greenfly: "aphid",
  blackfly: "aphid",
  whitefly: "whitefly",
  bugs: "pest",
  bug: "pest",
  insects: "pest",
  insect: "pest",
  fertiliser: "fertilizer",
  fertilisers: "fertilizer",
  fertilise: "fertilizer",
  fertilize: "fertilizer",
  fertilizing: "fertilizer",
  fertilising: "fertilizer",
  colour: "color",
  mould: "mold",
  moldy: "mold",
  mouldy: "mold",
  yellowing: "yellow",
  coir: "cocopeat",
  coco: "cocopeat",
  irrigate: "water",
  irrigation: "water",
  watering: "water",
  watered: "water",
  waters: "water",
  kitty: "cat",
  kitten: "cat",
  cats: "cat",
  dogs: "dog",
  puppy: "dog",
  poisonous: "toxic",
  poison: "toxic",
  toxicity: "toxic",
  grass: "lawn",
  turf: "lawn",
  // "Where in the house": the notes say indoors; a plant given as a present is a gift.
  house: "indoors",
  inside: "indoors",
  present: "gift",
  // Symptom words as gardeners type them, folded to the words the notes and facts use.
  crispy: "crisp",
  crunchy: "crisp",
  droopy: "droop",
  floppy: "droop",
  mushy: "soft",
  straggly: "leggy",
  stretched: "leggy",
  stretching: "leggy",
  leggy: "leggy",
  rebloom: "flower",
  reflower: "flower",
  bloom: "flower",
  blooming: "flower",
  babies: "pup",
  baby: "pup",
  plantlets: "pup",
  offsets: "pup",
  offset: "pup",
};

/** Lower case without accents: "Jalapeño" and "jalapeno" are one word. */
export const foldCase = (text: string) =>
  text
    .normalize("NFD")
    .replace(/\p{M}+/gu, "")
    .toLowerCase();

/** MiniSearch's term processor: null drops the term. */
export function indexTerm(term: string): string | null {
  const word = foldCase(term).replace(/^'+|'+$/g, "");
  if (word.length < 2 || STOP_WORDS.has(word)) return null;
  return stemmer(SYNONYMS[word] ?? word);
}
