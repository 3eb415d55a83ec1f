import type { Crop } from "../../../../core/schemas/crop";
import type { IssueCause } from "../../../../core/schemas/identification";
import type { IssueAnalysis } from "../assistant";
import { sentencesOf } from "../knowledge/crop-facts";
import type { KnowledgeBase, Passage } from "../knowledge/knowledge-base";
import { isRelevant, passageSource } from "./knowledge-answer";

/** Enough causes to compare, few enough to read on a phone. */
const MAX_CAUSES = 4;
const MAX_ACTIONS = 4;
/** Sections that explain how to tell problems apart rather than naming one. */
const GUIDE_HEADING = /^(how to (diagnose|tell|read)|reading|telling)\b/i;
/** Sections about why, when or prevention: background, neither a cause nor a guide. */
const BACKGROUND_HEADING = /^(what causes|why|when|prevent\w*|conditions)\b/i;
/** Headings of what to do about a problem; a note with one is about a problem. */
const REMEDY_HEADING =
  /\b(fix\w*|control\w*|treat\w*|get rid|manag\w*|what to do|cure\w*|sav(e|ing)|rescu\w*|deal\w*)\b/i;
/** Notes with a remedy-like heading that are not about a plant's own trouble. */
const NOT_PLANT_PROBLEMS = new Set(["pet-toxicity", "composting"]);
/** Words that say nothing about what is wrong ("my plant looks sad"). */
const VAGUE =
  "plant plants look looks looking seem seems grow growing problem problems wrong help issue " +
  "happen happening sad unhappy bad dying die healthy garden pot turn turning turned become " +
  "becoming getting going gone start started starting keep keeps lot lots some";
/** "… usually mean nitrogen shortage, …": the cause a symptom guide names. */
const POINTS_TO =
  /\b(?:usually means?|means?|points? to|suggests?|is usually|are usually)\s+(?!that\b|caused\b|(?:avoiding|keeping|making|giving|using|taking|protecting|checking|adding)\b)([^,;.()]+)/gi;
const CAUSE_TAIL = /\s+(?:caused by|because|especially|which|when|if|in|on|at)\s.*$/i;
/** Headings of sections that are a cause in themselves ("Nitrogen deficiency", "Sunburn on leaves"). */
const CAUSE_HEADING =
  /\b(deficien\w*|damage|disease|stress|burn|scorch\w*|rot|mildew|blight|sunscald|sunburn|shock)\b/i;
/** Words of a cause's name that say what kind of trouble, not which: any note shares them. */
const KIND_OF_TROUBLE =
  "deficiency deficient shortage lack excess disease damage problem stress another";

/** Sentences that say what to do. */
const ACTION =
  /^(?:to fix|fix|treat|remove|water|feed|apply|add|use|spray|cut|pick|hand-pick|move|check|keep|mulch|repot|improve|give|(?:lower|raise)(?! leaves| leaf)|avoid|rotate|hose|cover|protect|stake|thin|pinch|space|sow|let|wipe|isolate|replace|drench|test|set|put|choose|clean|destroy|lift|trim|prune|switch|shade|flush|drain|reduce|increase|stop|try|pull|bag|strip|grow|plant|start|wait|scrape|release|spread|encourage|dig|slide|empty|tip)\b|\b(?:fix(?:es|ed)? it|treat(?:s|ed)? it|cure)\b|\b(?:quick|lasting|simple|best) fix\b/i;

interface Candidate {
  cause: IssueCause;
  /** Share of the description's words the evidence holds (0–1). */
  coverage: number;
  sources: Passage[];
}

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
const fold = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, " ")
    .trim();

/** Where a cause's name lists alternatives: "Overwatering or root rot", "Aphids and whitefly". */
const ALTERNATIVES = /\s+(?:or|and)\s+|,\s*/i;

/** "Overwatering or root rot" → ["overwatering", "root rot"], folded for comparing. */
function alternativesOf(name: string): string[] {
  return name
    .split(ALTERNATIVES)
    .map((part) => fold(part.replace(/^(?:another|other)\s+/i, "")))
    .filter(Boolean);
}

function firstSentences(text: string, count: number): string {
  return sentencesOf(text).slice(0, count).join(" ");
}

