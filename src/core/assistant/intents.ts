import { asksForReminder } from "./reminder";

/** What a message asks, as far as the built-in assistant needs to know. */
export type Intent =
  | "reminder"
  | "greeting"
  | "tasks"
  | "zone"
  | "temperature-check"
  | "weather"
  | "my-plants"
  | "knowledge";

const GREETING =
  /^\s*(hi|hello|hey|good (morning|afternoon|evening)|thanks|thank you|cheers)\b[\s!.,]*(there|tendril)?[\s!.]*$/i;
const TASK_WORD = /\b(tasks?|to-?dos?|chores?|jobs?)\b/i;
const TASK_WHEN =
  /\b(today|tonight|now|this week|have|due|overdue|pending|upcoming|next|left|scheduled)\b/i;
const WHAT_IS_DUE = /\bwhat('s| is| are)? (due|overdue)\b/i;
const WHAT_TO_DO =
  /\bwhat (should|do|must|can) i (do|work on)\b.*\b(today|now|this week|in the garden)\b/i;
const MINE = /\b(am i|i'm|im|i am|my|mine|we|our|here)\b/i;
const ZONE = /\b(zone|hardiness)\b/i;
const TEMPERATURE =
  /\b(too (hot|cold|warm|chilly)|hot enough|cold enough|heat ?wave|heat|frost|freez\w*|cold snap|scorch\w*)\b/i;
const SOON =
  /\b(this week|week|forecast|tonight|tomorrow|today|coming days|next (few )?days|weekend|right now|now)\b/i;
const WEATHER =
  /\b(what('s| is)|how('s| is)|show( me)?|tell me|give me)\b.*\b(weather|forecast)\b|\b(will|is) it (going to )?rain\b|\bweather (this|next) week\b/i;
const MY_PLANTS =
  /\b(what|which) (plants|crops) (do i have|am i growing|are in my garden)|\bwhat am i growing\b|\b(list|show) (me )?my (plants|garden)\b/i;

export function detectIntent(message: string): Intent {
  if (asksForReminder(message)) return "reminder";
  if (GREETING.test(message)) return "greeting";
  if (
    (TASK_WORD.test(message) && TASK_WHEN.test(message)) ||
    WHAT_TO_DO.test(message) ||
    WHAT_IS_DUE.test(message)
  ) {
    return "tasks";
  }
  if (ZONE.test(message) && MINE.test(message)) return "zone";
  if (TEMPERATURE.test(message) && SOON.test(message) && MINE.test(message)) {
    return "temperature-check";
  }
  if (WEATHER.test(message)) return "weather";
  if (MY_PLANTS.test(message)) return "my-plants";
  return "knowledge";
}

/** The care-sheet sections (data/knowledge/README.md) and the words that ask for each. */
export const CARE_ASPECTS = [
  [
    "Water",
    /\b(water(ing|ed|s)?|moist\w*|thirsty|dry(ing)? out|how often should i water|irrigat\w*|droop\w*)\b/i,
  ],
  ["Sun", /\b(sun\w*|light|lighting|shade|shady|bright|window)\b/i],
  ["Spacing", /\b(spac\w*|apart|distance|how (far|close)|how many (per|in a))\b/i],
  ["Soil and pH", /\b(soil|ph|potting mix|acid\w*|alkalin\w*|loam|clay|sandy)\b/i],
  ["Feeding", /\b(feed\w*|fertili[sz]\w*|nutrient\w*|npk|n-p-k|manure|plant food)\b/i],
  [
    "Common problems",
    /\b(pests?|bugs?|diseases?|problems?|yellow\w*|brown\w*|spots?|spotted|curl\w*|holes?|mildew|rot\w*|dying|sick|aphids?|mites?|blight|wrong|eating|leaves (are|turn)|toxic|poison\w*|safe for (cats|dogs|pets))\b/i,
  ],
  [
    "Harvest",
    /\b(harvest\w*|pick\w*|ripe\w*|ready|when can i eat|yield|store|storing|cut\w*|prun\w*|bloom\w*)\b/i,
  ],
] as const;

export type CareAspect = (typeof CARE_ASPECTS)[number][0];

/** The care-sheet sections a question is about, in the order the sheet lists them. */
export function careAspects(message: string): CareAspect[] {
  return CARE_ASPECTS.filter(([, pattern]) => pattern.test(message)).map(([heading]) => heading);
}
