import {
  ateSomeCall,
  childPoisonLine,
  emergencyCall,
  petPoisonLine,
  poisonContact,
} from "./emergency-lines";
import type { SafetyLabel } from "./understanding/labels";

/**
 * Safety routes (ASSISTANT.md step 1, issues 22 and 39). A message is read before anything else
 * by the trained safety head (understanding/) and by the rule table below; the graver of the two
 * classes wins, in priority order: emergency → wild edibility → chemicals on food → toxicity to
 * pets or children → legal limits → prompt injection. A class other than toxicity selects a
 * fixed reply and the engine stops there; toxicity is answered from the plant's facts and ends
 * with the poison line. Both lean towards catching a real emergency: a false alarm costs one odd
 * reply, a miss can cost a life.
 */

export type SafetyClass =
  | "emergency"
  | "wild-edibility"
  | "chemical-on-food"
  | "toxicity"
  | "legal"
  | "injection";

const PRIORITY: readonly SafetyClass[] = [
  "emergency",
  "wild-edibility",
  "chemical-on-food",
  "toxicity",
  "legal",
  "injection",
];

export interface SafetyRead {
  class: SafetyClass;
  /** For emergency: what happened, which changes the first-aid line. */
  emergency?: "allergic" | "swallowed" | "eye" | "skin" | "breathing" | "other";
  /** For toxicity: who is at risk. */
  who?: "pet" | "child";
  /**
   * For toxicity: the pet or child has already eaten or chewed something, or shows symptoms, so
   * the answer leads with the poison line instead of ending with it.
   */
  urgent?: boolean;
}

