/**
 * Plants outside the catalogue that poison pets and children badly, for a toxicity question that
 * names one: the answer must not fall back on a catalogue plant of a similar name ("sago palm" is
 * not a parlor palm). Facts in our own words; the poison line comes first in the reply.
 */
export interface DeadlyPlant {
  pattern: RegExp;
  text: string;
}

export const DEADLY_PLANTS: readonly DeadlyPlant[] = [
  {
    pattern: /\bsago palms?\b|\bcycas\b|\bcycads?\b/i,
    text: "Sago palm (Cycas) is highly toxic to dogs, cats and people: every part, the seeds most, can cause vomiting, seizures and liver failure, often fatal even after a small amount, so get treatment even if they seem fine.",
  },
  {
    pattern: /\boleanders?\b|\bnerium\b/i,
    text: "Oleander is toxic in every part, dried leaves included: it upsets the heart's rhythm in dogs, cats and people, and a few leaves can be enough.",
  },
  {
    pattern: /\bfoxgloves?\b|\bdigitalis\b/i,
    text: "Foxglove (Digitalis) is toxic in every part: it causes vomiting and dangerous changes in heart rhythm in pets and people.",
  },
  {
    pattern: /\blil(y|ies) of the valley\b|\bconvallaria\b/i,
    text: "Lily of the valley is toxic in every part, berries and the water in its vase included: it causes vomiting and dangerous heart-rhythm changes.",
  },
  {
    pattern: /\byews?\b|\btaxus\b/i,
    text: "Yew is toxic in its leaves, bark and seeds (the red flesh around the seed is not, but the seed inside is): it can stop the heart with little warning.",
  },
  {
    pattern: /\bcastor (bean|oil plant)s?\b|\bricinus\b/i,
    text: "Castor bean seeds contain ricin: a chewed seed can cause severe vomiting, bloody diarrhoea and organ failure in pets and children.",
  },
  {
    pattern: /\bautumn crocus\b|\bcolchicum\b|\bmeadow saffron\b/i,
    text: "Autumn crocus (Colchicum) is toxic in every part: it causes severe vomiting and diarrhoea, then damage to the kidneys, liver and bone marrow.",
  },
  {
    pattern: /\bazaleas?\b|\brhododendrons?\b/i,
    text: "Azaleas and rhododendrons contain grayanotoxins: a few leaves can cause drooling, vomiting, weakness and heart problems in dogs and cats.",
  },
];

/** The dangerous plant a message names, if any. */
export function deadlyPlantIn(message: string): DeadlyPlant | null {
  return DEADLY_PLANTS.find((plant) => plant.pattern.test(message)) ?? null;
}
