import type { LightsValue, Medium, PlaceValue } from "../schemas/plant-setup";
import type { Aspect, QuestionKind, Season } from "./facts";
import { detectIntent } from "./intents";

/** What a question says of the situation it asks about ("in winter", "in pots", "under LEDs"). */
export interface Conditions {
  season?: Season;
  medium?: Medium;
  place?: PlaceValue;
  lights?: LightsValue;
  container?: boolean;
}

/** One ask of a message: "When do I sow carrots and how deep?" has two. */
export interface Part {
  aspects: Aspect[];
  kind: QuestionKind | null;
  /** The words of this ask, when the message has more than one. */
  text?: string;
}

/** Questions about the gardener's own garden, answered from their rows. */
export type GardenAsk =
  | "tasks"
  | "overdue"
  | "today"
  | "status"
  | "ready-when"
  | "plant-now"
  | "zone"
  | "my-plants";

export interface Understanding {
  /** The message as written. */
  text: string;
  /** Catalogue slugs the message names, first mention first. */
  crops: string[];
  /** Ids of the gardener's plants the message names by their own name or crop. */
  ownPlantIds: string[];
  /** "it", "them", "mine": the message points back at plants named earlier. */
  pointsBack: boolean;
  parts: Part[];
  conditions: Conditions;
  garden: GardenAsk | null;
  /** Care in general ("how do I look after…", "how to grow…"): a short care summary. */
  care: boolean;
  /** Reads as a follow-up: short, or opens with "and", "what about", "how about", "also". */
  followUp: boolean;
  /** Describes something wrong with a plant ("leaves going yellow", "white powder"). */
  symptom: boolean;
}

/** What the understanding needs from outside: the names it recognises. */
export interface Vocabulary {
  /** Catalogue slugs named in a text, first mention first. */
  cropsIn(text: string): string[];
  /** The gardener's plants named in a text (own names, or their crops), as ids. */
  ownPlantsIn(text: string, crops: readonly string[]): string[];
  /** The text with the plant names blanked out ("sunflower" holds no "sun", "lime" no soil). */
  withoutPlants(text: string): string;
  /** The trained heads' reading of a text (understanding/); without it, the patterns read. */
  read?(text: string): LearnedRead;
}

/**
 * What the trained heads say of a text, in the terms the engine answers in. The kind and the
 * symptom so far; aspects and garden asks are still read by the patterns (their heads do worse
 * on the development sets: docs/progress.md).
 */
export interface LearnedRead {
  /** Null for a symptom: it is answered by its diagnosis, not by a kind of fact. */
  kind: QuestionKind | null;
  /** Something is wrong with a plant ("what's wrong" questions). */
  symptom: boolean;
}

