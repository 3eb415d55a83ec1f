/**
 * Fences for text the model must treat as data. Anything a gardener typed (a message, a plant's
 * name or notes, a place) can contain instructions aimed at the model; the prompts put it between
 * tags and tell the model that what is inside is data, never instructions. These helpers stop the
 * text from closing its fence early or opening one of ours.
 */

/** Every tag the prompts use as a fence. */
export const FENCE_TAGS = [
  "gardener_message",
  "gardener_context",
  "knowledge",
  "facts",
  "understanding",
  "plant_request",
  "guide_request",
  "identification",
  "issue_report",
] as const;
export type FenceTag = (typeof FENCE_TAGS)[number];

const FENCE_TAG_PATTERN = new RegExp(`<\\s*/?\\s*(?:${FENCE_TAGS.join("|")})\\b[^>]*>?`, "gi");

/**
 * The text with look-alike brackets in any of our fence tags, so "</gardener_message>" typed by
 * a gardener reads as "‹/gardener_message›" and cannot end the fence. Other text is unchanged.
 */
export function defuse(text: string): string {
  return text.replace(FENCE_TAG_PATTERN, (tag) => tag.replaceAll("<", "‹").replaceAll(">", "›"));
}

/** The text inside `<tag>…</tag>`, defused. */
export function fence(tag: FenceTag, text: string): string {
  return `<${tag}>\n${defuse(text)}\n</${tag}>`;
}

/**
 * One line of free text (a name, a note, a task title) as a quoted JSON string: quotes and line
 * breaks are escaped, so it cannot pass for another line of the context. Long text is cut.
 */
export function quote(text: string, maxLength = 300): string {
  const oneLine = text.length > maxLength ? `${text.slice(0, maxLength)}…` : text;
  return JSON.stringify(defuse(oneLine));
}