const fold = (text: string) => text.toLowerCase().replace(/[’‘`]/g, "'").replace(/\s+/g, " ");

// Who: children (also people), other people, and animals kept at home. "he"/"she" are left out of
// PERSON: next to a pet they usually mean the pet.
const CHILD =
  /\b(kids?|child(ren)?|bab(y|ies)|toddlers?|infants?|sons?|daughters?|little ones?|grand(kids?|sons?|daughters?|child\w*)|(\d+|one|two|three|four|five|six) ?(-| )?(year|yr|month)s?[- ]old|\d+ ?(yo|y\/o|yrs?)|bby|boy|girl|nephew|niece)\b/;
const PERSON =
  /\b(someone|somebody|person|husband|wife|partner|friend|mum|mom|dad|father|mother|neighbou?r|colleague|man|woman)\b/;
const PET =
  /\b(cats?|kitt(en|ens|y|ies)|dogs?|pupp(y|ies)|pups?|pets?|rabbits?|bunn(y|ies)|guinea pigs?|hamsters?|parrots?|budgies?|tortoises?|horses?)\b/;

// Emergencies. Each pattern is read on folded text; typos seen in real messages are allowed.
const SWELLING =
  /\b(swell\w*|swoll\w*|sweling|puff(ing|ed|y) up)\b.{0,60}\b(lips?|throat|tongue|face|mouth|eyes?|eyelids?)\b|\b(lips?|throat|tongue|face|mouth|eyelids?)\b.{0,40}\b(swell\w*|swoll\w*|sweling|puff(ing|ed|y) up|closing( up)?|tight\w*)\b/;
const ANAPHYLAXIS =
  /\b(anaph?yla\w*|anaphalax\w*|epi ?pen|auto-?injector|allergic shock|severe allergic|bad allergic)\b/;
const STING = /\b(sting\w*|stung|bee|wasp|hornet|allerg\w*|hives)\b/;
const BREATHING =
  /\b(can'?t|cannot|can not|could ?n'?t|unable to|trouble|difficulty|struggl\w*|hard to|fighting to|not) ?(\w+ )?breath\w*|\bshort(ness)? of breath\b|\bwheez\w*|\bgasping\b/;
const COLLAPSE =
  /\b(unconscious|unresponsive|(isn'?t|is not|not) (moving|responding)|passed out|pass(ing|es)? out|fainted|fainting|faints|(going to|gonna|feel|feels|felt) faint|collaps\w*|seizures?|seizing|convuls\w*|having a fit|won'?t wake( up)?|not waking)\b/;
// Roots "can't breathe" and potato plants "collapse": a symptom counts only said of a person (or
// of the pet), with nothing but link words between ("my dad is having trouble breathing").
const LINK =
  "( (is|was|has|had|have|just|suddenly|now|having|a|an|been|keeps|kept|seems|started|starting|to|really|and|then|can|could|think|feel|feels|felt|is now|also))*";
const saidOf = (subject: string, symptom: RegExp) =>
  new RegExp(`(${subject})${LINK} (${symptom.source})`);
const PERSON_SUBJECT = `${CHILD.source}|${PERSON.source}|\\b(he|she|him|her|i|i'm|im|i've|ive|we)\\b`;
const PET_SUBJECT = `${PET.source}|\\b(he|she|it)\\b`;
const PERSON_BREATHING = saidOf(PERSON_SUBJECT, BREATHING);
const PERSON_COLLAPSE = saidOf(PERSON_SUBJECT, COLLAPSE);
// Signs no plant shows may come a few words after the person ("mum fell and isn't moving").
const OUT_COLD =
  /\b(unconscious|unresponsive|(isn'?t|is not|not) moving|passed out|seizures?|convuls\w*)\b/;
const PERSON_OUT_COLD = new RegExp(
  `(${CHILD.source}|${PERSON.source}|\\b(he|she)\\b)[^.?!]{0,40}?${OUT_COLD.source}`,
);
const PET_IN_DISTRESS = saidOf(PET_SUBJECT, new RegExp(`${BREATHING.source}|${COLLAPSE.source}`));
// Someone swallowed something: the eater, at most a few helper words, then the verb.
const HELPERS =
  "( (just|accidentally|may|might|could|must|have|has|had|'ve|think|probably|possibly|maybe|already|did|then|also|been)){0,3}";
const SWALLOW_VERB =
  " (swallow(ed|s)?|ate|eaten|eating|chewed( on)?|tasted|tried eating|drank|drunk|licked|bit into|put (a|an|some|the) .{1,30} in (his|her|their|my) mouth)\\b";
const OTHER_ATE = new RegExp(
  `(${CHILD.source}|${PERSON.source}|\\b(he|she)\\b)${HELPERS}${SWALLOW_VERB}`,
);
const I_ATE = new RegExp(`\\b(i|we)${HELPERS}${SWALLOW_VERB}`);
// Things that call for poison control whoever ate them.
const HAZARD =
  /\b(berr(y|ies)|mush?ro+ms?|toadstools?|fung(i|us)|pellets?|fertili[sz]ers?|pestic\w*|insectic\w*|herbic\w*|fungicides?|weed ?killers?|slug (bait|pellets?)|rat poison|poison\w*|bulbs?|sap|bait|granules|plant food|liquid feed|chemicals?|bleach|neem|something|anything|wild)\b/;
// Plant parts: a child eating one is an emergency; an adult eating one is only with a symptom.
const PLANT_PART =
  /\b(leaf|leaves|seeds?|plants?|flowers?|petals?|roots?|lil(y|ies)|stems?|soil|compost|potting mix)\b/;
const UNWELL =
  /\b(sick|vomit\w*|throw(ing)? up|threw up|dizzy|numb\w*|tingl\w*|burning|hallucinat\w*|toxic|poi?s[io]+n\w*|dangerous|harmful|deadly)\b/;
const IN_EYE =
  /\b(in|into|on) (my|his|her|their|your|both|one of (my|his|her|their)) eyes?\b|\beyes? (is|are) (burning|stinging)\b|\bmy eyes? (hurts?|burns?|is burning|stings?|is stinging|(is|are) red)\b/;
const EYE_CAUSE =
  /\b(splash\w*|spray\w*|squirt\w*|got|get|sap|chemicals?|pestic\w*|insectic\w*|herbic\w*|weed ?killer|fertili[sz]er|bleach|lime|burn\w*|sting\w*|milk|juice|neem)\b/;
const SKIN_BURN =
  /\bchemical burns?\b|\b(sap|chemicals?|pestic\w*|herbic\w*|weed ?killer|fertili[sz]er|bleach|lime|caustic|hogweed)\b.{0,60}\b(burn\w*|blister\w*)\b|\b(burn\w*|blister\w*)\b.{0,60}\b(sap|chemicals?|hogweed|weed ?killer|bleach|caustic)\b/;
// Words that say a symptom belongs to a person, not the pet also named in the message.
const HUMAN_BODY = /\bmy (lips?|throat|tongue|face|mouth|eyes?|skin|hands?|arms?|legs?|chest)\b/;
const FIRST_PERSON_SYMPTOM =
  /\b(i|i'm|im|i am|i've|ive)( \w+){0,2} (breath\w*|swell\w*|swoll\w*|faint\w*|pass\w* out|collaps\w*|dizzy|seiz\w*)/;

type Emergency = NonNullable<SafetyRead["emergency"]>;

/** A pet named with no person in the message: its emergencies go to the vet, not 911. */
function aboutPetOnly(text: string): boolean {
  return (
    PET.test(text) &&
    ![CHILD, PERSON, HUMAN_BODY, FIRST_PERSON_SYMPTOM, I_ATE].some((who) => who.test(text))
  );
}

function swallowed(text: string): boolean {
  if (OTHER_ATE.test(text) && (HAZARD.test(text) || PLANT_PART.test(text))) return true;
  return I_ATE.test(text) && (HAZARD.test(text) || (PLANT_PART.test(text) && UNWELL.test(text)));
}

function readEmergency(text: string): Emergency | null {
  if (aboutPetOnly(text)) return null;
  if (swallowed(text)) return "swallowed";
  if (SWELLING.test(text) || ANAPHYLAXIS.test(text)) return "allergic";
  if (PERSON_BREATHING.test(text) && STING.test(text)) return "allergic";
  if (IN_EYE.test(text) && EYE_CAUSE.test(text)) return "eye";
  if (SKIN_BURN.test(text)) return "skin";
  if (PERSON_BREATHING.test(text)) return "breathing";
  if (PERSON_COLLAPSE.test(text) || PERSON_OUT_COLD.test(text)) return "other";
  return null;
}

// Wild plants and fungi someone might eat.
const FUNGI =
  /\b(mush?ro+ms?|musrooms?|toadstools?|fung(i|us)(?! gnats?)|shrooms?|puffballs?|chanterelles?|morels?|bolet(e|es|us)|ceps?|inkcaps?|fairy rings?)\b/;
const CULTIVATED_FUNGI =
  /\b(kit|grow ?bags?|spawn|logs?|substrate|fruiting|oyster|shiitake|button|lion'?s mane)\b/;
const FORAGED =
  /\b(\w*berr(y|ies)|greens|leaves|leaf|plants?|herbs?|flowers?|nuts?|fruits?|garlic|seeds?|roots?|weeds?|dandelions?|nettles?|elder\w*|sloes?|acorns?|chestnuts?|clover|sorrel|purslane|chickweed)\b/;
const WILD =
  /\b(wild|forag\w*|found|picked (up )?(on|in|from|along)|hedge\w*|roadside|verge|woods?|woodland|forest|trail|hike|hiking|on a walk|park|meadow|field|lawn|yard|street|sidewalk|pavement|unknown|unidentified|mystery|random|strange)\b/;
// A person eating: "can I eat", "edible", "poisonous". Not "deer are eating my plants".
const PERSON_EATS =
  /\b(edible|inedible|safe to (eat|cook|consume)|(ok|okay|fine|alright) to (eat|cook)|(can|could|should|may) (i|we|you|one|people|humans|my family) (\w+ )?(eat|cook|use|fry|saut[eé]|roast|boil|bake|grill)|(eat|fry|cook|saut[eé]|roast|boil|bake|grill) (it|them|these|this|those)( up)?|(i|we|you|people) (\w+ ){0,2}(eat|cook|taste|try)|(pick|collect|gather|use) (it|them|some|these|those)( \w+)? (for|to make|in|into) (a )?(pesto|salad|soup|tea|dinner|cooking|eating|jam|wine|risotto|omelette|a meal)|poi?s[io]+n\w*|toxic|deadly|forag\w*)\b/;

function readWildEdibility(text: string): boolean {
  if (aboutPetOnly(text)) return false;
  if (FUNGI.test(text) && PERSON_EATS.test(text)) {
    // A grow kit's oyster mushrooms are a crop; any fungus found wild is not.
    return !(CULTIVATED_FUNGI.test(text) && !WILD.test(text));
  }
  return FORAGED.test(text) && WILD.test(text) && PERSON_EATS.test(text);
}

// Toxicity to pets or children.
const TOXIC =
  /\b(toxic\w*|poi?s[io]+n\w*|harmful|dangerous|deadly|safe (for|around|with|near|to have around)|(pet|cat|dog)[- ]?(safe|friendly|proof)|(child|kid|baby|toddler)[- ]?(safe|proof)|(can|may|should) (my |our |the |a )?(\w+ )?\w+ (eat|chew|have)|ok(ay)? for (my |our |the )?\w+ to (eat|chew))\b/;
const ATE = /\b(ate|eaten|eating|eats|chew\w*|nibbl\w*|lick\w*|swallow\w*|munch\w*|bit(ten)?)\b/;
// "How do I stop the cat eating my plants?" is about keeping it off, not a poisoning.
const DETER = /\b(stop|keep|deter|prevent|protect|away from|get rid)\b/;
const SYMPTOM =
  /\b(vomit\w*|throw(ing|n)? up|threw up|sick|drool\w*|seiz\w*|shak\w*|trembl\w*|letharg\w*|twitch\w*|diarrh\w*|foam\w*|collaps\w*|not eating|won'?t eat|off (his|her|its) food|panting|wobbl\w*|breath\w*)\b/;
// What a pet might eat: a plant or a garden product, not its own food or the gardener's bed.
const EDIBLE_HAZARD =
  /\b(plants?|leaf|leaves|lil(y|ies)|flowers?|petals?|bulbs?|berr(y|ies)|seeds?|mush?ro+ms?|toadstools?|fung(i|us)|pellets?|fertili[sz]ers?|pestic\w*|insectic\w*|herbic\w*|weed ?killers?|slug (bait|pellets?)|bait|compost|cocoa mulch|mulch|granules|sap|stems?|roots?)\b/;

// A cat, dog or "my rabbit" that ate or chewed any plant: the name may be one this table does not
// know (poinsettia, sago palm). Its own food or grass is no poisoning, nor are wild rabbits in a bed.
const HOUSE_PET =
  "\\b(cats?|kitt(en|ens|y|ies)|dogs?|pupp(y|ies)|pups?)\\b|\\bmy (rabbit|bunny|guinea pig|hamster|tortoise|parrot|budgie|horse)\\b";
const HOUSE_PET_ATE = new RegExp(
  `(${HOUSE_PET})${LINK} (ate|eaten|eating|chew(ed|ing)( on| up)?|nibbl(ed|ing)( on)?|licked|swallowed)\\b(?! (its|his|her|their|the) (food|dinner|treats?|kibble|biscuits?)| (some )?grass\\b)`,
);

function readToxicity(text: string): SafetyRead | null {
  const pet = PET.test(text);
  const child = CHILD.test(text);
  if (!pet && !child) return null;
  const who = whoAtRisk(text);
  const ateSomething = ATE.test(text) && EDIBLE_HAZARD.test(text);
  const happened = (ateSomething || HOUSE_PET_ATE.test(text)) && !DETER.test(text);
  // A pet in distress goes to the vet line even when the message names no plant.
  const petInDistress = who === "pet" && PET_IN_DISTRESS.test(text);
  if (!TOXIC.test(text) && !happened && !petInDistress) return null;
  const urgent = happened || petInDistress || (ATE.test(text) && SYMPTOM.test(text));
  return urgent ? { class: "toxicity", who, urgent } : { class: "toxicity", who };
}

/** A pet, unless a child is named first (or no pet at all). */
function whoAtRisk(text: string): "pet" | "child" {
  return PET.test(text) && !childFirst(text) ? "pet" : "child";
}

/** Both a child and a pet named: the one named first is the one asked about. */
function childFirst(text: string): boolean {
  const c = text.search(CHILD);
  const p = text.search(PET);
  return c >= 0 && (p < 0 || c < p);
}

// Plants whose growing is limited by law in many places. "Weed" alone is a weed in a bed: only
// growing or smoking it, or its plants, strains and buds, mean cannabis.
const LEGAL =
  /\b(cann?[ai]bis|mari(j|h)uana|marijauna|ganja|thc|kush|autoflower\w*|feminized seeds?|psilocyb\w*|magic mush?ro+ms?|liberty caps?|poppy (tea|pods? (tea|for (tea|opium|latex)))|(make|making|brew\w*) poppy|(grow\w*|cultivat\w*) (\w+ )?shrooms|opium|papaver somniferum|coca (plants?|leaf|leaves|bush\w*|shrubs?|seeds?)|erythroxylum|peyote|mescaline|salvia divinorum|kratom|khat)\b|\b(grow(ing)?|smok\w*) (some |my own |my |our )?weed\b(?!-| (barrier|fabric|membrane|killer|control|free|suppress\w*|mat|cloth|block|seeds?|prevent\w*))|\bweed (plants?|strains?|buds?|grow ?(tent|room|op))\b|\bhemp\b.{0,40}\b(smok\w*|thc|buds?|high)\b|\b(smok\w*|thc|buds?|get(ting)? high)\b.{0,40}\bhemp\b/;

// Attempts to read or replace the assistant's own instructions. "Act as" only with a persona
// for the assistant: "does straw act as a mulch?" is gardening.
const INJECTION =
  /\b(ignor\w*|disregard|forget|override|bypass)( (all|any|of|the|my))* (previous|prior|above|earlier|preceding|former|original|system|safety|your|these|those|all)( \w+)? (instruc\w*|rules?|prompts?|directions?|guidelines?|restrictions?|filters?|programming|messages?)\b|\b(ignor\w*|disregard|forget) (all|any|everything)\b|\b(print|reveal|show|repeat|tell|output|display|give|leak|dump|share|write out|what (is|are)|what's)( me| us)? (your|the) (system|initial|hidden|original|secret|full|internal|exact) ?(prompt|instruc\w*|message|rules)\b|\bsystem prompt\b|\byou('?re| are) now\b|\bfrom now on,? you\b|\b(developer|dev|god|admin|debug|unrestricted) mode\b|\bjail ?break\w*|\bdo anything now\b|\b(act as|pretend (to be|you'?re|you are)) (an? |my |the )?(\w+ )?(ai|assistant|chat ?bot|gpt|model|llm|dan|linux|terminal|shell|hacker|unfiltered|unrestricted|different|evil)\b|\bact as (if|though) you\b|\bnew instructions\b/;

/** The rule table's class of a folded message. */
function ruleRead(text: string): SafetyRead | null {
  const emergency = readEmergency(text);
  if (emergency) return { class: "emergency", emergency };
  if (readWildEdibility(text)) return { class: "wild-edibility" };
  const toxicity = readToxicity(text);
  if (toxicity) return toxicity;
  if (LEGAL.test(text)) return { class: "legal" };
  if (INJECTION.test(text)) return { class: "injection" };
  return null;
}

/**
 * What the trained head's class means for this message. A pet's emergency is a toxicity read
 * that is urgent (the vet line leads); who is at risk comes from the people and animals named.
 */
function learnedRead(text: string, learned: SafetyLabel): SafetyRead | null {
  switch (learned) {
    case "none":
      return null;
    case "emergency":
      if (aboutPetOnly(text)) return { class: "toxicity", who: "pet", urgent: true };
      return {
        class: "emergency",
        emergency: readEmergency(text) ?? (ATE.test(text) ? "swallowed" : "other"),
      };
    case "toxicity":
      return { class: "toxicity", who: whoAtRisk(text) };
    default:
      return { class: learned };
  }
}

/**
 * How grave a read is: an urgent toxicity (a pet or child that ate something) ranks just after
 * an emergency, so the head's emergency for a child who chewed a leaf gives the call first.
 */
const rank = (read: SafetyRead) =>
  read.class === "toxicity" && read.urgent ? 0.5 : PRIORITY.indexOf(read.class);

/**
 * The safety class of a message, or null for an ordinary gardening question. `learned` is the
 * trained safety head's label for it (understanding/understanding.ts); without one, the rules
 * alone decide.
 */
export function classifySafety(message: string, learned: SafetyLabel = "none"): SafetyRead | null {
  const text = fold(message);
  const reads = [ruleRead(text), learnedRead(text, learned)].filter(
    (read): read is SafetyRead => read !== null,
  );
  return reads.sort((a, b) => rank(a) - rank(b))[0] ?? null;
}

const FIRST_AID: Record<Emergency, string> = {
  allergic: "If they have an adrenaline auto-injector (such as an EpiPen), use it now.",
  swallowed: "Don't try to make them sick; keep the plant, berry or product label to show.",
  eye: "Rinse the eye with clean running water for 15 minutes, holding it open, and don't rub it.",
  skin: "Rinse the skin under cool running water for 15 minutes and take off anything splashed.",
  breathing:
    "Get out into fresh air, away from any spray or fumes, sit upright and stay with them until help arrives.",
  other: "Stay with them; if they are unconscious but breathing, lay them on their side.",
};

function wildReply(country: string | null | undefined): string {
  return (
    "Please don't eat it. No photo or description can make a wild mushroom, berry or plant safe: " +
    "deadly ones such as the death cap look almost the same as ones people eat. " +
    "Take it in person to a local expert, such as a mycological society or your extension office. " +
    `If anyone has already eaten some, ${ateSomeCall(country)} now.`
  );
}

const CHEMICAL_REPLY =
  "Don't use it on anything you will eat. Household products, and pesticides whose label does " +
  "not name that crop, can leave residues that are not safe to eat, and many harm the plant. " +
  "If it is already on: wear gloves, rinse the plants well with clean water and don't pick yet. " +
  "A product made for food crops gives a harvest interval on its label (the days to wait between " +
  "spraying and picking); if the label doesn't name the crop or gives no interval, don't eat " +
  "what was sprayed. Instead, pick pests off by hand, knock them off with a jet of water, use " +
  "insecticidal soap or fleece and netting, or a product labelled for that crop, used as its " +
  "label says.";

const LEGAL_REPLY =
  "Whether you may grow it depends on the law where you live. " +
  "I can't help with growing it, but I'm glad to help with your vegetables, herbs, fruit, " +
  "flowers and houseplants.";

const INJECTION_REPLY =
  "I can't share or change my instructions. " +
  "I'm happy to help with your garden, though: ask me about a plant, a pest or what to do this week.";

/**
 * The fixed reply for emergency, wild-edibility, chemicals on food, legal and injection; null for
 * toxicity. Numbers follow the gardener's country (ISO code), with a general line where unknown.
 */
export function safetyReply(read: SafetyRead, country?: string | null): string | null {
  switch (read.class) {
    case "emergency": {
      const kind = read.emergency ?? "other";
      const poison = kind === "swallowed" ? poisonContact(country) : null;
      const call = `${emergencyCall(country)}${poison ? `, or ${poison}` : ""}.`;
      return `${call} ${FIRST_AID[kind]}`;
    }
    case "wild-edibility":
      return wildReply(country);
    case "chemical-on-food":
      return CHEMICAL_REPLY;
    case "legal":
      return LEGAL_REPLY;
    case "injection":
      return INJECTION_REPLY;
    case "toxicity":
      return null;
  }
}

/** The line a toxicity answer ends with: the vet or animal poison line, or the poison line. */
export function poisonLine(who: "pet" | "child", country?: string | null): string {
  return who === "pet" ? petPoisonLine(country) : childPoisonLine(country);
}