/** Aspect words, in the order an answer treats them. Each pattern runs on lower-cased text. */
const ASPECT_PATTERNS: [Aspect, RegExp][] = [
  [
    "hydroponics",
    /\b(ec|ppm|tds|nutrient solution|reservoir|hydro(ponic(s|ally)?)?|dwc|nft|kratky|deep water culture|ebb and flow|aerogarden)\b/,
  ],
  [
    "grow-light",
    /\b(grow ?lights?|leds?|lamps?|hours of light|light hours|how (far|close|high)\b.*\blights?|under lights?|full spectrum)\b/,
  ],
  [
    "water",
    /\b(water(s|ing|ed)?|thirsty|dry(ing)? out|moist\w*|irrigat\w*|mist(ing)?|humidity|soak\w*)\b/,
  ],
  ["light", /\b(sun\w*|light|shade|shady|bright|window\w*|dark (corner|room)|low light)\b/],
  [
    "soil",
    /\b(soil|potting mix|mix\b|ph|acid\w*|alkalin\w*|lime|loam|clay|sandy|compost mix|substrate)\b/,
  ],
  [
    "feeding",
    /\b(feed\w*|fertili[sz]\w*|plant food|npk|n-p-k|manure|nutrients?|compost tea|fish emulsion|seaweed|liquid feed|cal-?mag)\b/,
  ],
  [
    "spacing",
    /\b(spac\w*|apart|how (far|close) (apart|together)|per square|how many (per|in a))\b/,
  ],
  [
    "sowing",
    /\b(sow\w*|seeds?|seedlings? start|germinat\w*|start(ing)? (them |it )?(from seed|indoors)|how deep (do|should|to) (i )?(plant|sow))\b/,
  ],
  [
    "sowing",
    /\b(when|how|where) ((should|do|can|to|would) (i |we |you )?)?plant\b|\bplant(ing)? (bulbs?|sets|crowns?|tubers?|corms?|seed potatoes|cloves|rhizomes?|runners?|canes?|bare[- ]root)\b|\bhow deep\b/,
  ],
  [
    "planting-out",
    /\b(plant(ing)? (them |it )?out|transplant\w*|set (them |it )?out|harden\w* off|move (them |it )?(outside|outdoors)|put (them |it )?(outside|outdoors)|go (out|outside|outdoors))\b/,
  ],
  [
    "containers",
    /\b(pots?|potted|containers?|planters?|grow ?bags?|balcony|pot size|repot\w*|window ?box\w*|in a bucket)\b/,
  ],
  [
    "pruning",
    /\b(prun\w*|trim\w*|cut (it |them )?back|pinch\w*|suckers?|deadhead\w*|shap(e|ing)|top(ping)? (it|them|off))\b/,
  ],
  [
    "propagation",
    /\b(propagat\w*|cuttings|(a|the|my|this) cutting|take (a )?cutting|divid\w*|division|offsets?|pups?|runners?|root (it |them |a cutting )?in water|new plants? from|clon(e|es|ing)|air layer\w*|(sav|collect)(e|es|ing) (the |my |their )?(own )?seeds?|seed saving|split (it|them|the (clump|plant|crown))|(till|until) (it |they )?roots?|take root|to root|rooting|grow (it |them )?in (just |plain )?water)\b/,
  ],
  [
    "companions",
    /\b(companions?|(plant|grow)\w* (\w+ )?(next to|beside|near|alongside|together with|with)|grow (them )?together|good neighbou?rs|what (not )?to plant (with|near|next to)|get (on|along) with)\b/,
  ],
  [
    "pests",
    /\b(pests?|bugs?|insects?|aphids?|greenfl(y|ies)|blackfl(y|ies)|mites?|whitefl\w*|thrips|slugs?|snails?|caterpillars?|worms?|beetles?|gnats?|mealybugs?|scale|hornworms?|borers?|leaf ?miners?|eat(en|ing) (my |the )?leaves)\b/,
  ],
  [
    "diseases",
    /\b(diseases?|mildew|blight|rot|rots|rotting|rotten|fung\w*|mou?ld\w*|wilt\w*|virus\w*|rust|canker|leaf spots?|black spots?|spots?|sick|clubroot|scab)\b/,
  ],
  [
    "harvest",
    /\b(harvest\w*|pick\w*|ripe\w*|ready|when can i eat|yield|how long (until|till|before|to grow|does it take)|days to maturity|mature|stor(e|es|ed|ing|age)|dig (it |them )?up|cut (my |the )?(\w+ )?heads?|lift (it|them))\b/,
  ],
  [
    "overwintering",
    /\b(overwinter\w*|over (the )?winter|through (the )?winter|survive (the )?winter|winter (it|them) over|bring (it |them )?(in|inside|indoors)|dorman\w*|(stay|left|leave (it|them)) (outside|outdoors|out)|all winter|winter hardy|hardy)\b/,
  ],
  [
    "temperature",
    /\b(temperatures?|cold|colder|heat|hot|frost\w*|freez\w*|degrees|warm\w*|°c|°f|chill\w*|draughts?|drafts?)\b/,
  ],
  [
    "toxicity",
    /\b(toxic\w*|poison\w*|safe (for|around|with) (my )?(cats?|dogs?|pets?|kids|children|babies)|(cats?|dogs?|pets?|kids|children|toddlers?)\b.*\b(ok|okay|safe|harm\w*|dangerous))\b/,
  ],
];

