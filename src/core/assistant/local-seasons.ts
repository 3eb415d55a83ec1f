import type { Hemisphere } from "../weather/season";

/**
 * Season words in a reply are northern by default: the knowledge base says "plant garlic in
 * autumn". A southern-hemisphere gardener gets each season's months beside its first mention,
 * "in autumn (March–May where you are)", so the timing holds for them as written.
 */
const SOUTHERN_MONTHS: Record<string, string> = {
  spring: "September–November",
  summer: "December–February",
  autumn: "March–May",
  fall: "March–May",
  winter: "June–August",
};

// A season as a time ("in autumn", "late spring", "over winter"), not "spring onions",
// "spring-flowering", "summer squash" or the verb "fall".
const SEASON_AS_TIME =
  /\b(in|by|until|till|from|through|during|over|before|after|late|early|mid|this|next|each|every|the|that|a|of) (spring|summer|autumn|fall|winter)\b(?![-–]| (onions?|greens|squash|cabbages?|bulbs?|savory|savoury|jasmine|heather|flowering))/gi;

export function withLocalSeasons(text: string, hemisphere: Hemisphere | null): string {
  if (hemisphere !== "south") return text;
  const named = new Set<string>();
  return text.replace(SEASON_AS_TIME, (phrase, _lead: string, season: string) => {
    const months = SOUTHERN_MONTHS[season.toLowerCase()] as string;
    if (named.has(months)) return phrase;
    named.add(months);
    return `${phrase} (${months} where you are)`;
  });
}