function actionsIn(text: string, all = false): string[] {
  const sentences = sentencesOf(text);
  return (all ? sentences : sentences.filter((s) => ACTION.test(s))).slice(0, MAX_ACTIONS);
}

/** What to do about a named cause: the remedy of the note that covers it, if one does. */
/** The remedy section of a topic note ("How to fix overwatering"), if it has one. */
function remedySection(knowledge: KnowledgeBase, slug: string): Passage | undefined {
  const entry = knowledge.entry("topic", slug);
  const heading = entry?.sections.find((section) => REMEDY_HEADING.test(section.heading))?.heading;
  return heading ? knowledge.section("topic", slug, heading) : undefined;
}

/** What to do about a named cause: the remedy of the note that covers it, if one does. */
function actionsFor(
  knowledge: KnowledgeBase,
  causeName: string,
  besides: string,
): { actions: string[]; source?: Passage } {
  // The note or section must be about the cause by name: every telling word of it or of one of
  // its alternatives ("Overwatering or root rot"). "Nitrogen shortage" takes the remedy of
  // "Nitrogen deficiency", but "Magnesium deficiency" not that of "Potassium deficiency".
  const generic = knowledge.termsOf(KIND_OF_TROUBLE);
  const alternatives = causeName
    .split(ALTERNATIVES)
    .map((part) => [...knowledge.termsOf(part)].filter((term) => !generic.has(term)))
    .filter((terms) => terms.length > 0);
  const about = (p: Passage) => {
    const titled = knowledge.termsOf(`${p.title} ${p.heading}`);
    return alternatives.some((terms) => terms.every((term) => titled.has(term)));
  };
  const hits = knowledge
    .search(causeName, { kind: "topic", limit: 5 })
    .filter(
      (p) => p.coverage >= 0.5 && p.slug !== besides && !NOT_PLANT_PROBLEMS.has(p.slug) && about(p),
    );
  for (const hit of hits) {
    const remedy = remedySection(knowledge, hit.slug);
    if (remedy) return { actions: actionsIn(remedy.text, true), source: remedy };
    const own = actionsIn(hit.text);
    if (own.length) return { actions: own, source: hit };
  }
  return { actions: [] };
}

/**
 * A section of a symptom guide as a cause: of what it says the symptoms point to ("… point to
 * overwatering"), the one whose sentence shares most words with the description, explained by
 * that sentence (the section's opening may be about another symptom); else the section itself
 * when its heading names a condition ("Nitrogen deficiency"), explained by its opening.
 */
function causeOfSection(
  knowledge: KnowledgeBase,
  passage: Passage,
  described: Set<string>,
): Candidate | null {
  let named: string | undefined;
  let namedIn = "";
  let best = -1;
  for (const sentence of sentencesOf(passage.text)) {
    for (const match of sentence.matchAll(POINTS_TO)) {
      // The symptoms are those of this clause: in "speckling means spider mites, and sticky
      // leaves mean aphids", sticky leaves point to aphids, not to spider mites.
      const before = sentence.slice(0, match.index);
      const from = Math.max(before.lastIndexOf(";"), before.lastIndexOf(", and "), 0);
      const terms = knowledge.termsOf(sentence.slice(from, match.index + match[0].length));
      const shared = [...described].filter((term) => terms.has(term)).length;
      const cause = match[1]?.replace(CAUSE_TAIL, "").trim();
      if (cause && cause.length <= 60 && shared > best) {
        named = cause;
        namedIn = sentence;
        best = shared;
      }
    }
  }
  const name = named
    ? capitalise(named)
    : CAUSE_HEADING.test(passage.heading)
      ? passage.heading.replace(/^(?:signs of|avoiding) /i, "")
      : null;
  // A general note's section (how much to water) names no cause.
  if (!name) return null;
  // The sentence that names the cause is its "why", not also its remedy.
  const own = actionsIn(passage.text).filter((action) => action !== namedIn);
  const linked = own.length ? { actions: own } : actionsFor(knowledge, name, passage.slug);
  return {
    cause: {
      name: capitalise(name),
      likelihood: "low",
      why: named ? namedIn : firstSentences(passage.text, 2),
      actions: linked.actions,
    },
    coverage: passage.coverage,
    sources: linked.source ? [passage, linked.source] : [passage],
  };
}