const CARE =
  /\b(look after|care (for|of)|take care|how (do|should|can) i (grow|keep)|how to (grow|keep)) (?!\S+( \S+)? (flowering|fruiting|blooming|producing|cropping|from|off|out|away)\b)|\b(tips (for|on)|growing guide|tell me about|basics)\b/;

/** Question kinds, most specific first. */
const KIND_PATTERNS: [QuestionKind, RegExp][] = [
  ["how-often", /\b(how often|how frequently|how many times|every how|how regularly)\b/],
  // "How do I know it's ready?" asks for the signs of a moment: a when.
  [
    "when",
    /\bhow (do|can|will|would) (i|you|we) (know|tell)\b|\b(is|are) (it|they) (ready|ripe)\b/,
  ],
  [
    "when",
    /\b(when|what time of (the )?year|which month|what month|how (long|soon) (until|till|before|to|does))\b/,
  ],
  ["how-much", /\b(how (much|many|deep|far|big|large|tall|wide|close|high|long)|what size)\b/],
  ["why", /\b(why|what('s| is) (wrong|causing|happening)|what causes)\b/],
  ["which", /\b(which|what (kind|type|sort|variety|varieties|fertili[sz]er|soil|pot))\b/],
  [
    "can-i",
    /\b(can (i|you|it|they|we)|could i|should i|is it (ok|okay|safe|possible|too)|do (i|they|it) need|will (it|they)|is (it|this) normal)\b/,
  ],
  ["how", /\b(how)\b/],
  ["what", /\b(what)\b/],
];

const SEASONS: [Season, RegExp][] = [
  ["winter", /\b(winter\w*|december|january|february)\b/],
  ["spring", /\b(spring\w*|march|april|may)\b/],
  ["summer", /\b(summer\w*|june|july|august|heat ?wave)\b/],
  ["autumn", /\b(autumn\w*|fall|september|october|november)\b/],
];

const MEDIA: [Medium, RegExp][] = [
  [
    "hydroponics",
    /\b(hydro(ponic(s|ally)?)?|dwc|nft|kratky|deep water culture|aerogarden|in water)\b/,
  ],
  ["cocopeat", /\b(coco(peat| coir| ?peat)?|coir)\b/],
  ["soil", /\b(in (the )?soil|in the ground|garden soil)\b/],
];

const INDOOR =
  /\b(indoors?|inside|windowsills?|in the house|in my (flat|apartment|room|office|kitchen))\b/;
const OUTDOOR = /\b(outdoors?|outside|in the garden|in (my )?beds?|in the ground)\b/;
const LED = /\b(leds?|grow ?lights?|under lights?|lamps?)\b/;
const CONTAINER = /\b(pots?|potted|containers?|planters?|grow ?bags?|balcony|window ?box\w*)\b/;
const POINTS_BACK = /\b(it|its|they|them|their|those|these|mine|that one|this one)\b/;
// Plants in general: "them" after one of these in the same message means them, not a plant
// of the chat's ("how do I harden off seedlings before planting them out?").
const PLANTS_IN_GENERAL =
  /\b(seedlings|seeds|plants|veg|vegetables|veggies|herbs|flowers|bulbs|cuttings|houseplants|trees|shrubs|perennials|annuals|crops|fruit trees|roses)\b/;

/** "It", "them": pointing at plants named earlier in the chat, not earlier in the message. */
function pointsBackIn(lower: string): boolean {
  const pointer = lower.search(POINTS_BACK);
  if (pointer < 0) return false;
  const own = lower.search(PLANTS_IN_GENERAL);
  return own < 0 || own > pointer;
}
const FOLLOW_UP_OPENING =
  /^\s*(and|also|what about|how about|and what|what if|but|ok(ay)?|then|so)\b|^\s*(why|how deep|how much|how often|when)\??\s*$/;

const GARDEN_PATTERNS: [GardenAsk, RegExp][] = [
  [
    "tasks",
    /\b(my tasks|tasks? (for|this|today|due)|to-?dos?|chores|what('s| is) (due|overdue)|anything (due|overdue)|jobs? (for|this))\b|\bwhat (do|should|must|can) i (need to )?do\b.*\b(today|tonight|tomorrow|this week(end)?|now|in the garden)\b/,
  ],
  [
    "plant-now",
    /\b(what|which) (can|should|could) i (plant|sow|grow)\b(?!.*\b(with|next to|near)\b)|\bwhat to (plant|sow) (now|this|in)\b/,
  ],
  ["zone", /\b(my|our|what) (hardiness )?zone\b|\bzone (am i|are we|do i|is it)\b|\bwhat zone\b/],
  [
    "my-plants",
    /\b(what|which) (plants|crops) (do i have|am i growing)|\bwhat am i growing\b|\b(list|show) (me )?my (plants|garden)\b/,
  ],
  [
    "overdue",
    /\b(anything|what('s| is)?|which tasks?( are)?) overdue\b|\boverdue tasks\b|\bneeds? (my )?attention\b/,
  ],
  [
    "tasks",
    /\b(on )?my (to-?do )?list\b|\bwhat should i do (for|with|about) my\b.*\b(today|this week|now)\b/,
  ],
  [
    "ready-when",
    /\bwhen (will|is|are|can i (start )?(pick|harvest)\w*)\b.*\bmy\b|\bwhen (will|is|are) (it|they) (be )?(ready|ripe)\b|\bwhen can i (start )?(pick|harvest)\w* my\b|\bwhen (will|is|are) the \w+( \w+)? (be )?(ready|ripe)\b/,
  ],
  [
    "status",
    /\bhow('s| is| are)? my\b.*\b(doing|going|getting on|coming along|looking)\b|\bstatus of my\b|\bhow old is my\b|\bhow('s| is) (the|my) \w+\s*\??$/,
  ],
];

const SYMPTOM =
  /\b(yellow\w*|brown\w*|black\w*|white (powder|spots?|fluff|cotton)\w*|powdery|spots?|spotted|curl\w*|wilt\w*|droop\w*|holes?|sticky|webb\w*|dying|died|crispy|leggy|stretch\w*|falling|dropp\w*|rott\w*|mushy|slimy|stunted|pale|split\w*|crack\w*|forked|bolt\w*|no (fruit|flowers?|bulbs?)|not (flowering|fruiting)|won'?t (flower|fruit|germinate)|keel\w* over|collaps\w*|sad|struggling|mould\w*|mold\w*|fuzz\w*|speckl\w*|tiny (flies|bugs)|leathery|(go(es|ing)?|run(s|ning)?) to seed|scab\w*|bumps?|galls?|distort\w*|mottl\w*|streak\w*|scorch\w*|burn\w*|tips)\b/;

/** Contractions typed without their apostrophe ("whats wrong", "hows my basil", "it wont flower"). */
const BARE_CONTRACTION =
  /\b(what|how|when|where|who|that|there)s\b|\b(do|does|did|is|are|was|were|has|have|had|wo|ca|should|would|could)nt\b|\b(they|you)re\b/g;

const fold = (text: string) =>
  text
    .toLowerCase()
    .replace(/[’‘]/g, "'")
    .replace(BARE_CONTRACTION, (word, s?: string, _nt?: string, re?: string) =>
      s ? `${s}'s` : re ? `${re}'re` : `${word.slice(0, -2)}n't`,
    );

/** The aspects a text asks about, in ASPECT_PATTERNS order. */
export function aspectsIn(text: string): Aspect[] {
  const lower = fold(text);
  const found = ASPECT_PATTERNS.filter(([, pattern]) => pattern.test(lower)).map(([a]) => a);
  return prune([...new Set(found)], lower);
}

/**
 * Drops aspects another found aspect explains: "pots" in "can I grow it in pots" is containers,
 * but "water my pots" is water in a container; "seeds" in "harvest seeds" is harvest.
 */
function prune(found: Aspect[], text: string): Aspect[] {
  const has = (aspect: Aspect) => found.includes(aspect);
  let kept = found;
  const drop = (aspect: Aspect) => {
    kept = kept.filter((a) => a !== aspect);
  };
  // A container named beside another aspect is a condition of it, not the question.
  if (
    has("containers") &&
    kept.length > 1 &&
    !/\b(pot size|what size|how big|repot\w*|which pot|grow (it|them) in (a )?pots?|in (a )?pots?\?|container grow\w*)\b/.test(
      text,
    )
  ) {
    drop("containers");
  }
  // "under LEDs, how often should I water?" asks water; light only with light words.
  if (
    has("grow-light") &&
    has("light") &&
    !/\b(light|sun)\b.*\b(need|hours|how much)\b/.test(text)
  ) {
    drop("light");
  }
  // Hydroponic pH is a solution question, not soil.
  if (has("hydroponics") && has("soil") && !/\bsoil\b/.test(text)) drop("soil");
  // Winter words in a watering question are the season, not overwintering.
  if (
    has("temperature") &&
    kept.length > 1 &&
    !/\b(temperature|how (cold|hot|warm)|frost|degrees)\b/.test(text)
  ) {
    drop("temperature");
  }
  // "How warm does the soil need to be?" asks a temperature; the soil is what is measured.
  if (has("temperature") && has("soil") && /\b(how (warm|cold)|temperature)\b/.test(text)) {
    drop("soil");
  }
  if (has("overwintering") && has("water")) drop("overwintering");
  // "Store apples over winter" keeps the harvest, not the plant.
  if (has("overwintering") && has("harvest") && /\bstor(e|es|ed|ing|age)\b/.test(text)) {
    drop("overwintering");
  }
  // "Save seeds from my tomatoes" is propagation, not sowing.
  if (has("propagation") && has("sowing") && /\b(sav|collect)\w* .*seeds?|seed saving/.test(text)) {
    drop("sowing");
  }
  // "How long till it roots?" and "grow it in just water" are about propagating.
  if (has("propagation")) {
    if (/\b(roots?|rooting|in (just |plain )?water)\b/.test(text)) drop("water");
    drop("harvest");
  }
  // "How deep should the water soak in?" is watering, not sowing depth.
  if (has("sowing") && has("water") && !/\b(sow|seed|plant)/.test(text)) drop("sowing");
  // "spots" and "rot" inside a pest question are symptoms of it.
  if (has("sowing") && has("harvest") && /\bseeds?\b/.test(text) && !/\bsow/.test(text))
    drop("sowing");
  if (has("feeding") && has("hydroponics") && /\bnutrient/.test(text)) drop("feeding");
  // "Splitting just as they ripen": the ripening says when the trouble comes, not a harvest ask.
  if (
    has("harvest") &&
    SYMPTOM.test(text) &&
    /\b(as|while|before|when) (they|it|the \w+|they're|they are) ((start|begin) to )?ripen/.test(
      text,
    ) &&
    !/\b(harvest|pick|ready)/.test(text)
  ) {
    drop("harvest");
  }
  return kept;
}

export function kindOf(text: string): QuestionKind | null {
  const lower = fold(text);
  return KIND_PATTERNS.find(([, pattern]) => pattern.test(lower))?.[0] ?? null;
}

export function conditionsIn(text: string): Conditions {
  const lower = fold(text);
  const conditions: Conditions = {};
  const season = SEASONS.find(([, pattern]) => pattern.test(lower))?.[0];
  if (season) conditions.season = season;
  const medium = MEDIA.find(([, pattern]) => pattern.test(lower))?.[0];
  if (medium) conditions.medium = medium;
  if (INDOOR.test(lower)) conditions.place = "indoor";
  else if (OUTDOOR.test(lower)) conditions.place = "outdoor";
  if (LED.test(lower)) conditions.lights = "led";
  if (CONTAINER.test(lower)) conditions.container = true;
  return conditions;
}

export function gardenAskIn(text: string): GardenAsk | null {
  const lower = fold(text);
  if (/\b(anything|what('s| is)?|which tasks?( are)?) overdue\b|\boverdue tasks\b/.test(lower)) {
    return "overdue";
  }
  // "What do I do today?" is the day's tasks; "frost tonight, how do I protect my veg?" is not.
  if (
    /\b(today|tonight)\b/.test(lower) &&
    /\b(tasks?|list|to-?dos?|to do|i do|due|jobs?)\b/.test(lower)
  ) {
    return "today";
  }
  // The task and zone questions the engine has always recognised keep their rules.
  const intent = detectIntent(text);
  if (intent === "tasks" || intent === "zone" || intent === "my-plants") return intent;
  return GARDEN_PATTERNS.find(([, pattern]) => pattern.test(lower))?.[0] ?? null;
}

/**
 * Splits a message into its asks: at question marks, and at "and" or "also" where each side asks
 * something of its own ("When do I sow carrots and how deep?"). A side with no aspect of its own
 * takes the one before it.
 */
export function partsOf(text: string, read?: Vocabulary["read"]): Part[] {
  const pieces = fold(text)
    .split(
      /\?+|\b(?:and|also|plus)\b(?=\s+(?:how|when|what|which|why|can|should|do|does|is|are|where)\b)/,
    )
    .map((piece) => piece.trim())
    .filter((piece) => piece.length > 0);
  const parts: Part[] = [];
  for (const piece of pieces) {
    const learned = read?.(piece);
    const aspects = aspectsIn(piece);
    const kind = learned ? learned.kind : kindOf(piece);
    const previous = parts[parts.length - 1];
    if (aspects.length === 0 && previous) {
      // "…and how deep?": the same aspect, another kind; a repeat of the kind adds nothing.
      if (kind && kind !== previous.kind) {
        parts.push({ aspects: previous.aspects, kind, text: piece });
      }
      continue;
    }
    if (aspects.length === 0 && !kind) continue;
    parts.push({ aspects, kind, text: piece });
  }
  // "When and how deep do I plant corms?": the leading "when" asks about what follows it.
  for (const [i, part] of parts.entries()) {
    const next = parts[i + 1];
    if (part.aspects.length === 0 && next) part.aspects = next.aspects;
  }
  if (parts.length === 1)
    return [{ aspects: parts[0]?.aspects ?? [], kind: parts[0]?.kind ?? null }];
  return parts.length > 0 ? parts : [{ aspects: [], kind: read ? read(text).kind : kindOf(text) }];
}

/** Slots of one message, read on its own (conversation.ts carries them across turns). */
export function understand(message: string, vocabulary: Vocabulary): Understanding {
  const lower = fold(message);
  const crops = vocabulary.cropsIn(message);
  const words = lower.split(/\s+/).filter(Boolean).length;
  const learned = vocabulary.read?.(message);
  let garden = gardenAskIn(message);
  // "What do I do with my dahlias over winter?" asks about dahlias, not the task list.
  if (
    garden === "tasks" &&
    crops.length > 0 &&
    !/\b(tasks?|to-?dos?|chores|jobs|this week|today)\b/.test(lower)
  ) {
    garden = null;
  }
  return {
    text: message,
    crops,
    ownPlantIds: vocabulary.ownPlantsIn(message, crops),
    pointsBack: pointsBackIn(lower),
    parts: partsOf(vocabulary.withoutPlants(message), vocabulary.read),
    conditions: conditionsIn(message),
    garden,
    care: CARE.test(lower),
    symptom: learned ? learned.symptom : SYMPTOM.test(lower),
    followUp: FOLLOW_UP_OPENING.test(lower) || words <= 4,
  };
}