/** A pest, disease or disorder note as a cause: its title, how to recognise it, its remedy. */
function causeOfNote(knowledge: KnowledgeBase, found: Passage[]): Candidate | null {
  const best = found[0];
  if (!best) return null;
  const entry = knowledge.entry("topic", best.slug);
  const remedy = remedySection(knowledge, best.slug);
  if (!entry || !remedy) return null;
  const evidence =
    found.find((p) => !REMEDY_HEADING.test(p.heading) && !BACKGROUND_HEADING.test(p.heading)) ??
    knowledge.section("topic", best.slug, entry.sections[0]?.heading ?? "") ??
    best;
  return {
    cause: {
      name: entry.title,
      likelihood: "low",
      why: firstSentences(evidence.text, 2),
      actions: actionsIn(remedy.text, true),
    },
    coverage: best.coverage,
    sources: [evidence, remedy],
  };
}

/** Where a care sheet's problem line stops naming the problem and starts describing it. */
const NAME_END =
  /\s*[:(]|\s+(?:makes?|causes?|shows?|gathers?|clusters?|chews?|whitens?|blackens?|curls?|tunnels?|damages?|comes?|spreads?|eats?|leaves go|can)\b/i;

function shortName(text: string): string {
  const name = text.split(NAME_END)[0]?.trim() ?? text;
  if (name.length <= 60) return name;
  const cut = name.slice(0, 60);
  return cut.slice(0, cut.lastIndexOf(" ")) || cut;
}

/**
 * The crop's own known problems whose words meet the description. Care sheets write them as
 * "Early blight (spotted, yellowing lower leaves): remove …", "Downy mildew makes leaves yellow;
 * grow resistant varieties" or "Brown, crispy edges: dry air or underwatering": what follows the
 * first ";" (else ":") is the remedy only when it says what to do.
 */
function cropProblems(knowledge: KnowledgeBase, crop: Crop, described: Set<string>): Candidate[] {
  const section = knowledge.section("crop", crop.slug, "Common problems");
  if (!section || described.size === 0) return [];
  const found: Candidate[] = [];
  for (const line of section.text.split("\n")) {
    const bullet = /^\s*-\s+(.+?)\.?\s*$/.exec(line)?.[1];
    if (!bullet || /^toxicity\b/i.test(bullet)) continue;
    const terms = knowledge.termsOf(bullet);
    const shared = [...described].filter((term) => terms.has(term)).length;
    if (shared < Math.min(2, described.size)) continue;
    const at = bullet.includes(";") ? bullet.indexOf(";") : bullet.indexOf(":");
    const tail = at === -1 ? "" : bullet.slice(at + 1).trim();
    const remedy = ACTION.test(tail) ? tail : "";
    const diagnosis = remedy ? bullet.slice(0, at).trim() : bullet;
    // "Yellow pothos leaves: usually overwatering": the symptom, then its cause.
    const colon = diagnosis.indexOf(":");
    const cause =
      colon === -1
        ? ""
        : diagnosis
            .slice(colon + 1)
            .trim()
            .replace(/^(?:usually|often|mostly|caused by)\s+/i, "");
    const name = capitalise(cause && cause.length <= 40 ? cause : shortName(diagnosis));
    const symptoms = /^[^(]+\(([^)]+)\)$/.exec(diagnosis)?.[1];
    const linked = remedy
      ? { actions: [`${capitalise(remedy)}.`] }
      : actionsFor(knowledge, name, "");
    found.push({
      cause: {
        name,
        likelihood: "low",
        why: `${capitalise(symptoms ?? diagnosis)} (Tendril's ${crop.name.toLowerCase()} care notes).`,
        actions: linked.actions,
      },
      coverage: shared / described.size,
      sources: "source" in linked && linked.source ? [section, linked.source] : [section],
    });
  }
  return found;
}

function likelihoodAt(rank: number, coverage: number): IssueCause["likelihood"] {
  if (rank === 0) return coverage >= 0.75 ? "high" : "medium";
  if (rank <= 2 && coverage >= 0.75) return "medium";
  return "low";
}

const DESCRIBE_MORE =
  "Describe what you see: which leaves are affected (old or new), the colour and pattern (spots, " +
  "yellowing between the veins, holes, webbing, white powder), whether the soil is wet or dry, " +
  "and any insects under the leaves.";

/**
 * The built-in engine's issue analysis: causes from the knowledge base, not invented. A crop's
 * own known problems that match the symptoms come first, then pest, disease and disorder notes,
 * then what symptom guides (yellow leaves) say the symptoms point to; the remedy sections give the
 * actions.
 */
export function analyzeFromKnowledge(
  knowledge: KnowledgeBase,
  description: string,
  crop: Crop | null,
  plantLabel: string | null,
): Omit<IssueAnalysis, "engine"> {
  const vague = knowledge.termsOf(
    `${VAGUE} ${crop ? `${crop.name} ${crop.aliases.join(" ")}` : ""}`,
  );
  const described = new Set([...knowledge.termsOf(description)].filter((t) => !vague.has(t)));
  // A passage must hold two of the described words (or the one there is): "leaves are curling"
  // is not about yellow leaves.
  const speaksOf = (p: Passage) => {
    const terms = knowledge.termsOf(`${p.title} ${p.heading} ${p.text}`);
    const shared = [...described].filter((term) => terms.has(term)).length;
    return shared >= Math.min(2, described.size);
  };
  const query =
    crop && !fold(description).includes(fold(crop.name))
      ? `${description} ${crop.name}`
      : description;
  const found =
    described.size === 0
      ? []
      : knowledge
          .search(query, { kind: "topic", limit: 24 })
          .filter((p) => isRelevant(p) && !NOT_PLANT_PROBLEMS.has(p.slug) && speaksOf(p));
  const byNote = new Map<string, Passage[]>();
  for (const passage of found) {
    const list = byNote.get(passage.slug) ?? [];
    list.push(passage);
    byNote.set(passage.slug, list);
  }
  const candidates: Candidate[] = crop ? cropProblems(knowledge, crop, described) : [];
  let guide: Passage | undefined;
  for (const passages of byNote.values()) {
    const note = causeOfNote(knowledge, passages);
    if (note) {
      candidates.push(note);
      continue;
    }
    for (const passage of passages) {
      if (GUIDE_HEADING.test(passage.heading)) {
        guide ??= passage;
        continue;
      }
      if (BACKGROUND_HEADING.test(passage.heading)) continue;
      const cause = causeOfSection(knowledge, passage, described);
      if (cause) candidates.push(cause);
    }
  }
  const causes: Candidate[] = [];
  for (const candidate of candidates) {
    // "Early blight" from its note, or "Early blight or another leaf spot" from a guide, repeats
    // "Early blight and Septoria leaf spot" from the sheet.
    const names = alternativesOf(candidate.cause.name);
    const repeats = (other: string) =>
      names.some((name) => other.includes(name) || name.includes(other));
    if (causes.some((c) => alternativesOf(c.cause.name).some(repeats))) continue;
    causes.push(candidate);
    if (causes.length === MAX_CAUSES) break;
  }
  causes.forEach((c, rank) => {
    c.cause.likelihood = likelihoodAt(rank, c.coverage);
  });

  const used = [...causes.flatMap((c) => c.sources), ...(guide ? [guide] : [])];
  const sources = [...new Map(used.map((p) => [p.ref, passageSource(p)])).values()];
  if (causes.length === 0) {
    return {
      text: `I can't tell what is wrong from that description, and I'd rather not guess. ${DESCRIBE_MORE}`,
      sources: [],
      causes: [],
    };
  }
  const [first, ...others] = causes.map((c) => c.cause);
  const about = plantLabel ? ` of ${plantLabel}` : "";
  const lines = [
    `From your description${about}, the most likely cause is **${first?.name}**${
      others.length ? `; also possible: ${others.map((c) => c.name).join(", ")}` : ""
    }.`,
  ];
  const start = first?.actions.find((action) => ACTION.test(action)) ?? first?.actions[0];
  if (start) lines.push(`Start here: ${start}`);
  if (guide) lines.push(`To tell the causes apart: ${firstSentences(guide.text, 3)}`);
  else lines.push(`If none of these fits, tell me more. ${DESCRIBE_MORE}`);
  return { text: lines.join("\n\n"), sources, causes: causes.map((c) => c.cause) };
}
